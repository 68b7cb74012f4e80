import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  AiSdkProvider,
  createLanguageModelProvider,
  LlmError,
  llmConfigSchema,
  probeProvider,
} from '../../src/integrations/llm/index.js';
import { type FakeOpenAiServer, startFakeOpenAiServer } from './fake-openai-server.js';
import { writerReply } from './fake-writer.js';
import { instantRetry, providerFor } from './helpers.js';

// The real AI SDK providers (openai-compatible and openai.chat) against a local chat-completions server.
let server: FakeOpenAiServer;
beforeAll(async () => {
  server = await startFakeOpenAiServer({ apiKey: 'test-key' });
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  server.setHandler((request) => writerReply(request));
});

const expectLlmError = async (promise: Promise<unknown>): Promise<LlmError> => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LlmError);
  return error as LlmError;
};

describe.each([false, true])('chat completions (stream: %s)', (stream) => {
  it('answers through openai-compatible', async () => {
    const provider = providerFor(server.baseUrl, { stream });
    const result = await provider.generateText({ prompt: 'Can you write?', system: 'Be brief.' });
    expect(result.text).toBe('Yes, I can write clear, well-structured blog articles.');
    expect(result.finishReason).toBe('stop');
    expect(result.transportAttempts).toBe(1);
    expect(server.requests[0]).toMatchObject({ path: '/v1/chat/completions', stream, model: 'fake-model' });
    expect(server.requests[0]?.messages[0]).toEqual({ role: 'system', content: 'Be brief.' });
  });

  it('answers through openai.chat on chat completions, not the Responses API', async () => {
    const provider = providerFor(server.baseUrl, { provider: 'openai', stream });
    const result = await provider.generateText({ prompt: 'Can you write?' });
    expect(result.text).toContain('I can write');
    expect(server.requests[0]?.path).toBe('/v1/chat/completions');
  });

  it('retries a 429 after the Retry-After it was given', async () => {
    const retry = instantRetry();
    const provider = providerFor(server.baseUrl, { stream }, retry.policy);
    server.setHandler((request, call) =>
      call === 1
        ? {
            type: 'error',
            status: 429,
            headers: { 'retry-after': '2' },
            body: { error: { message: 'Rate limit reached', type: 'requests' } },
          }
        : writerReply(request),
    );
    const result = await provider.generateText({ prompt: 'Can you write?' });
    expect(result.text).toContain('I can write');
    expect(result.transportAttempts).toBe(2);
    expect(retry.delays).toEqual([2000]);
  });
});

describe('error classification against the server', () => {
  it('classifies a hung call as timeout, retries it, then gives up', async () => {
    server.setHandler(() => ({ type: 'hang' }));
    const retry = instantRetry({ maxAttempts: 2 });
    const provider = providerFor(server.baseUrl, { timeoutMs: 150 }, retry.policy);
    const error = await expectLlmError(provider.generateText({ prompt: 'hello' }));
    expect(error.kind).toBe('timeout');
    expect(error.retryable).toBe(true);
    expect(server.requests).toHaveLength(2);
  });

  it('classifies a wrong key as auth and does not retry', async () => {
    const provider = providerFor(server.baseUrl, { apiKey: 'wrong' });
    const error = await expectLlmError(provider.generateText({ prompt: 'hello' }));
    expect(error).toMatchObject({ kind: 'auth', retryable: false, status: 401 });
    expect(server.requests).toHaveLength(1);
  });

  it('retries server errors with exponential back-off', async () => {
    server.setHandler((request, call) => (call < 3 ? { type: 'error', status: 503 } : writerReply(request)));
    const retry = instantRetry({ maxAttempts: 3, baseDelayMs: 100 });
    const result = await providerFor(server.baseUrl, {}, retry.policy).generateText({ prompt: 'hello' });
    expect(result.transportAttempts).toBe(3);
    // random() is 0.5: full jitter waits half the ceiling, for ceilings 100 and 200 (issue #34; half jitter waited 75, 150).
    expect(retry.delays).toEqual([50, 100]);
  });

  it('reports an exhausted quota as a rate limit that is not worth retrying', async () => {
    server.setHandler(() => ({
      type: 'error',
      status: 429,
      body: { error: { message: 'You exceeded your current quota', code: 'insufficient_quota' } },
    }));
    const error = await expectLlmError(providerFor(server.baseUrl).generateText({ prompt: 'hello' }));
    expect(error).toMatchObject({ kind: 'rate_limit', retryable: false });
    expect(server.requests).toHaveLength(1);
  });

  it('classifies a content-filter refusal from the provider', async () => {
    server.setHandler(() => ({ type: 'text', content: '', finishReason: 'content_filter' }));
    const error = await expectLlmError(providerFor(server.baseUrl).generateText({ prompt: 'hello' }));
    expect(error.kind).toBe('content_filter');
  });

  it('classifies an unreachable server as network', async () => {
    const error = await expectLlmError(
      providerFor('http://127.0.0.1:9/v1', {}, instantRetry({ maxAttempts: 2 }).policy).generateText({
        prompt: 'hello',
      }),
    );
    expect(error).toMatchObject({ kind: 'network', retryable: true });
  });

  it('classifies malformed structured output as bad_output and keeps the raw text', async () => {
    server.setHandler(() => ({ type: 'text', content: 'Here is your outline: {title: oops' }));
    const schema = z.object({ title: z.string() });
    const error = await expectLlmError(
      providerFor(server.baseUrl).generateObject({ prompt: 'outline please', schema }),
    );
    expect(error.kind).toBe('bad_output');
    expect(error.rawText).toContain('{title: oops');
  });

  it('keeps the usage the server reported for an answer that could not be used (issue #31)', async () => {
    server.reportedUsage.length = 0;
    server.setHandler(() => ({ type: 'text', content: 'Here is your outline: {title: oops' }));
    const unusable = await expectLlmError(
      providerFor(server.baseUrl).generateObject({ prompt: 'outline please', schema: z.object({ title: z.string() }) }),
    );
    expect(unusable.kind).toBe('bad_output');
    expect(unusable.usage).toEqual({
      inputTokens: server.reportedUsage[0]!.promptTokens,
      outputTokens: server.reportedUsage[0]!.completionTokens,
    });
    server.setHandler(() => ({ type: 'text', content: '  ' }));
    const empty = await expectLlmError(providerFor(server.baseUrl).generateText({ prompt: 'write please' }));
    expect(empty.kind).toBe('bad_output');
    expect(empty.usage).toEqual({ inputTokens: server.reportedUsage[1]!.promptTokens, outputTokens: 1 });
  });

  it('returns structured output validated by the schema', async () => {
    server.setHandler(() => ({ type: 'text', content: '{"title":"Hello"}' }));
    const result = await providerFor(server.baseUrl).generateObject({
      prompt: 'outline please',
      schema: z.object({ title: z.string() }),
    });
    expect(result.object).toEqual({ title: 'Hello' });
    expect(server.requests[0]?.responseFormat).toBe('json_object');
  });

  it('stops when the caller aborts', async () => {
    server.setHandler(() => ({ type: 'hang' }));
    const controller = new AbortController();
    const pending = providerFor(server.baseUrl).generateText({ prompt: 'hello', signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const error = await expectLlmError(pending);
    expect(error).toMatchObject({ kind: 'aborted', retryable: false });
  });
});

describe('concurrency limit', () => {
  it('never has more calls in flight than the configured concurrency', async () => {
    const limited = await startFakeOpenAiServer({ latencyMs: 40 });
    try {
      const provider = providerFor(limited.baseUrl, { concurrency: 2, apiKey: undefined });
      await Promise.all(Array.from({ length: 6 }, () => provider.generateText({ prompt: 'hello' })));
      expect(limited.maxInFlight).toBe(2);
      expect(limited.requests).toHaveLength(6);
    } finally {
      await limited.close();
    }
  });
});

describe('provider factory and probe', () => {
  it('builds the offline writer by default and remote adapters on request', () => {
    expect(createLanguageModelProvider({}).isOffline).toBe(true);
    const remote = createLanguageModelProvider({ provider: 'anthropic', apiKey: 'k', model: 'claude-x' });
    expect(remote).toBeInstanceOf(AiSdkProvider);
    expect(remote.model).toBe('claude-x');
    expect(createLanguageModelProvider({ provider: 'google', apiKey: 'k' }).providerId).toBe('google');
    expect(() => createLanguageModelProvider({ provider: 'openai-compatible' })).toThrow(/LLM_BASE_URL/);
    expect(llmConfigSchema.parse({}).concurrency).toBe(4);
  });

  it('probe gives a short live answer or the classified error', async () => {
    const ok = await probeProvider(providerFor(server.baseUrl));
    expect(ok).toMatchObject({
      ok: true,
      provider: 'openai-compatible',
      answer: expect.stringContaining('I can write'),
    });
    const failed = await probeProvider(providerFor(server.baseUrl, { apiKey: 'nope' }));
    expect(failed).toMatchObject({ ok: false, kind: 'auth' });
  });
});
