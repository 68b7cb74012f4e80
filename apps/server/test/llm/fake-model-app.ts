import { useFakeWordPress } from '../articles/publish-helpers.js';
import { createSite } from '../sites/sites-helpers.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { type FakeOpenAiServer, startFakeOpenAiServer } from './fake-openai-server.js';
import { instantRetry } from './helpers.js';

export interface FakeModelApp {
  model: FakeOpenAiServer;
  t: TestApp;
  cookie: string;
  siteId: number;
  close(): Promise<void>;
}

/**
 * The app writing with a model behind a local OpenAI-compatible server, signed in, with one site
 * on an in-memory WordPress. One try per call: a 429 or a refusal reaches the job at once.
 */
export async function startFakeModelApp(options: { concurrency: number; timeoutMs?: number }): Promise<FakeModelApp> {
  const model = await startFakeOpenAiServer();
  const t = await createTestApp({
    config: {
      llm: {
        provider: 'openai-compatible',
        model: 'fake-model',
        baseUrl: model.baseUrl,
        apiKey: 'test-key',
        timeoutMs: options.timeoutMs ?? 20_000,
        concurrency: options.concurrency,
        stream: false,
      },
    },
  });
  t.services.llmProviders.providerOptions = { retry: instantRetry({ maxAttempts: 1 }).policy };
  const cookie = await t.login();
  useFakeWordPress(t);
  const siteId = (await createSite(t, cookie)).id;
  return {
    model,
    t,
    cookie,
    siteId,
    close: async () => {
      await t.close();
      await model.close();
    },
  };
}
