import type { FallbackProviders } from '@abp/contracts';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles, modelCalls } from '../../src/db/schema/index.js';
import { type FakeAnthropicServer, startFakeAnthropicServer } from '../llm/fake-anthropic-server.js';
import { type FakeOpenAiServer, startFakeOpenAiServer } from '../llm/fake-openai-server.js';
import { writerReply } from '../llm/fake-writer.js';
import { useFakeModel } from '../llm/helpers.js';
import { GOOGLE_TRENDS, googleTrendsFeed } from './feed-fixtures.js';
import { runCheck, setTrendSettings, siteWithConfig, type TrendHarness, trendHarness } from './trend-helpers.js';

// Issue #31 §3: a configuration's own providers write all of its articles — its trend articles
// too, and the judgement of which trends fit it.
const isRelevanceRequest = (prompt: string) => prompt.includes('Trending topics right now:');

let main: FakeOpenAiServer;
let own: FakeAnthropicServer;
let h: TrendHarness;

beforeAll(async () => {
  main = await startFakeOpenAiServer({ apiKey: 'sk-main' });
  own = await startFakeAnthropicServer({ apiKey: 'anthropic-key' });
  h = await trendHarness();
  await useFakeModel(h.t, h.cookie, main.baseUrl, 'sk-main', 5000);
  const saved = await h.t.request({
    method: 'PUT',
    url: '/api/settings/llm/fallbacks',
    cookie: h.cookie,
    payload: {
      fallbacks: [{ provider: 'anthropic', model: 'fake-claude', base_url: own.baseUrl, api_key: 'anthropic-key' }],
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  h.feeds.xml('/google.xml', googleTrendsFeed(GOOGLE_TRENDS));
  await setTrendSettings(h, { feeds: [h.feeds.url('/google.xml')] });
}, 60_000);
afterAll(async () => {
  await h?.close();
  await main?.close();
  await own?.close();
});

describe('a configuration with its own providers', () => {
  it('has its trends judged and its trend article written and billed by them, not by the default chain', async () => {
    const ownId = (
      await h.t.request({ method: 'GET', url: '/api/settings/llm/fallbacks', cookie: h.cookie })
    ).json<FallbackProviders>().fallbacks[0]!.id;
    const { siteId } = await siteWithConfig(h, 'Garden Blog', { topics: ['tomatoes', 'roses'], post_status: 'draft' });
    const config = (await h.t.request({ method: 'GET', url: '/api/config', cookie: h.cookie }))
      .json<{ id: number; site_id: number }[]>()
      .find((c) => c.site_id === siteId)!;
    const body = {
      site_id: siteId,
      topics: ['tomatoes', 'roses'],
      posting_interval_min: 1,
      posting_interval_max: 2,
      max_posts_per_day: 10,
      post_status: 'draft',
      is_active: true,
      word_count: 500,
      providers: [ownId],
    };
    expect(
      (await h.t.request({ method: 'PUT', url: `/api/config/${config.id}`, cookie: h.cookie, payload: body }))
        .statusCode,
    ).toBe(200);
    own.setHandler((request) =>
      isRelevanceRequest(request.prompt) ? { type: 'text', content: '{"relevant":[3]}' } : writerReply(request),
    );

    const run = await runCheck(h);
    expect(run).toMatchObject({ articles_generated: 1, errors: [] });
    // The default chain was never asked.
    expect(main.requests).toHaveLength(0);
    expect(own.requests.filter((request) => isRelevanceRequest(request.prompt))).toHaveLength(1);

    const [article] = await h.t.ctx.handle.db.select().from(articles).where(eq(articles.origin, 'trend'));
    expect(article!.title).toMatch(/Rose pruning/);
    const calls = await h.t.ctx.handle.db.select().from(modelCalls).orderBy(asc(modelCalls.id));
    expect(calls.length).toBe(own.requests.length);
    expect(
      calls.every(
        (call) =>
          call.provider === 'anthropic' &&
          call.model === 'fake-claude' &&
          call.source === 'trend' &&
          call.siteId === siteId &&
          call.outcome === 'ok',
      ),
    ).toBe(true);
    expect(calls.filter((call) => call.step === 'judge relevance')).toHaveLength(1);
    // Everything else was the article's.
    expect(
      calls.filter((call) => call.step !== 'judge relevance').every((call) => call.articleId === article!.id),
    ).toBe(true);
  });
});
