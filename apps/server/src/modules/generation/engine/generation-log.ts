import type { GenerationLog, GenerationLogStep, GenerationMethod } from '@abp/contracts';
import { currentUsageScope, type StepUsage, withUsageStep } from '../../usage/usage-scope.js';
import { nanosToUsd } from '../../usage/usage-types.js';

export interface LogSources {
  newsUrls: string[];
  groundingSources: string[];
}

/** Collects steps, errors and warnings during one generation and produces the spec's Generation log. */
export class GenerationLogBuilder {
  private readonly steps: GenerationLogStep[] = [];
  private readonly errors: string[] = [];
  private readonly warnings: string[] = [];
  private readonly started: number;

  constructor(
    private readonly method: GenerationMethod,
    private readonly sources: LogSources,
    private readonly now: () => number = () => performance.now(),
    /**
     * Whether the writer read the sources: a model gets them in its prompts; the offline writer
     * writes without them, so its log must not say the news was used (issue #18 item 11).
     */
    private readonly sourcesReachWriter = true,
  ) {
    this.started = now();
  }

  private readonly usages: StepUsage[] = [];

  /** Records a step; the model calls made under its name (withUsageStep) are shown on it. */
  record(step: string, status: GenerationLogStep['status'], durationMs: number, error: string | null = null): void {
    const usage = currentUsageScope().collector?.takeStep(step);
    if (usage) this.usages.push(usage);
    this.steps.push({
      step,
      status,
      duration: Math.round(durationMs),
      error,
      ...(usage ? { usage: stepUsageDto(usage) } : {}),
    });
  }

  /** Times `run` and records it as a step; a throw is recorded as failed and rethrown. */
  async step<T>(name: string, run: () => Promise<T>): Promise<T> {
    const started = this.now();
    try {
      const result = await withUsageStep(name, run);
      this.record(name, 'success', this.now() - started);
      return result;
    } catch (error) {
      this.record(name, 'failed', this.now() - started, error instanceof Error ? error.message : String(error));
      throw error;
    }
  }

  error(message: string): void {
    this.errors.push(message);
  }

  warn(message: string): void {
    if (!this.warnings.includes(message)) this.warnings.push(message);
  }

  finish(status: GenerationLog['status'], wordCount: number): GenerationLog {
    const failedSteps = this.steps.filter((s) => s.status === 'failed').length;
    return {
      status,
      method: this.method,
      duration: Math.round(this.now() - this.started),
      contentStats: { wordCount },
      sources: {
        newsUrls: [...this.sources.newsUrls],
        newsUrlsCount: this.sources.newsUrls.length,
        groundingSources: [...this.sources.groundingSources],
        groundingSourcesCount: this.sources.groundingSources.length,
      },
      steps: [...this.steps],
      summary: {
        totalSteps: this.steps.length,
        successfulSteps: this.steps.filter((s) => s.status === 'success').length,
        failedSteps,
        usedNewsContent: this.sourcesReachWriter && this.sources.newsUrls.length > 0,
        usedGroundedContent: this.sourcesReachWriter && this.sources.groundingSources.length > 0,
        hadErrors: this.errors.length > 0 || failedSteps > 0,
      },
      ...(this.usages.length > 0 ? { usage: totalUsage(this.usages) } : {}),
      errors: this.errors.map((message) => ({ message })),
      warnings: this.warnings.map((message) => ({ message })),
    };
  }
}

const stepUsageDto = (usage: StepUsage) => ({
  provider: usage.provider,
  model: usage.model,
  inputTokens: usage.inputTokens,
  outputTokens: usage.outputTokens,
  estimated: usage.estimated,
  costUsd: nanosToUsd(usage.costNanos),
});

function totalUsage(usages: readonly StepUsage[]): NonNullable<GenerationLog['usage']> {
  const costNanos = usages.reduce((sum, usage) => sum + usage.costNanos, 0);
  return {
    inputTokens: usages.reduce((sum, usage) => sum + usage.inputTokens, 0),
    outputTokens: usages.reduce((sum, usage) => sum + usage.outputTokens, 0),
    estimated: usages.some((usage) => usage.estimated),
    costUsd: nanosToUsd(costNanos),
    models: [...new Set(usages.map((usage) => `${usage.provider}/${usage.model}`))],
  };
}
