import { describe, expect, it } from 'vitest';
import { LLM_TRANSPORT_RETRY, LlmError, retryDelayMs } from '../../src/integrations/llm/index.js';
import { WORDPRESS_TRANSPORT_RETRY, WordPressError } from '../../src/integrations/wordpress/index.js';
import { nextDelayMs } from '../../src/integrations/wordpress/retry-policy.js';
import {
  abortableSleep,
  fullJitterDelayMs,
  nextRetryDelayMs,
  parseRetryAfter,
  type RetryPolicy,
  retryAfterDelayMs,
  withRetry,
} from '../../src/lib/backoff.js';

/** Random numbers from 0 to just under 1, in steps: what Math.random gives over many calls. */
const SPREAD = Array.from({ length: 1001 }, (_, i) => Math.min(i / 1000, 1 - Number.EPSILON));

describe('the one backoff: exponential with full jitter', () => {
  it('spreads a wait over the whole window, from near 0 to near the ceiling', () => {
    const backoff = { baseDelayMs: 1000, maxDelayMs: 30_000 };
    for (const [attempt, ceiling] of [
      [1, 1000],
      [3, 4000],
      [6, 30_000],
      [12, 30_000],
    ] as const) {
      const delays = SPREAD.map((r) => fullJitterDelayMs(backoff, attempt, () => r));
      expect(Math.min(...delays)).toBe(0);
      expect(Math.max(...delays)).toBeGreaterThanOrEqual(ceiling * 0.99);
      expect(Math.max(...delays)).toBeLessThan(ceiling);
    }
  });

  // The model client used half jitter (ceiling/2 + random·ceiling/2) while its comment said full:
  // its waits never went below half the ceiling, so parallel section writers retried bunched together.
  it('the model transport: waits reach below a tenth of the ceiling (half jitter never went below half)', () => {
    const policy = { ...LLM_TRANSPORT_RETRY, maxAttempts: 10 };
    const failure = new LlmError('server', 'busy', { retryable: true });
    const ceiling = 4000; // third failed attempt: 1 s · 2²
    const delays = SPREAD.map((r) => retryDelayMs(failure, 3, { ...policy, random: () => r })!);
    expect(Math.min(...delays)).toBeLessThan(ceiling / 10);
    expect(delays.filter((ms) => ms < ceiling / 2).length).toBeGreaterThan(SPREAD.length * 0.45);
    expect(Math.max(...delays)).toBeGreaterThanOrEqual(ceiling * 0.99);
    expect(Math.max(...delays)).toBeLessThan(ceiling);
  });

  it('the WordPress transport waits the same way', () => {
    const failure = new WordPressError('server_error', { message: 'busy', status: 503 });
    const delays = SPREAD.map((r) => nextDelayMs({ ...WORDPRESS_TRANSPORT_RETRY, random: () => r }, failure, 2)!);
    expect(Math.min(...delays)).toBe(0);
    expect(Math.max(...delays)).toBeGreaterThanOrEqual(600 * 0.99);
    expect(Math.max(...delays)).toBeLessThan(600);
  });

  it("honours a server's Retry-After up to the ceiling; beyond it the caller's layer reschedules", () => {
    const policy: RetryPolicy = { ...WORDPRESS_TRANSPORT_RETRY, maxRetryAfterMs: 30_000 };
    expect(nextRetryDelayMs(policy, { retryable: true, retryAfterSeconds: 12 }, 1)).toBe(12_000);
    expect(nextRetryDelayMs(policy, { retryable: true, retryAfterSeconds: 600 }, 1)).toBeNull();
    expect(nextRetryDelayMs(policy, { retryable: false, retryAfterSeconds: 1 }, 1)).toBeNull();
    expect(nextRetryDelayMs(policy, { retryable: true }, policy.maxAttempts)).toBeNull();
    expect(retryAfterDelayMs(0.5, 1000)).toBe(500);
    expect(parseRetryAfter('120', 0)).toBe(120);
    expect(parseRetryAfter('Sun, 22 Nov 2026 10:00:30 GMT', Date.parse('2026-11-22T10:00:00Z'))).toBe(30);
    expect(parseRetryAfter('soon')).toBeNull();
  });

  it('never repeats a call that is not safe to repeat, and stops a wait when cancelled', async () => {
    const slept: number[] = [];
    const policy: RetryPolicy = {
      ...WORDPRESS_TRANSPORT_RETRY,
      random: () => 0.5,
      sleep: async (ms) => void slept.push(ms),
    };
    let calls = 0;
    const failing = async () => {
      calls++;
      throw new WordPressError('server_error', { message: 'busy', status: 503 });
    };
    const classify = (thrown: unknown) => (thrown instanceof WordPressError ? thrown : null);
    await expect(withRetry(failing, { policy, classify, repeatable: false })).rejects.toThrow('busy');
    expect(calls).toBe(1);
    await expect(withRetry(failing, { policy, classify })).rejects.toThrow('busy');
    expect(calls).toBe(1 + policy.maxAttempts);
    expect(slept).toEqual([150, 300]);

    const cancel = new AbortController();
    const waiting = abortableSleep(60_000, cancel.signal);
    cancel.abort(new Error('cancelled'));
    await expect(waiting).rejects.toThrow('cancelled');
  });
});
