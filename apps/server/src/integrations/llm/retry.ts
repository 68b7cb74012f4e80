import { LlmError } from './llm-error.js';

export interface RetryPolicy {
  /** Total tries, the first included. */
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A Retry-After longer than this is not waited for: the error goes to the caller (a job can reschedule). */
  maxRetryAfterMs: number;
  /** Injected so tests do not wait. */
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Injected so tests get fixed jitter. Returns [0, 1). */
  random: () => number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 4,
  baseDelayMs: 1000,
  maxDelayMs: 30_000,
  maxRetryAfterMs: 120_000,
  sleep: abortableSleep,
  random: Math.random,
};

/** Waits for the delay the error asks for, or exponential back-off with full jitter. Undefined: give up. */
export function retryDelayMs(error: LlmError, failedAttempt: number, policy: RetryPolicy): number | undefined {
  if (!error.retryable || failedAttempt >= policy.maxAttempts) return undefined;
  if (error.retryAfterSeconds !== undefined) {
    const asked = error.retryAfterSeconds * 1000;
    return asked > policy.maxRetryAfterMs ? undefined : asked;
  }
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (failedAttempt - 1));
  // Full jitter spreads the retries of parallel section writers so they do not collide again.
  return Math.round(ceiling / 2 + (policy.random() * ceiling) / 2);
}

export interface RetryObserver {
  onRetry?: (error: LlmError, attempt: number, delayMs: number) => void;
}

/** Runs `call` until it succeeds or fails for good. `classify` turns any throw into an LlmError. */
export async function withRetry<T>(
  call: (attempt: number) => Promise<T>,
  classify: (error: unknown) => LlmError,
  policy: RetryPolicy,
  signal: AbortSignal | undefined,
  observer: RetryObserver = {},
): Promise<{ value: T; attempts: number }> {
  for (let attempt = 1; ; attempt++) {
    try {
      return { value: await call(attempt), attempts: attempt };
    } catch (thrown) {
      const error = classify(thrown);
      const delay = retryDelayMs(error, attempt, policy);
      if (delay === undefined || signal?.aborted) throw error;
      observer.onRetry?.(error, attempt, delay);
      await policy.sleep(delay, signal);
    }
  }
}

export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new LlmError('aborted', 'The generation was cancelled', { retryable: false }));
    const timer = setTimeout(done, ms);
    function done() {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }
    function onAbort() {
      clearTimeout(timer);
      reject(new LlmError('aborted', 'The generation was cancelled', { retryable: false }));
    }
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
