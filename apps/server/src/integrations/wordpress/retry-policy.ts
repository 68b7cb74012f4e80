import type { WordPressError } from './errors.js';

export interface RetryPolicy {
  /** Total tries including the first one. */
  maxAttempts: number;
  /** Exponential backoff: attempt n waits random(0, min(maxDelayMs, baseDelayMs * 2^(n-1))). */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A server's Retry-After is honoured up to this; beyond it we give up and report it instead. */
  maxRetryAfterMs: number;
  /** Injectable so tests can make jitter deterministic. */
  random: () => number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 3,
  baseDelayMs: 300,
  maxDelayMs: 5_000,
  maxRetryAfterMs: 30_000,
  random: Math.random,
};

/**
 * How long to wait before the next try, or null to stop. "Full jitter" (AWS architecture blog):
 * many workers posting to one host spread out instead of retrying in lockstep.
 */
export function nextDelayMs(policy: RetryPolicy, error: WordPressError, attempt: number): number | null {
  if (!error.retryable || attempt >= policy.maxAttempts) return null;
  if (error.retryAfterSeconds !== null) {
    const wanted = error.retryAfterSeconds * 1000;
    // A host asking for minutes is better served by rescheduling the job than by a blocked worker.
    return wanted > policy.maxRetryAfterMs ? null : wanted;
  }
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.floor(policy.random() * ceiling);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
