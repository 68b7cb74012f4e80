import { AsyncLocalStorage } from 'node:async_hooks';
import type { ModelCallSource } from './usage-types.js';

/** One model call as the Generation log shows it on its step. */
export interface StepUsage {
  provider: string;
  model: string;
  inputTokens: number;
  outputTokens: number;
  estimated: boolean;
  costNanos: number;
}

/**
 * The calls of one article while it is being written: kept in memory for its Generation log (per
 * step) and by row id, so the ledger's rows can name the article once it is stored.
 */
export class UsageCollector {
  private readonly byStep = new Map<string, StepUsage[]>();
  private readonly pendingIds: Promise<number | null>[] = [];

  add(step: string, usage: StepUsage, rowId: Promise<number | null>): void {
    const list = this.byStep.get(step) ?? [];
    list.push(usage);
    this.byStep.set(step, list);
    this.pendingIds.push(rowId);
  }

  /** What the calls of one step used, summed (a step retried after a refusal is one step per attempt). */
  takeStep(step: string): StepUsage | undefined {
    const calls = this.byStep.get(step);
    if (!calls?.length) return undefined;
    this.byStep.delete(step);
    return calls.reduce((sum, call) => ({
      ...call,
      inputTokens: sum.inputTokens + call.inputTokens,
      outputTokens: sum.outputTokens + call.outputTokens,
      estimated: sum.estimated || call.estimated,
      costNanos: sum.costNanos + call.costNanos,
    }));
  }

  /** The ledger rows written so far (waits for the inserts still under way). */
  async rowIds(): Promise<number[]> {
    const ids = await Promise.all(this.pendingIds);
    return ids.filter((id): id is number => id !== null);
  }
}

/** Who a model call works for: set by the article pipeline (per unit), the SEO suite and trend checks. */
export interface UsageScope {
  source?: ModelCallSource;
  siteId?: number | null;
  jobRef?: string | null;
  step?: string;
  collector?: UsageCollector;
}

const storage = new AsyncLocalStorage<UsageScope>();

/** Runs `work` with `scope` added to the current attribution (inner values win). */
export function withUsageScope<T>(scope: UsageScope, work: () => Promise<T>): Promise<T> {
  return storage.run({ ...storage.getStore(), ...scope }, work);
}

/** Names the step the model calls made inside `work` belong to. */
export function withUsageStep<T>(step: string, work: () => Promise<T>): Promise<T> {
  return withUsageScope({ step }, work);
}

export function currentUsageScope(): UsageScope {
  return storage.getStore() ?? {};
}
