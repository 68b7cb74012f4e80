import { GENERATION_FAILED_CODE, generationLogSchema, manualGenerateResponseSchema } from '@abp/contracts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useFakeWordPress } from '../articles/publish-helpers.js';
import { type FakeOpenAiServer, startFakeOpenAiServer } from '../llm/fake-openai-server.js';
import { writerReply } from '../llm/fake-writer.js';
import { instantRetry } from '../llm/helpers.js';
import { createSite } from '../sites/sites-helpers.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { closedPort } from '../wordpress/fake-server.js';
import { generate, manualPayload, storedGeneration } from './manual-helpers.js';

// The real AI SDK provider code, configured through the Settings API, against a local chat-completions server.
const KEY = 'sk-fake-provider-key';
const REFUSAL = "I'm sorry, but I can't help with that request.";

let server: FakeOpenAiServer;
beforeAll(async () => {
  server = await startFakeOpenAiServer({ apiKey: KEY });
});
afterAll(() => server.close());

let t: TestApp;
let cookie: string;
let siteId: number;
beforeEach(async () => {
  server.requests.length = 0;
  server.setHandler((request) => writerReply(request));
  t = await createTestApp();
  cookie = await t.login();
  useFakeWordPress(t);
  t.services.llmProviders.providerOptions = { retry: instantRetry().policy };
  siteId = (await createSite(t, cookie)).id;
});
afterEach(() => t.close());

const configure = async (settings: Record<string, unknown>) => {
  const res = await t.request({
    method: 'PUT',
    url: '/api/settings/llm',
    cookie,
    payload: { provider: 'openai-compatible', model: 'fake-model', timeout_ms: 5000, ...settings },
  });
  expect(res.statusCode).toBe(200);
};

describe('manual generation with a configured provider', () => {
  it('recovers from a refusal on the first attempt: attempts 2, refusal_recovered true', async () => {
    await configure({ base_url: server.baseUrl, api_key: KEY });
    server.setHandler((request, call) => (call === 1 ? { type: 'text', content: REFUSAL } : writerReply(request)));
    const res = await generate(
      t,
      cookie,
      manualPayload(siteId, 'Home security cameras', { includeImages: false, wordCount: 800 }),
    );
    expect(res.statusCode).toBe(200);
    const { data } = manualGenerateResponseSchema.parse(res.json());
    expect(data).toMatchObject({
      attempts: 2,
      refusal_recovered: true,
      refusal_matches: [REFUSAL],
      offline: false,
      status: 'draft',
    });
    expect(server.requests[0]?.authorization).toBe(`Bearer ${KEY}`);
    expect(server.requests[0]?.model).toBe('fake-model');

    const stored = await storedGeneration(t, data.article_id);
    expect(stored.article).toMatchObject({
      attempts: 2,
      refusalRecovered: true,
      refusalMatches: [REFUSAL],
      status: 'draft',
    });
    const log = generationLogSchema.parse(stored.log);
    expect(log.steps.slice(0, 2).map((s) => [s.step, s.status])).toEqual([
      ['plan outline', 'refused'],
      ['plan outline (attempt 2)', 'success'],
    ]);
  });

  it('holds the provider concurrency limit across articles generated at once', async () => {
    await configure({ base_url: server.baseUrl, api_key: KEY, concurrency: 1 });
    server.setLatency(20);
    try {
      const results = await Promise.all(
        ['Balcony tomatoes', 'Indoor herbs'].map((topic) =>
          generate(t, cookie, manualPayload(siteId, topic, { includeImages: false, wordCount: 600 })),
        ),
      );
      expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
      expect(server.maxInFlight).toBe(1);
    } finally {
      server.setLatency(0);
    }
  });

  it('stores a failed article and answers 422 with the classified reason when the key is wrong', async () => {
    await configure({ base_url: server.baseUrl, api_key: 'sk-wrong' });
    const res = await generate(t, cookie, manualPayload(siteId, 'Solar garden lights', { includeImages: false }));
    expect(res.statusCode).toBe(422);
    const body = res.json() as { error: string; code: string; details: { article_id: number; kind: string } };
    expect(body.code).toBe(GENERATION_FAILED_CODE);
    expect(body.error).toBe('The provider rejected the credentials (HTTP 401): Incorrect API key provided');
    expect(body.details.kind).toBe('auth');

    const stored = await storedGeneration(t, body.details.article_id);
    expect(stored.article).toMatchObject({
      status: 'failed',
      title: 'Solar garden lights',
      content: '',
      failureReason: body.error,
      siteId,
      origin: 'manual',
      targetWordCount: 800,
    });
    expect(generationLogSchema.parse(stored.log)).toMatchObject({
      status: 'failed',
      errors: [expect.objectContaining({ message: expect.stringContaining('HTTP 401') })],
    });
  });

  it('reports an unreachable model server as a network failure, never a 500', async () => {
    await configure({ base_url: `http://127.0.0.1:${await closedPort()}/v1` });
    const res = await generate(t, cookie, manualPayload(siteId, 'Garden irrigation timers', { includeImages: false }));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: GENERATION_FAILED_CODE, details: { kind: 'network' } });
    expect(res.json().error).toMatch(/^Cannot reach the model server: /);
  });

  it('stops at the deadline with a timeout reason and keeps the failed article', async () => {
    await configure({ base_url: server.baseUrl, api_key: KEY });
    server.setHandler(() => ({ type: 'hang' }));
    t.services.manualGeneration.deadlineMs = 300;
    const res = await generate(t, cookie, manualPayload(siteId, 'Slow topic', { includeImages: false }));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ details: { kind: 'timeout' } });
    expect(res.json().error).toMatch(
      /^The article took longer than \d+ seconds, the limit for one article from this screen/,
    );
    const stored = await storedGeneration(t, res.json().details.article_id);
    expect(stored.article.status).toBe('failed');
  });
});
