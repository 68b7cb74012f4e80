import { llmProbeResultSchema, llmSettingsSchema } from '@abp/contracts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeOpenAiServer, startFakeOpenAiServer } from '../llm/fake-openai-server.js';
import { instantRetry } from '../llm/helpers.js';
import { createTestApp, type TestApp, testConfig } from '../test-app.js';

/*
 * An API key belongs to the server it was entered for. Server A (127.0.0.1) is that server; B
 * (127.0.0.2) is a new base URL typed into the form. B must never see a key it was not given.
 */

const SAVED_KEY = 'sk-saved-abcdefghijkl';
const ENV_KEY = 'sk-env-0123456789';
const NEW_KEY = 'sk-new-zyxwvutsrq';

let a: FakeOpenAiServer;
let b: FakeOpenAiServer;
beforeAll(async () => {
  a = await startFakeOpenAiServer();
  b = await startFakeOpenAiServer({ host: '127.0.0.2' });
});
afterAll(async () => {
  await a.close();
  await b.close();
});

let t: TestApp;
let cookie: string;
afterEach(() => t.close());

const put = (payload: Record<string, unknown>) =>
  t.request({ method: 'PUT', url: '/api/settings/llm', payload, cookie });
const probe = (payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: '/api/settings/llm/test', payload, cookie });
const keysSeenByB = () => b.requests.map((r) => r.authorization).filter(Boolean);

describe('a saved API key and a new base URL', () => {
  beforeEach(async () => {
    a.requests.length = 0;
    b.requests.length = 0;
    t = await createTestApp();
    cookie = await t.login();
    t.services.llmProviders.providerOptions = { retry: instantRetry().policy };
    const saved = await put({
      provider: 'openai-compatible',
      model: 'fake-model',
      base_url: a.baseUrl,
      api_key: SAVED_KEY,
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it('"Test provider" with another server and a blank key is a 400 naming api_key; nothing reaches it', async () => {
    const res = await probe({ provider: 'openai-compatible', model: 'fake-model', base_url: b.baseUrl, api_key: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      {
        field: 'api_key',
        message: expect.stringMatching(
          /^Enter the API key again \(or clear it\): the base URL changed \(http:\/\/127\.0\.0\.1:\d+ → http:\/\/127\.0\.0\.2:\d+\)/,
        ),
      },
    ]);
    expect(b.requests).toEqual([]);
  });

  it('saving another server with a blank key is a 400 too, and the saved settings stay', async () => {
    const res = await put({ provider: 'openai-compatible', model: 'fake-model', base_url: b.baseUrl });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe('api_key');
    const now = llmSettingsSchema.parse((await t.request({ method: 'GET', url: '/api/settings/llm', cookie })).json());
    expect(now).toMatchObject({ base_url: a.baseUrl, has_api_key: true });
    expect(b.requests).toEqual([]);
  });

  it('the new server gets only the key entered for it; a cleared key sends none', async () => {
    const tested = llmProbeResultSchema.parse(
      (
        await probe({ provider: 'openai-compatible', model: 'fake-model', base_url: b.baseUrl, api_key: NEW_KEY })
      ).json(),
    );
    expect(tested).toMatchObject({ ok: true });
    const cleared = await put({
      provider: 'openai-compatible',
      model: 'fake-model',
      base_url: b.baseUrl,
      clear_api_key: true,
    });
    expect(llmSettingsSchema.parse(cleared.json())).toMatchObject({ base_url: b.baseUrl, has_api_key: false });
    expect(
      llmProbeResultSchema.parse(
        (await probe({ provider: 'openai-compatible', model: 'fake-model', base_url: b.baseUrl })).json(),
      ).ok,
    ).toBe(true);
    expect(keysSeenByB()).toEqual([`Bearer ${NEW_KEY}`]);
  });

  it('keeps the key for another path on the same server', async () => {
    const res = await put({
      provider: 'openai-compatible',
      model: 'fake-model',
      base_url: a.baseUrl.replace(/\/v1$/, '/api/v1'),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(llmSettingsSchema.parse(res.json()).has_api_key).toBe(true);
  });
});

describe('the environment key and a base URL saved in the app', () => {
  beforeEach(async () => {
    a.requests.length = 0;
    b.requests.length = 0;
    t = await createTestApp({
      config: {
        llm: {
          ...testConfig().llm,
          provider: 'openai-compatible',
          model: 'fake-model',
          baseUrl: a.baseUrl,
          apiKey: ENV_KEY,
        },
      },
    });
    cookie = await t.login();
    t.services.llmProviders.providerOptions = { retry: instantRetry().policy };
  });

  it('is not given to another server: the saved base URL goes without it', async () => {
    const saved = await put({ provider: 'openai-compatible', model: 'fake-model', base_url: b.baseUrl });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(llmSettingsSchema.parse(saved.json())).toMatchObject({ base_url: b.baseUrl, has_api_key: false });
    const tested = llmProbeResultSchema.parse(
      (await t.request({ method: 'POST', url: '/api/settings/llm/test', cookie })).json(),
    );
    expect(tested.ok).toBe(true);
    await t.services.llmProviders.current().then((provider) => provider.generateText({ prompt: 'Write.' }));
    expect(b.requests.length).toBeGreaterThan(0);
    expect(keysSeenByB()).toEqual([]);
  });

  it('still goes to its own server', async () => {
    const tested = llmProbeResultSchema.parse(
      (await probe({ provider: 'openai-compatible', model: 'other-model' })).json(),
    );
    expect(tested.ok).toBe(true);
    expect(a.requests.at(-1)?.authorization).toBe(`Bearer ${ENV_KEY}`);
  });
});
