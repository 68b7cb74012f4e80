/**
 * The one backoff of the app (issue #34; DESIGN §4.12). Two layers retry, never more on one call
 * path: an integration's transport retry of an idempotent request (a WordPress read or update, a
 * model call) and the article pipeline's retry of a unit of work. Both wait with this module:
 * exponential back-off with full jitter, a server's Retry-After honoured up to a ceiling, and
 * sleeps a cancellation cuts short. docs/architecture.md "Retries" has the table of who retries what.
 */

/** The exponential part: failed attempt n may wait up to min(maxDelayMs, baseDelayMs · 2^(n-1)). */
export interface Backoff {
  baseDelayMs: number;
  maxDelayMs: number;
}

/** How a transport retries one call. The pipeline's unit retry has its own numbers (production-runner.ts). */
export interface RetryPolicy extends Backoff {
  /** Total tries, the first included (1: no retry). */
  maxAttempts: number;
  /** A Retry-After longer than this is not waited for: the failure goes to the caller, whose own layer may reschedule. */
  maxRetryAfterMs: number;
  /** Injected so tests get fixed jitter. Returns [0, 1). */
  random: () => number;
  /** Injected so tests do not wait. Rejects when the signal fires. */
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** What a retry needs to know of a failure. */
export interface RetryableFailure {
  retryable: boolean;
  /** The server's Retry-After, in seconds (null or undefined: it named none). */
  retryAfterSeconds?: number | null | undefined;
}

/**
 * "Full jitter" (AWS architecture blog, "Exponential Backoff And Jitter"): a uniform wait between 0
 * and the exponential ceiling, so many workers that failed together spread over the whole window
 * instead of retrying in lockstep (half jitter, ceiling/2 + random·ceiling/2, keeps them bunched
 * in the upper half).
 */
export function fullJitterDelayMs(backoff: Backoff, failedAttempt: number, random: () => number): number {
  const ceiling = Math.min(backoff.maxDelayMs, backoff.baseDelayMs * 2 ** Math.max(0, failedAttempt - 1));
  return Math.floor(random() * ceiling);
}

/** A Retry-After in ms, or null when it asks for longer than `maxMs` (not worth blocking for: the caller reschedules). */
export function retryAfterDelayMs(retryAfterSeconds: number, maxMs: number): number | null {
  const asked = Math.max(0, retryAfterSeconds * 1000);
  return asked > maxMs ? null : Math.round(asked);
}

/** How long to wait before the next try of a failed call, or null to stop (permanent, out of tries, or a wait too long). */
export function nextRetryDelayMs(policy: RetryPolicy, failure: RetryableFailure, failedAttempt: number): number | null {
  if (!failure.retryable || failedAttempt >= policy.maxAttempts) return null;
  if (failure.retryAfterSeconds !== undefined && failure.retryAfterSeconds !== null)
    return retryAfterDelayMs(failure.retryAfterSeconds, policy.maxRetryAfterMs);
  return fullJitterDelayMs(policy, failedAttempt, policy.random);
}

/** Retry-After is either delay-seconds or an HTTP date (RFC 9110 §10.2.3); null when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return null;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

/** Waits `ms`; rejects with the signal's reason as soon as it fires (a cancelled run does not sit out a back-off). */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortReason(signal));
    const timer = setTimeout(done, ms);
    function done() {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }
    function onAbort() {
      clearTimeout(timer);
      reject(abortReason(signal!));
    }
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted', 'AbortError');
}

export interface RetryLoop<F extends RetryableFailure> {
  policy: RetryPolicy;
  /** Turns whatever was thrown into a failure the policy can judge; null: rethrow it as it is, untried. */
  classify: (thrown: unknown) => F | null;
  /** False: this call is not safe to repeat (a create), so no failure of it is retried here. Default true. */
  repeatable?: boolean;
  signal?: AbortSignal | undefined;
  onRetry?: (failure: F, failedAttempt: number, delayMs: number) => void;
}

/** Runs `call` until it succeeds or the policy stops; throws the last classified failure. */
export async function withRetry<T, F extends RetryableFailure>(
  call: (attempt: number) => Promise<T>,
  loop: RetryLoop<F>,
): Promise<{ value: T; attempts: number }> {
  for (let attempt = 1; ; attempt++) {
    try {
      return { value: await call(attempt), attempts: attempt };
    } catch (thrown) {
      const failure = loop.classify(thrown);
      if (failure === null) throw thrown;
      const delay = loop.repeatable === false ? null : nextRetryDelayMs(loop.policy, failure, attempt);
      if (delay === null || loop.signal?.aborted) throw failure;
      loop.onRetry?.(failure, attempt, delay);
      await loop.policy.sleep(delay, loop.signal);
    }
  }
}
