import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useFakeWordPress } from '../articles/publish-helpers.js';
import { type FakeOpenAiServer, startFakeOpenAiServer } from '../llm/fake-openai-server.js';
import { isOutlineRequest, writerReply } from '../llm/fake-writer.js';
import { instantRetry } from '../llm/helpers.js';
import { createSite } from '../sites/sites-helpers.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { bulkPayload, isFinal, jobResults, startedJob, waitForJob } from './bulk-helpers.js';

// Issue #37 point 8: "Recovered: 0" when the refused topic was recovered. A configured model is a
// chain (even of one), whose structured-answer repair asked a refused outline again as if its JSON
// were wrong: the article came out, but neither its attempts nor Recovered said it had been refused.
const KEY = 'sk-fake-provider-key';
const REFUSAL = "I'm sorry, but I can't help with that request.";
const TOPIC = 'Home security cameras';

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
  t = await createTestApp();
  cookie = await t.login();
  useFakeWordPress(t);
  t.services.llmProviders.providerOptions = { retry: instantRetry().policy };
  siteId = (await createSite(t, cookie)).id;
  const res = await t.request({
    method: 'PUT',
    url: '/api/settings/llm',
    cookie,
    payload: {
      provider: 'openai-compatible',
      model: 'fake-model',
      timeout_ms: 5000,
      base_url: server.baseUrl,
      api_key: KEY,
    },
  });
  expect(res.statusCode).toBe(200);
});
afterEach(() => t.close());

describe('a bulk item whose topic the model refused at first', () => {
  it('counts as recovered, with the refusal and both attempts, once the recovery prompt got the outline', async () => {
    let outlines = 0;
    server.setHandler((request) => {
      if (!isOutlineRequest(request)) return writerReply(request);
      outlines++;
      return outlines === 1 ? { type: 'text', content: REFUSAL } : writerReply(request);
    });
    const jobId = await startedJob(t, cookie, bulkPayload(siteId, TOPIC, { postToWordPress: false }));
    const { job } = await waitForJob(t, cookie, jobId, isFinal);
    expect(job.status).toBe('completed');

    const { results } = await jobResults(t, cookie, jobId);
    expect(results.failed).toEqual([]);
    expect(results.successful).toHaveLength(1);
    expect(results.successful[0]).toMatchObject({
      topic: TOPIC,
      attempts: 2,
      refusal_recovered: true,
      refusal_matches: [REFUSAL],
    });
    // The second outline request carried the recovery preamble, not the "did not match the JSON" retry.
    const outlineRequests = server.requests.filter((request) => isOutlineRequest(request));
    expect(outlineRequests).toHaveLength(2);
    expect(outlineRequests[1]!.prompt).not.toContain('did not match the requested JSON structure');
  });
});
