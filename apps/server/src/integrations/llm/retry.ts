import {
  nextRetryDelayMs,
  type RetryPolicy,
  withRetry as retryLoop,
  abortableSleep as sleepUnlessAborted,
} from '../../lib/backoff.js';
import { LlmError } from './llm-error.js';

export type { RetryPolicy } from '../../lib/backoff.js';

/**
 * The model call's transport retry (lib/backoff.ts): a model call changes nothing but the bill, so
 * it is repeated here; inside a pipeline unit this is one of the two layers (the runner's unit
 * retry is the other). In a failover chain only the last member keeps these tries (the registry
 * sets maxAttempts 1 on the others: a failing member hands the call on at once).
 */
export const LLM_TRANSPORT_RETRY: RetryPolicy = {
  maxAttempts: 4,
  baseDelayMs: 1000,
  maxDelayMs: 30_000,
  maxRetryAfterMs: 120_000,
  sleep: abortableSleep,
  random: Math.random,
};

/** Waits for the delay the error asks for, or exponential back-off with full jitter. Undefined: give up. */
export function retryDelayMs(error: LlmError, failedAttempt: number, policy: RetryPolicy): number | undefined {
  return nextRetryDelayMs(policy, error, failedAttempt) ?? undefined;
}

export interface RetryObserver {
  onRetry?: (error: LlmError, attempt: number, delayMs: number) => void;
}

/** Runs `call` until it succeeds or fails for good. `classify` turns any throw into an LlmError. */
export function withRetry<T>(
  call: (attempt: number) => Promise<T>,
  classify: (error: unknown) => LlmError,
  policy: RetryPolicy,
  signal: AbortSignal | undefined,
  observer: RetryObserver = {},
): Promise<{ value: T; attempts: number }> {
  return retryLoop(call, {
    policy,
    classify,
    signal,
    ...(observer.onRetry ? { onRetry: observer.onRetry } : {}),
  });
}

/** The shared abortable sleep, failing as a cancelled generation when the signal fires. */
export async function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  try {
    await sleepUnlessAborted(ms, signal);
  } catch {
    throw new LlmError('aborted', 'The generation was cancelled', { retryable: false });
  }
}
