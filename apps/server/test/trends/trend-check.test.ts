import type { ArticleTrendSource, GenerationLog } from '@abp/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles } from '../../src/db/schema/index.js';
import { ATOM_ENTRIES, atomFeed, GOOGLE_TRENDS, googleTrendsFeed } from './feed-fixtures.js';
import {
  getJson,
  logs,
  processed,
  runCheck,
  setTrendSettings,
  siteWithConfig,
  type TrendHarness,
  trendHarness,
} from './trend-helpers.js';

let h: TrendHarness;
let garden: Awaited<ReturnType<typeof siteWithConfig>>;
let sports: Awaited<ReturnType<typeof siteWithConfig>>;
let cooking: Awaited<ReturnType<typeof siteWithConfig>>;
let politics: Awaited<ReturnType<typeof siteWithConfig>>;
let retired: Awaited<ReturnType<typeof siteWithConfig>>;

beforeAll(async () => {
  h = await trendHarness();
  h.feeds
    .xml('/google.xml', googleTrendsFeed(GOOGLE_TRENDS))
    .xml('/atom.xml', atomFeed(ATOM_ENTRIES), 'application/atom+xml');
  await setTrendSettings(h, { feeds: [h.feeds.url('/google.xml'), h.feeds.url('/atom.xml')] });
  garden = await siteWithConfig(h, 'Garden Blog', {
    topics: ['tomatoes', 'roses', 'compost'],
    post_status: 'published',
  });
  sports = await siteWithConfig(h, 'Sports Desk', { topics: ['Champions League'], post_status: 'draft' });
  cooking = await siteWithConfig(h, 'Cooking Corner', { topics: ['baking'] });
  politics = await siteWithConfig(h, 'Politics Hub', { topics: ['election'], is_active: false });
  retired = await siteWithConfig(h, 'Retired Garden', { topics: ['tomatoes'] }, { is_active: false });
}, 60_000);
afterAll(async () => h?.close());

const trendArticles = (siteId: number) =>
  h.t.ctx.handle.db.select().from(articles).where(eq(articles.siteId, siteId)).orderBy(articles.id);

describe('a trend check', () => {
  it('writes and publishes one article per relevant trend, for matching sites only', async () => {
    const run = await runCheck(h);
    // Articles Published counts the posts that went live: Garden's three, not Sports Desk's draft (issue #17 item 18).
    expect(run).toMatchObject({
      status: 'completed',
      trigger: 'manual',
      trends_found: 5,
      articles_generated: 4,
      articles_published: 3,
      errors: [],
    });
    expect(run.execution_time_ms).toBeGreaterThan(0);

    const gardenArticles = await trendArticles(garden.siteId);
    expect(gardenArticles.map((a) => [a.origin, a.status])).toEqual([
      ['trend', 'published'],
      ['trend', 'published'],
      ['trend', 'published'],
    ]);
    const gardenPosts = [...h.wp.fakeAt(garden.url).store.posts.values()];
    expect(gardenPosts.map((p) => p.status)).toEqual(['publish', 'publish', 'publish']);

    const [sportsArticle, ...otherSports] = await trendArticles(sports.siteId);
    expect(otherSports).toEqual([]);
    expect(sportsArticle).toMatchObject({ origin: 'trend', status: 'draft', taskType: 'Blog Post' });
    expect([...h.wp.fakeAt(sports.url).store.posts.values()].map((p) => p.status)).toEqual(['draft']);

    for (const site of [cooking, politics, retired]) {
      expect(await trendArticles(site.siteId)).toEqual([]);
      expect(h.wp.fakes.get(site.url)?.store.posts.size ?? 0).toBe(0);
    }
  });

  it("gives each article the trend's news items as sources: source_urls, trend records, generation log and the post", async () => {
    const [blight] = (await trendArticles(garden.siteId)).filter((a) =>
      a.sourceUrls.includes('https://news.example/tomato-blight'),
    );
    expect(blight).toBeDefined();
    expect(blight!.sourceUrls).toEqual(
      expect.arrayContaining([
        'https://news.example/tomato-blight',
        'https://news.example/stop-blight',
        'https://garden.example/tomato-blight-guide',
      ]),
    );
    const trendSources = await getJson<ArticleTrendSource[]>(h, `/api/articles/${blight!.id}/trends`);
    expect(trendSources).toHaveLength(1);
    expect(trendSources[0]).toMatchObject({
      topic: 'Tomato blight',
      description: 'Growers report early blight.',
      published_date: '2026-11-03T13:50:00.000Z',
    });
    expect(trendSources[0]!.trend_url).toMatch(/^https:\/\/trends\.google\.com\/trends\/explore\?q=Tomato\+blight/);

    const log = await getJson<GenerationLog>(h, `/api/generation-logs/${blight!.id}`);
    expect(log.method).toBe('trend');
    expect(log.sources.newsUrls).toEqual([
      'https://news.example/tomato-blight',
      'https://news.example/stop-blight',
      'https://garden.example/tomato-blight-guide',
    ]);

    const post = h.wp.fakeAt(garden.url).store.posts.get(blight!.wordpressPostId!);
    const html = post?.content?.raw ?? post?.content?.rendered ?? '';
    expect(html).toContain('<h2>Sources</h2>');
    expect(html).toContain(
      '<a href="https://news.example/tomato-blight" rel="noopener">Tomato blight spreads across allotments</a> (Garden News)',
    );
  });

  it('records one execution log and the processed trends, newest first', async () => {
    const page = await processed(h);
    expect(page.has_more).toBe(false);
    expect(page.items.map((p) => `${p.site_name}: ${p.title}`).sort()).toEqual([
      'Garden Blog: Composting in winter',
      'Garden Blog: Rose pruning',
      'Garden Blog: Tomato blight',
      'Sports Desk: Champions League final',
    ]);
    expect(page.items.every((p) => p.article_id !== null && p.processed_at)).toBe(true);
    // Newest first: by the time each was processed (articles written at once finish in any order), then by id.
    const newestFirst = [...page.items].sort(
      (a, b) => Date.parse(b.processed_at!) - Date.parse(a.processed_at!) || b.id - a.id,
    );
    expect(page.items.map((p) => p.id)).toEqual(newestFirst.map((p) => p.id));
    expect(page.items.find((p) => p.title === 'Composting in winter')?.url).toBe(
      'https://garden.example/winter-compost',
    );

    const stats = await getJson<{
      total_processed: number;
      recent_articles: number;
      recent_trend_articles: number;
      last_execution: { articles_generated: number } | null;
    }>(h, '/api/trends/stats');
    expect(stats).toMatchObject({
      total_processed: 4,
      recent_articles: 4,
      recent_trend_articles: 4,
      last_execution: { articles_generated: 4 },
    });
  });

  it('a second check over the same feeds processes nothing new', async () => {
    const postsBefore = h.wp.fakeAt(garden.url).store.posts.size;
    const run = await runCheck(h);
    expect(run).toMatchObject({
      status: 'completed',
      trends_found: 5,
      articles_generated: 0,
      articles_published: 0,
      errors: [],
    });
    expect(h.wp.fakeAt(garden.url).store.posts.size).toBe(postsBefore);
    expect((await processed(h)).items).toHaveLength(4);
    expect((await logs(h)).items.map((l) => l.articles_generated)).toEqual([0, 4]);
  });

  it('a trend that was irrelevant to a site can still match it later', async () => {
    const res = await h.t.request({
      method: 'PUT',
      url: `/api/config/${cooking.configId}`,
      cookie: h.cookie,
      payload: {
        site_id: cooking.siteId,
        topics: ['election results'],
        word_count: 500,
        max_posts_per_day: 10,
        post_status: 'draft',
        is_active: true,
        task_type: 'FAQ',
        content_persona: '',
        posting_interval_min: 1,
        posting_interval_max: 3,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const run = await runCheck(h);
    // A draft on WordPress is not counted as published (issue #17 item 18).
    expect(run).toMatchObject({ articles_generated: 1, articles_published: 0 });
    const [article] = await trendArticles(cooking.siteId);
    expect(article).toMatchObject({ origin: 'trend', taskType: 'FAQ', status: 'draft' });
    expect((await processed(h, '?limit=1')).items[0]).toMatchObject({
      title: 'Election results',
      site_name: 'Cooking Corner',
    });
  });

  it('pages the logs and processed trends with limit and offset', async () => {
    const first = await logs(h, '?limit=2&offset=0');
    expect(first.items).toHaveLength(2);
    expect(first.has_more).toBe(true);
    const rest = await logs(h, '?limit=2&offset=2');
    expect(rest.items).toHaveLength(1);
    expect(rest.has_more).toBe(false);
    expect([...first.items, ...rest.items].map((l) => l.articles_generated)).toEqual([1, 0, 4]);
    expect((await processed(h, '?limit=3&offset=3')).items).toHaveLength(2);
  });
});
