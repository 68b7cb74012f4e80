import type { GenerationLog } from '@abp/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { articles, processedTrends } from '../../src/db/schema/index.js';
import { type FakeOpenAiServer, startFakeOpenAiServer } from '../llm/fake-openai-server.js';
import { writerReply } from '../llm/fake-writer.js';
import { useFakeModel } from '../llm/helpers.js';
import { GOOGLE_TRENDS, googleTrendsFeed } from './feed-fixtures.js';
import {
  getJson,
  processed,
  runCheck,
  setTrendSettings,
  siteWithConfig,
  type TrendHarness,
  trendHarness,
} from './trend-helpers.js';

// A configured model (the real AI SDK provider against a local chat-completions server) judges relevance.
const KEY = 'sk-trend-test';
const isRelevanceRequest = (prompt: string) => prompt.includes('Trending topics right now:');

let server: FakeOpenAiServer;
let h: TrendHarness;

beforeAll(async () => {
  server = await startFakeOpenAiServer({ apiKey: KEY });
  h = await trendHarness();
  await useFakeModel(h.t, h.cookie, server.baseUrl, KEY, 5000);
  h.feeds.xml('/google.xml', googleTrendsFeed(GOOGLE_TRENDS));
  await setTrendSettings(h, { feeds: [h.feeds.url('/google.xml')] });
  // Word overlap would pick both garden trends; the model is asked and picks one.
  await siteWithConfig(h, 'Garden Blog', { topics: ['tomatoes', 'roses'], post_status: 'published' });
}, 60_000);
afterAll(async () => {
  await h?.close();
  await server?.close();
});
beforeEach(async () => {
  server.requests.length = 0;
  // Fresh trends and articles each test (a second article with the same title would be held back by the quality gate).
  await h.t.ctx.handle.db.delete(processedTrends);
  await h.t.ctx.handle.db.delete(articles);
});

describe('relevance judged by the configured model', () => {
  it('writes only the trends the model picked, and shows it the topics and the news', async () => {
    server.setHandler((request) =>
      isRelevanceRequest(request.prompt) ? { type: 'text', content: '{"relevant":[3]}' } : writerReply(request),
    );
    const run = await runCheck(h);
    expect(run).toMatchObject({ status: 'completed', articles_generated: 1, articles_published: 1, errors: [] });
    expect((await processed(h)).items.map((p) => p.title)).toEqual(['Rose pruning']);

    const asked = server.requests.filter((r) => isRelevanceRequest(r.prompt));
    expect(asked).toHaveLength(1);
    expect(asked[0]!.prompt).toContain('A blog writes about: tomatoes, roses.');
    expect(asked[0]!.prompt).toContain(
      '1. Tomato blight — Growers report early blight. (news: Tomato blight spreads across allotments; How to stop blight in your garden)',
    );
    expect(asked[0]!.prompt).toContain('3. Rose pruning');
  });

  it("writes the trend article from its news: the news go into the model's prompts and the log says it used them (issue #18 item 11)", async () => {
    server.setHandler((request) =>
      isRelevanceRequest(request.prompt) ? { type: 'text', content: '{"relevant":[1]}' } : writerReply(request),
    );
    await runCheck(h);
    const sections = server.requests.filter((r) => /Write section/.test(r.prompt));
    expect(sections.length).toBeGreaterThan(0);
    for (const request of sections) expect(request.prompt).toContain('Tomato blight spreads across allotments');
    const [article] = await h.t.ctx.handle.db.select().from(articles);
    const log = await getJson<GenerationLog>(h, `/api/generation-logs/${article!.id}`);
    expect(log.summary.usedNewsContent).toBe(true);
  });

  it('falls back to the text search when the model answers nonsense, and says so in the log', async () => {
    server.setHandler((request) =>
      isRelevanceRequest(request.prompt) ? { type: 'text', content: 'I think roses, maybe.' } : writerReply(request),
    );
    const run = await runCheck(h);
    expect(run).toMatchObject({ status: 'completed', articles_generated: 2 });
    expect(run.errors).toEqual([
      {
        scope: 'site',
        target: 'Garden Blog',
        kind: 'relevance',
        message: expect.stringMatching(/^The model could not judge relevance \(.+\); text search decided\.$/),
      },
    ]);
  });

  it('a generation that fails is logged and its trend is not recorded, so a later check tries again', async () => {
    server.setHandler((request) =>
      isRelevanceRequest(request.prompt)
        ? { type: 'text', content: '{"relevant":[1]}' }
        : { type: 'error', status: 401, body: { error: { message: 'Incorrect API key provided' } } },
    );
    const failed = await runCheck(h);
    expect(failed).toMatchObject({ status: 'completed', articles_generated: 0, articles_published: 0 });
    expect(failed.errors).toEqual([
      {
        scope: 'site',
        target: 'Garden Blog',
        kind: 'generation',
        message: expect.stringMatching(/^"Tomato blight": generation failed: /),
      },
    ]);
    expect((await processed(h)).items).toEqual([]);

    server.setHandler((request) =>
      isRelevanceRequest(request.prompt) ? { type: 'text', content: '{"relevant":[1]}' } : writerReply(request),
    );
    const retried = await runCheck(h);
    expect(retried).toMatchObject({ articles_generated: 1, articles_published: 1, errors: [] });
    expect((await processed(h)).items.map((p) => p.title)).toEqual(['Tomato blight']);
  });
});
