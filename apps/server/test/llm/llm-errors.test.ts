import { APICallError, JSONParseError, LoadAPIKeyError } from 'ai';
import { describe, expect, it } from 'vitest';
import {
  classifyLlmError,
  LLM_TRANSPORT_RETRY,
  LlmError,
  retryAfterSeconds,
  retryDelayMs,
  withRetry,
} from '../../src/integrations/llm/index.js';

const apiError = (
  statusCode: number | undefined,
  responseBody = '',
  responseHeaders: Record<string, string> = {},
  cause?: unknown,
) =>
  new APICallError({
    message: 'call failed',
    url: 'http://x',
    requestBodyValues: {},
    statusCode,
    responseBody,
    responseHeaders,
    cause,
  });
const noContext = { timedOut: false, aborted: false };

describe('LLM error classification', () => {
  it.each([
    [apiError(401), 'auth', false],
    [apiError(403), 'auth', false],
    [apiError(429, '{"error":"slow down"}', { 'retry-after': '7' }), 'rate_limit', true],
    [apiError(429, '{"error":{"code":"insufficient_quota"}}'), 'rate_limit', false],
    [apiError(408), 'timeout', true],
    [apiError(500), 'server', true],
    [apiError(529), 'server', true],
    [apiError(400, '{"error":{"code":"content_filter"}}'), 'content_filter', false],
    [apiError(404, 'model not found'), 'bad_request', false],
    [apiError(undefined, '', {}, Object.assign(new Error('connect'), { code: 'ECONNREFUSED' })), 'network', true],
    [new JSONParseError({ text: '{', cause: new Error('x') }), 'bad_output', false],
    [new LoadAPIKeyError({ message: 'OPENAI_API_KEY missing' }), 'auth', false],
    [new TypeError('fetch failed'), 'network', true],
    [new Error('something odd'), 'unknown', false],
  ] as const)('%s → %s', (error, kind, retryable) => {
    expect(classifyLlmError(error, noContext)).toMatchObject({ kind, retryable });
  });

  it('prefers the call context: our timer is a timeout, the caller cancelling is an abort', () => {
    const abort = new DOMException('aborted', 'AbortError');
    expect(classifyLlmError(abort, { timedOut: true, aborted: false }).kind).toBe('timeout');
    expect(classifyLlmError(abort, { timedOut: false, aborted: true }).kind).toBe('aborted');
  });

  it('reads Retry-After as seconds, as an HTTP date, and retry-after-ms', () => {
    expect(retryAfterSeconds({ 'Retry-After': '12' })).toBe(12);
    expect(retryAfterSeconds({ 'retry-after-ms': '1500', 'retry-after': '9' })).toBe(1.5);
    expect(retryAfterSeconds({ 'retry-after': new Date(10_000).toUTCString() }, 4_000)).toBe(6);
    expect(retryAfterSeconds({})).toBeUndefined();
    expect(classifyLlmError(apiError(429, '', { 'retry-after': '3' }), noContext).retryAfterSeconds).toBe(3);
  });
});

describe('retry policy', () => {
  const policy = {
    ...LLM_TRANSPORT_RETRY,
    baseDelayMs: 1000,
    maxDelayMs: 5000,
    maxAttempts: 6,
    random: () => 1 - Number.EPSILON,
  };
  const retryable = new LlmError('server', 'x', { retryable: true });

  // Issue #34: full jitter, random(0, ceiling); the old half jitter answered 1000 for random 0 at attempt 2.
  it('backs off exponentially with full jitter, up to a ceiling', () => {
    expect([1, 2, 3, 4, 5].map((attempt) => retryDelayMs(retryable, attempt, policy))).toEqual([
      999, 1999, 3999, 4999, 4999,
    ]);
    expect(retryDelayMs(retryable, 2, { ...policy, random: () => 0 })).toBe(0);
  });

  it('honours Retry-After, gives up when it is too long, and never retries permanent errors', () => {
    expect(retryDelayMs(new LlmError('rate_limit', 'x', { retryable: true, retryAfterSeconds: 3 }), 1, policy)).toBe(
      3000,
    );
    expect(
      retryDelayMs(new LlmError('rate_limit', 'x', { retryable: true, retryAfterSeconds: 3600 }), 1, policy),
    ).toBeUndefined();
    expect(retryDelayMs(new LlmError('auth', 'x', { retryable: false }), 1, policy)).toBeUndefined();
    expect(retryDelayMs(retryable, 6, policy)).toBeUndefined();
  });

  it('runs until success and reports the attempts', async () => {
    const delays: number[] = [];
    let calls = 0;
    const result = await withRetry(
      async () => {
        if (++calls < 3) throw new Error('flaky');
        return 'done';
      },
      () => retryable,
      { ...policy, sleep: async (ms) => void delays.push(ms) },
      undefined,
    );
    expect(result).toEqual({ value: 'done', attempts: 3 });
    expect(delays).toHaveLength(2);
  });
});
