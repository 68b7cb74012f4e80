import {
  isLlmError,
  type LanguageModelProvider,
  type ObjectRequest,
  type ObjectResult,
  type TextRequest,
  type TextResult,
} from '../../integrations/llm/index.js';
import { currentUsageScope, type UsageScope } from './usage-scope.js';

/** One finished call, before it is priced. */
export interface MeteredCall {
  provider: string;
  model: string;
  inputTokens: number;
  outputTokens: number;
  estimated: boolean;
  durationMs: number;
  /** 'ok' or the LlmError kind. */
  outcome: string;
  error: string | null;
}

/** Prices and stores a call; answers its cost and the ledger row's id (null when storing failed). */
export interface UsageMeter {
  record(call: MeteredCall, scope: UsageScope): Promise<{ costNanos: number; rowId: Promise<number | null> }>;
}

// About four characters a token for English prose: what the ledger uses when a server reports no usage.
const CHARS_PER_TOKEN = 4;
const estimateTokens = (text: string): number => Math.ceil(text.length / CHARS_PER_TOKEN);

/**
 * A provider whose every call lands in the usage ledger, attributed to whatever the caller's
 * usage scope names (site, job, step, article). The call's own answer is never changed: a ledger
 * that cannot be written costs an operator a row, not an article.
 */
export class MeteredProvider implements LanguageModelProvider {
  constructor(
    private readonly inner: LanguageModelProvider,
    private readonly meter: UsageMeter,
  ) {}

  get providerId() {
    return this.inner.providerId;
  }
  get model() {
    return this.inner.model;
  }
  get isOffline() {
    return this.inner.isOffline;
  }

  generateText(request: TextRequest): Promise<TextResult> {
    return this.metered(
      request,
      () => this.inner.generateText(request),
      (result) => result.text,
    );
  }

  generateObject<T>(request: ObjectRequest<T>): Promise<ObjectResult<T>> {
    return this.metered(
      request,
      () => this.inner.generateObject(request),
      (result) => JSON.stringify(result.object) ?? '',
    );
  }

  private async metered<R extends Omit<TextResult, 'text'>>(
    request: TextRequest,
    call: () => Promise<R>,
    answerText: (result: R) => string,
  ): Promise<R> {
    const scope = currentUsageScope();
    const started = performance.now();
    const promptText = `${request.system ?? ''}${request.prompt}`;
    let result: R;
    try {
      result = await call();
    } catch (error) {
      // An unusable answer was still produced and billed, at the tokens the provider reported (else
      // estimated from the text); a refused or failed request was not.
      const rawText = isLlmError(error) ? error.rawText : undefined;
      const reported = isLlmError(error) ? error.usage : undefined;
      const answered = rawText !== undefined || reported !== undefined;
      const inputTokens = reported?.inputTokens ?? (answered ? estimateTokens(promptText) : 0);
      const outputTokens = reported?.outputTokens ?? (answered ? estimateTokens(rawText ?? '') : 0);
      await this.record(scope, {
        inputTokens,
        outputTokens,
        estimated: answered && (reported?.inputTokens === undefined || reported.outputTokens === undefined),
        durationMs: performance.now() - started,
        outcome: isLlmError(error) ? error.kind : 'unknown',
        error: error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500),
      });
      throw error;
    }
    const { inputTokens, outputTokens } = result.usage;
    await this.record(scope, {
      inputTokens: inputTokens ?? estimateTokens(promptText),
      outputTokens: outputTokens ?? estimateTokens(answerText(result)),
      estimated: inputTokens === undefined || outputTokens === undefined,
      durationMs: result.modelMs,
      outcome: 'ok',
      error: null,
    });
    return result;
  }

  private async record(scope: UsageScope, call: Omit<MeteredCall, 'provider' | 'model'>): Promise<void> {
    const full: MeteredCall = {
      ...call,
      durationMs: Math.round(call.durationMs),
      provider: this.providerId,
      model: this.model,
    };
    try {
      const { costNanos, rowId } = await this.meter.record(full, scope);
      scope.collector?.add(
        scope.step ?? 'other',
        {
          provider: full.provider,
          model: full.model,
          inputTokens: full.inputTokens,
          outputTokens: full.outputTokens,
          estimated: full.estimated,
          costNanos,
        },
        rowId,
      );
      // The row is written before the answer goes on: when the unit ends and releases its budget
      // reservation, its spend is in the ledger already: there is no moment when it counts nowhere.
      await rowId;
    } catch {
      // Pricing failed (the database is away): the call's answer still goes to the article.
    }
  }
}
