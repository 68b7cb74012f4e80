import { llmProbeResultSchema, llmSettingsSchema } from '@abp/contracts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { settings } from '../../src/db/schema/index.js';
import { type FakeOpenAiServer, startFakeOpenAiServer } from '../llm/fake-openai-server.js';
import { instantRetry } from '../llm/helpers.js';
import { createTestApp, type TestApp, testConfig } from '../test-app.js';

const ENV_KEY = 'sk-env-0123456789';
const SAVED_KEY = 'sk-saved-abcdefghijkl';

let server: FakeOpenAiServer;
beforeAll(async () => {
  server = await startFakeOpenAiServer({ apiKey: SAVED_KEY });
});
afterAll(() => server.close());

let t: TestApp;
let cookie: string;
afterEach(() => t.close());

const get = async () => {
  const res = await t.request({ method: 'GET', url: '/api/settings/llm', cookie });
  expect(res.statusCode).toBe(200);
  return { body: res.body, settings: llmSettingsSchema.strict().parse(res.json()) };
};
const put = (payload: Record<string, unknown>) =>
  t.request({ method: 'PUT', url: '/api/settings/llm', payload, cookie });
const probe = (payload?: Record<string, unknown>) =>
  t.request({ method: 'POST', url: '/api/settings/llm/test', cookie, ...(payload ? { payload } : {}) });

describe('language model settings without saved values', () => {
  beforeEach(async () => {
    t = await createTestApp();
    cookie = await t.login();
  });

  it('uses the offline writer when nothing is configured', async () => {
    const { settings: s } = await get();
    expect(s).toMatchObject({
      provider: 'offline',
      offline: true,
      effective_model: 'offline-writer',
      has_api_key: false,
      base_url: null,
      saved_at: null,
      timeout_ms: 120_000,
      concurrency: 4,
      stream: false,
    });
    expect(s.sources).toEqual({
      provider: 'environment',
      model: 'environment',
      base_url: 'environment',
      api_key: null,
      timeout_ms: 'environment',
      concurrency: 'environment',
      stream: 'environment',
    });
  });

  it('tests the offline writer with a live answer', async () => {
    const res = await probe();
    expect(res.statusCode).toBe(200);
    const result = llmProbeResultSchema.parse(res.json());
    expect(result).toMatchObject({ ok: true, provider: 'offline', offline: true, kind: null, error: null });
    expect(result.answer).toContain('offline writer');
  });

  it('stores the API key sealed, says it is stored, and never returns it', async () => {
    const res = await put({
      provider: 'openai-compatible',
      model: 'fake-model',
      base_url: server.baseUrl,
      api_key: SAVED_KEY,
      timeout_ms: 5000,
      concurrency: 2,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(SAVED_KEY);
    expect(llmSettingsSchema.parse(res.json())).toMatchObject({
      provider: 'openai-compatible',
      model: 'fake-model',
      base_url: server.baseUrl,
      has_api_key: true,
      offline: false,
      timeout_ms: 5000,
      concurrency: 2,
    });
    const { body, settings: s } = await get();
    expect(body).not.toContain(SAVED_KEY);
    expect(s.sources).toMatchObject({
      provider: 'saved',
      model: 'saved',
      api_key: 'saved',
      timeout_ms: 'saved',
      stream: 'environment',
    });
    expect(s.saved_at).not.toBeNull();

    const [row] = await t.ctx.handle.db.select().from(settings);
    const stored = JSON.stringify(row?.value);
    expect(stored).not.toContain(SAVED_KEY);
    expect((row?.value as { apiKeySealed: string }).apiKeySealed).toMatch(/^v1:/);
    expect(t.ctx.secretBox.decrypt((row?.value as { apiKeySealed: string }).apiKeySealed)).toBe(SAVED_KEY);
  });

  it('keeps the stored key on a blank key, drops it when the provider changes, and clears it on request', async () => {
    await put({ provider: 'openai-compatible', base_url: server.baseUrl, api_key: SAVED_KEY });
    expect(
      llmSettingsSchema.parse(
        (await put({ provider: 'openai-compatible', base_url: server.baseUrl, api_key: '', model: 'other' })).json(),
      ).has_api_key,
    ).toBe(true);
    expect(
      llmSettingsSchema.parse(
        (await put({ provider: 'openai-compatible', base_url: server.baseUrl, clear_api_key: true })).json(),
      ).has_api_key,
    ).toBe(false);
    await put({ provider: 'openai-compatible', base_url: server.baseUrl, api_key: SAVED_KEY });
    const anthropic = await put({ provider: 'anthropic' });
    expect(anthropic.statusCode).toBe(400);
    expect(anthropic.json().details).toEqual([{ field: 'api_key', message: 'An API key is required for Anthropic' }]);
    expect(llmSettingsSchema.parse((await put({ provider: 'offline' })).json())).toMatchObject({
      provider: 'offline',
      has_api_key: false,
      offline: true,
    });
  });

  it.each([
    ['an unknown provider', { provider: 'cohere' }, 'body.provider'],
    [
      'a base URL that is not http',
      { provider: 'openai-compatible', base_url: 'ftp://models.example' },
      'body.base_url',
    ],
    ['a timeout under a second', { provider: 'offline', timeout_ms: 10 }, 'body.timeout_ms'],
    ['a fractional timeout', { provider: 'offline', timeout_ms: 1500.5 }, 'body.timeout_ms'],
    ['zero concurrency', { provider: 'offline', concurrency: 0 }, 'body.concurrency'],
    ['concurrency over 64', { provider: 'offline', concurrency: 65 }, 'body.concurrency'],
    ['a model name over 200 characters', { provider: 'offline', model: 'm'.repeat(201) }, 'body.model'],
    ['an OpenAI-compatible server without base URL', { provider: 'openai-compatible' }, 'base_url'],
    ['OpenAI without a key', { provider: 'openai' }, 'api_key'],
  ])('refuses %s with a 400 naming the field', async (_label, payload, field) => {
    const res = await put(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
    expect((await get()).settings.saved_at).toBeNull();
  });

  it('tests unsaved form values without saving them, with the exact classified error', async () => {
    const good = llmProbeResultSchema.parse(
      (
        await probe({
          provider: 'openai-compatible',
          model: 'fake-model',
          base_url: server.baseUrl,
          api_key: SAVED_KEY,
        })
      ).json(),
    );
    expect(good).toMatchObject({
      ok: true,
      provider: 'openai-compatible',
      model: 'fake-model',
      offline: false,
      error: null,
    });
    expect(good.answer?.length).toBeGreaterThan(0);

    const bad = llmProbeResultSchema.parse(
      (
        await probe({
          provider: 'openai-compatible',
          model: 'fake-model',
          base_url: server.baseUrl,
          api_key: 'sk-wrong',
        })
      ).json(),
    );
    expect(bad).toMatchObject({ ok: false, kind: 'auth', answer: null });
    expect(bad.error).toContain('Incorrect API key provided');

    const missing = llmProbeResultSchema.parse((await probe({ provider: 'openai-compatible' })).json());
    expect(missing).toMatchObject({
      ok: false,
      kind: 'bad_request',
      error: expect.stringContaining('Base URL is required'),
    });
    expect((await get()).settings).toMatchObject({ provider: 'offline', saved_at: null });
  });

  it('hands out one provider per configuration and a new one after a save', async () => {
    const first = await t.services.llmProviders.current();
    expect(first.isOffline).toBe(true);
    expect(await t.services.llmProviders.current()).toBe(first);
    await put({ provider: 'openai-compatible', model: 'fake-model', base_url: server.baseUrl, api_key: SAVED_KEY });
    const remote = await t.services.llmProviders.current();
    expect(remote).not.toBe(first);
    expect(remote).toMatchObject({ providerId: 'openai-compatible', model: 'fake-model', isOffline: false });
    expect(await t.services.llmProviders.current()).toBe(remote);
  });

  it('needs a session and the X-Requested-With header to change settings', async () => {
    expect((await t.request({ method: 'GET', url: '/api/settings/llm' })).statusCode).toBe(401);
    const noHeader = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/llm',
      payload: { provider: 'offline' },
      headers: { cookie },
    });
    expect(noHeader.statusCode).toBe(403);
  });
});

describe('language model settings over the environment', () => {
  beforeEach(async () => {
    t = await createTestApp({
      config: {
        llm: {
          ...testConfig().llm,
          provider: 'openai-compatible',
          model: 'env-model',
          baseUrl: server.baseUrl,
          apiKey: ENV_KEY,
          timeoutMs: 9000,
          concurrency: 3,
        },
      },
    });
    cookie = await t.login();
    t.services.llmProviders.providerOptions = { retry: instantRetry().policy };
  });

  it('shows the environment, never its key', async () => {
    const { body, settings: s } = await get();
    expect(body).not.toContain(ENV_KEY);
    expect(s).toMatchObject({
      provider: 'openai-compatible',
      model: 'env-model',
      base_url: server.baseUrl,
      has_api_key: true,
      timeout_ms: 9000,
      concurrency: 3,
      offline: false,
      saved_at: null,
    });
    expect(s.sources.api_key).toBe('environment');
  });

  it('lets saved values override the environment field by field, and a reset bring it back', async () => {
    const saved = llmSettingsSchema.parse(
      (await put({ provider: 'openai-compatible', model: 'saved-model', api_key: SAVED_KEY, concurrency: 1 })).json(),
    );
    expect(saved).toMatchObject({
      model: 'saved-model',
      base_url: server.baseUrl,
      has_api_key: true,
      timeout_ms: 9000,
      concurrency: 1,
    });
    expect(saved.sources).toMatchObject({
      model: 'saved',
      base_url: 'environment',
      api_key: 'saved',
      timeout_ms: 'environment',
      concurrency: 'saved',
    });

    // The saved key (not the environment's) reaches the provider: the fake server accepts only the saved one.
    const ok = llmProbeResultSchema.parse((await probe()).json());
    expect(ok).toMatchObject({ ok: true, model: 'saved-model' });
    expect(server.requests.at(-1)?.authorization).toBe(`Bearer ${SAVED_KEY}`);

    const reset = await t.request({ method: 'DELETE', url: '/api/settings/llm', cookie });
    expect(llmSettingsSchema.parse(reset.json())).toMatchObject({ model: 'env-model', concurrency: 3, saved_at: null });
    const envProbe = llmProbeResultSchema.parse((await probe()).json());
    expect(envProbe).toMatchObject({ ok: false, kind: 'auth' });
  });

  it('does not give the environment key of one provider to another', async () => {
    const res = await put({ provider: 'openai' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0]).toEqual({ field: 'api_key', message: 'An API key is required for OpenAI' });
    const offline = llmSettingsSchema.parse((await put({ provider: 'offline' })).json());
    expect(offline).toMatchObject({
      provider: 'offline',
      model: '',
      base_url: null,
      has_api_key: false,
      timeout_ms: 9000,
    });
  });
});
