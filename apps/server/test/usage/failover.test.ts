import type { FallbackProviders, ProviderHealth } from '@abp/contracts';
import { asc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { articles, modelCalls } from '../../src/db/schema/index.js';
import { DEFAULT_COOLDOWN } from '../../src/integrations/llm/index.js';
import { LlmProviderRegistry } from '../../src/modules/settings/llm-provider-registry.js';
import { ProviderHealthRepository } from '../../src/modules/settings/provider-health.repository.js';
import { useFakeWordPress } from '../articles/publish-helpers.js';
import { bulkArticles, bulkPayload, isFinal, startedJob, waitForJob } from '../bulk-jobs/bulk-helpers.js';
import { type FakeAnthropicServer, startFakeAnthropicServer } from '../llm/fake-anthropic-server.js';
import { type FakeOpenAiServer, type FakeReply, startFakeOpenAiServer } from '../llm/fake-openai-server.js';
import { writerReply } from '../llm/fake-writer.js';
import { instantRetry } from '../llm/helpers.js';
import { setNextPostAt } from '../scheduler/scheduler-fixtures.js';
import { createSite } from '../sites/sites-helpers.js';
import { createTestApp, type TestApp, waitFor } from '../test-app.js';

// Issue #16 part 3: an OpenAI-compatible main provider failing over to an Anthropic-shaped fallback.
let main: FakeOpenAiServer;
let fallback: FakeAnthropicServer;
let t: TestApp;
let cookie: string;
let siteId: number;
let now: number;

const outage: Record<string, FakeReply> = {
  'a rate limit (429 with Retry-After)': {
    type: 'error',
    status: 429,
    headers: { 'retry-after': '60' },
    body: { error: { message: 'Rate limit reached for requests', type: 'requests', code: 'rate_limit_exceeded' } },
  },
  'a spent quota': {
    type: 'error',
    status: 429,
    body: {
      error: {
        message: 'You exceeded your current quota, please check your plan and billing details.',
        type: 'insufficient_quota',
        code: 'insufficient_quota',
      },
    },
  },
  'a server error (500)': {
    type: 'error',
    status: 500,
    body: { error: { message: 'The server had an error while processing your request.', type: 'server_error' } },
  },
  'a timeout': { type: 'hang' },
  'a refusal by its content filter': {
    type: 'text',
    content: 'I cannot help with that.',
    finishReason: 'content_filter',
  },
};

async function health(): Promise<ProviderHealth['providers']> {
  return (await t.request({ method: 'GET', url: '/api/settings/llm/health', cookie })).json<ProviderHealth>().providers;
}

async function writeOne(topic: string) {
  const jobId = await startedJob(t, cookie, bulkPayload(siteId, [topic], { postToWordPress: false }));
  return (await waitForJob(t, cookie, jobId, isFinal, 60_000)).job;
}

beforeEach(async () => {
  main = await startFakeOpenAiServer();
  fallback = await startFakeAnthropicServer({ apiKey: 'anthropic-key' });
  t = await createTestApp({
    config: {
      llm: {
        provider: 'openai-compatible',
        model: 'fake-model',
        baseUrl: main.baseUrl,
        apiKey: 'test-key',
        timeoutMs: 1500,
        concurrency: 2,
        stream: false,
      },
    },
  });
  t.services.llmProviders.providerOptions = { retry: instantRetry({ maxAttempts: 1 }).policy };
  now = Date.parse('2026-11-26T10:00:00Z');
  t.services.llmProviders.cooldownPolicy = { ...DEFAULT_COOLDOWN, now: () => now };
  cookie = await t.login();
  useFakeWordPress(t);
  siteId = (await createSite(t, cookie)).id;
  const saved = await t.request({
    method: 'PUT',
    url: '/api/settings/llm/fallbacks',
    cookie,
    payload: {
      fallbacks: [
        {
          provider: 'anthropic',
          model: 'fake-claude',
          base_url: fallback.baseUrl,
          api_key: 'anthropic-key',
          concurrency: 2,
        },
      ],
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
});

afterEach(async () => {
  await t.close();
  await main.close();
  await fallback.close();
});

describe('providers that fail over', () => {
  it.each(Object.entries(outage))(
    'on %s the article is written by the fallback, and the ledger says who wrote what',
    async (_name, reply) => {
      main.setHandler(() => reply);
      const job = await writeOne('Winter pruning');
      expect(job.progress.successful).toBe(1);
      const [article] = await bulkArticles(t);
      expect(article!.content).toContain('<h2>');
      const calls = await t.ctx.handle.db.select().from(modelCalls).orderBy(asc(modelCalls.id));
      // The main provider was asked, refused, and everything after went to the fallback.
      expect(calls[0]).toMatchObject({
        provider: 'openai-compatible',
        outcome: expect.not.stringMatching(/^ok$/),
        costNanos: 0,
      });
      const answered = calls.filter((call) => call.outcome === 'ok');
      expect(answered.length).toBe(fallback.requests.length);
      expect(
        answered.every(
          (call) => call.provider === 'anthropic' && call.model === 'fake-claude' && call.articleId === article!.id,
        ),
      ).toBe(true);
      // Its usage is Anthropic's own counts.
      expect(answered.reduce((sum, call) => sum + call.inputTokens, 0)).toBe(
        fallback.reportedUsage.reduce((sum, usage) => sum + usage.promptTokens, 0),
      );
      const log = (await t.request({ method: 'GET', url: `/api/generation-logs/${article!.id}`, cookie })).json<{
        usage: { models: string[] };
      }>();
      expect(log.usage.models).toEqual(['anthropic/fake-claude']);
    },
  );

  it('hands a step to the fallback when the main provider refuses it in words twice, and keeps it for the steps it answers', async () => {
    const refusal = "I'm sorry, but I can't help with that request.";
    // The main provider will not plan the outline (asked, then asked again with a recovery prompt);
    // it writes everything else.
    main.setHandler((request) =>
      request.prompt.includes('Answer with a JSON object only')
        ? { type: 'text', content: refusal }
        : writerReply(request),
    );
    const job = await writeOne('Winter pruning');
    expect(job.progress.successful).toBe(1);
    const [article] = await bulkArticles(t);
    expect(main.requests.filter((request) => request.prompt.includes('Answer with a JSON object only'))).toHaveLength(
      2,
    );
    expect(fallback.requests).toHaveLength(1);
    expect(fallback.requests[0]!.prompt).toMatch(/^Your previous answer did not deliver the requested content/);
    const log = (await t.request({ method: 'GET', url: `/api/generation-logs/${article!.id}`, cookie })).json<{
      steps: { step: string; status: string; error: string | null; usage?: { provider: string } }[];
    }>();
    const outline = log.steps.filter((step) => step.step.startsWith('plan outline'));
    expect(outline.map((step) => [step.step, step.status, step.usage?.provider])).toEqual([
      ['plan outline', 'refused', 'openai-compatible'],
      ['plan outline (attempt 2)', 'refused', 'openai-compatible'],
      ['plan outline (attempt 3)', 'success', 'anthropic'],
    ]);
    expect(outline[1]!.error).toContain(
      'openai-compatible/fake-model refused 2 times: the next provider takes the step',
    );
    // A refusal is no outage: the main provider stays healthy and writes the sections.
    expect((await health())[0]).toMatchObject({ state: 'healthy' });
    expect(
      log.steps
        .filter((step) => step.step.startsWith('write section'))
        .every((step) => step.usage?.provider === 'openai-compatible'),
    ).toBe(true);
  });

  it('gives up on a step every provider refused twice', async () => {
    const refusal = 'I cannot assist with this request.';
    main.setHandler(() => ({ type: 'text', content: refusal }));
    fallback.setHandler(() => ({ type: 'text', content: refusal }));
    const job = await writeOne('Winter pruning');
    expect(job.progress.failed).toBe(1);
    expect(main.requests).toHaveLength(2);
    expect(fallback.requests).toHaveLength(2);
  });

  it('skips a rate-limited provider for what its Retry-After asked, then goes back to it', async () => {
    main.setHandler(() => outage['a rate limit (429 with Retry-After)']!);
    expect((await writeOne('Winter pruning')).progress.successful).toBe(1);
    const askedDuringOutage = main.requests.length;
    const [mainState, fallbackState] = await health();
    expect(mainState).toMatchObject({
      position: 0,
      provider: 'openai-compatible',
      state: 'cooling_down',
      cooling_until: new Date(now + 60_000).toISOString(),
      last_error: expect.stringMatching(/^rate_limit: /),
    });
    expect(fallbackState).toMatchObject({
      position: 1,
      provider: 'anthropic',
      model: 'fake-claude',
      state: 'healthy',
      calls_failed: 0,
    });
    expect(fallbackState!.calls_ok).toBeGreaterThan(0);

    // Still cooling down: the main provider is not asked at all.
    expect((await writeOne('Spring planting')).progress.successful).toBe(1);
    expect(main.requests.length).toBe(askedDuringOutage);

    // A minute later it answers again: it is tried first, and healthy.
    now += 61_000;
    main.setHandler((request) => writerReply(request));
    const before = fallback.requests.length;
    expect((await writeOne('Summer watering')).progress.successful).toBe(1);
    expect(fallback.requests.length).toBe(before);
    expect((await health())[0]).toMatchObject({ state: 'healthy', cooling_until: null });
  });

  it('shares a provider’s health between processes: a cool-down a worker started holds here, and Settings shows what the worker met', async () => {
    // A worker process: its own providers over the same database.
    const worker = new LlmProviderRegistry(
      t.services.llmSettings,
      undefined,
      t.services.llmFallbacks,
      new ProviderHealthRepository(t.ctx.handle.db),
    );
    worker.providerOptions = { retry: instantRetry({ maxAttempts: 1 }).policy };
    worker.cooldownPolicy = { ...DEFAULT_COOLDOWN, now: () => now };
    main.setHandler(() => outage['a rate limit (429 with Retry-After)']!);
    fallback.setHandler(() => ({ type: 'text', content: 'Hello from the fallback.' }));
    const answer = await (await worker.current()).generateText({ prompt: 'Say hello.' });
    expect(answer.text).toBe('Hello from the fallback.');
    await worker.health(); // its outcomes are written

    // This process has made no call, yet shows the worker's view.
    const [mainState, fallbackState] = await health();
    expect(mainState).toMatchObject({
      state: 'cooling_down',
      cooling_until: new Date(now + 60_000).toISOString(),
      last_error: expect.stringMatching(/^rate_limit: /),
      calls_ok: 0,
      calls_failed: 1,
    });
    expect(fallbackState).toMatchObject({ state: 'healthy', calls_ok: 1, calls_failed: 0 });

    // And skips the provider the worker saw cooling down, without asking it.
    main.setHandler((request) => writerReply(request));
    fallback.setHandler((request) => writerReply(request));
    const asked = main.requests.length;
    expect((await writeOne('Winter pruning')).progress.successful).toBe(1);
    expect(main.requests.length).toBe(asked);
    // The counts add up over both processes.
    const [, fallbackAfter] = await health();
    expect(fallbackAfter!.calls_ok).toBe(fallback.requests.length);
  });

  it('keeps trying a provider after one server error, and cools it down after two in a row', async () => {
    main.setHandler((request) =>
      request.prompt.includes('Answer with a JSON object only')
        ? outage['a server error (500)']!
        : writerReply(request),
    );
    expect((await writeOne('Winter pruning')).progress.successful).toBe(1);
    // The outline failed over; the sections went to the main provider again, which answered.
    expect((await health())[0]).toMatchObject({ state: 'healthy' });
    main.setHandler(() => outage['a server error (500)']!);
    expect((await writeOne('Spring planting')).progress.successful).toBe(1);
    expect((await health())[0]).toMatchObject({
      state: 'cooling_down',
      cooling_until: new Date(now + 30_000).toISOString(),
    });
  });

  it('lets a blog configuration write with its own provider list (issue #16: a cheap model for one site, a premium one for another)', async () => {
    const fallbackId = (
      await t.request({ method: 'GET', url: '/api/settings/llm/fallbacks', cookie })
    ).json<FallbackProviders>().fallbacks[0]!.id;
    const body = {
      site_id: siteId,
      topics: ['Rose pruning'],
      posting_interval_min: 1,
      posting_interval_max: 2,
      max_posts_per_day: 5,
      post_status: 'draft',
      is_active: true,
      word_count: 500,
    };
    const unknown = await t.request({
      method: 'POST',
      url: '/api/config',
      cookie,
      payload: { ...body, providers: ['main', 'no-such-provider'] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatch(/providers\.1.*not a provider of Settings/);
    const created = await t.request({
      method: 'POST',
      url: '/api/config',
      cookie,
      payload: { ...body, providers: [fallbackId] },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ providers: [fallbackId] });
    await setNextPostAt(t, created.json<{ id: number }>().id, new Date(Date.now() - 60_000));
    expect((await t.services.scheduler.tick()).claimed).toHaveLength(1);
    const article = await waitFor(
      async () => (await t.ctx.handle.db.select().from(articles).where(eq(articles.origin, 'schedule')))[0] ?? null,
      30_000,
    );
    await waitFor(
      async () =>
        ((await t.ctx.handle.db.select().from(articles).where(eq(articles.id, article.id)))[0]?.wordCount ?? 0) > 0,
      30_000,
    );
    // Written by the configuration's provider alone: the main one was never asked.
    expect(main.requests).toHaveLength(0);
    expect(fallback.requests.length).toBeGreaterThan(0);
    const calls = await t.ctx.handle.db.select().from(modelCalls);
    expect(calls.every((call) => call.provider === 'anthropic' && call.source === 'schedule')).toBe(true);
  });

  it('keeps a fallback’s key: never shown, kept on a save without one, refused for another server', async () => {
    const listed = (
      await t.request({ method: 'GET', url: '/api/settings/llm/fallbacks', cookie })
    ).json<FallbackProviders>();
    expect(listed.fallbacks).toEqual([
      {
        id: expect.any(String),
        provider: 'anthropic',
        model: 'fake-claude',
        base_url: fallback.baseUrl,
        has_api_key: true,
        concurrency: 2,
      },
    ]);
    expect(JSON.stringify(listed)).not.toContain('anthropic-key');
    const id = listed.fallbacks[0]!.id;
    const kept = await t.request({
      method: 'PUT',
      url: '/api/settings/llm/fallbacks',
      cookie,
      payload: {
        fallbacks: [{ id, provider: 'anthropic', model: 'fake-claude', base_url: fallback.baseUrl, concurrency: 3 }],
      },
    });
    expect(kept.json<FallbackProviders>().fallbacks[0]).toMatchObject({ id, has_api_key: true, concurrency: 3 });
    const moved = await t.request({
      method: 'PUT',
      url: '/api/settings/llm/fallbacks',
      cookie,
      payload: {
        fallbacks: [{ id, provider: 'anthropic', model: 'fake-claude', base_url: 'https://elsewhere.example/v1' }],
      },
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().error).toMatch(/fallbacks\.0\.api_key.*enter the API key again/);
    const offline = await t.request({
      method: 'PUT',
      url: '/api/settings/llm/fallbacks',
      cookie,
      payload: { fallbacks: [{ provider: 'offline' }] },
    });
    expect(offline.statusCode).toBe(400);
    const keyless = await t.request({
      method: 'PUT',
      url: '/api/settings/llm/fallbacks',
      cookie,
      payload: { fallbacks: [{ provider: 'openai', model: 'gpt-4o-mini' }] },
    });
    expect(keyless.statusCode).toBe(400);
    expect(keyless.json().error).toMatch(/fallbacks\.0\.api_key/);
  });
});
