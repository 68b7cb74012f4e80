import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { articles } from '../../src/db/schema/index.js';
import { storeFixturePosts } from '../site-knowledge/knowledge-helpers.js';
import { googleTrendsFeed } from './feed-fixtures.js';
import { runCheck, setTrendSettings, siteWithConfig, type TrendHarness, trendHarness } from './trend-helpers.js';

// Issue #32: without a model, a trend's fit to the topics and whether the operator's sites already
// cover it are judged by site knowledge (the site's posts: the labelled fixture's gardening posts).
let h: TrendHarness;
beforeAll(async () => {
  h = await trendHarness();
}, 60_000);
afterAll(async () => h?.close());

it('takes "Best tomato varieties for containers" for "tomato gardening" and skips a reworded post of the site, naming it', async () => {
  h.feeds.xml(
    '/garden.xml',
    googleTrendsFeed([
      {
        title: 'Best tomato varieties for containers',
        news: [{ title: 'Growing tomatoes in pots on a patio', url: 'https://news.example/pots' }],
      },
      {
        title: 'How to stop blight spreading on tomatoes',
        news: [{ title: 'Blight on tomato leaves this summer', url: 'https://news.example/blight' }],
      },
      { title: 'Champions League final tickets', news: [] },
    ]),
  );
  await setTrendSettings(h, { feeds: [h.feeds.url('/garden.xml')] });
  const garden = await siteWithConfig(h, 'Plot Notes', { topics: ['tomato gardening'], post_status: 'draft' });
  const posts = await storeFixturePosts(h.t, garden.siteId);
  const blight = [...posts.values()].find((post) => post.id === 'garden-002')!;

  const run = await runCheck(h);
  const written = await h.t.ctx.handle.db.select().from(articles).where(eq(articles.siteId, garden.siteId));
  expect(written.map((article) => article.sourceUrls[0])).toEqual(['https://news.example/pots']);
  expect(run.errors).toEqual([
    expect.objectContaining({
      kind: 'already_covered',
      message: `"How to stop blight spreading on tomatoes": skipped, the site already has "${blight.title}" (https://garden.example/${blight.slug}/)`,
    }),
  ]);
}, 90_000);
