import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles } from '../../src/db/schema/index.js';
import {
  configValues,
  insertSite,
  schedulerHarness,
  setNextPostAt,
  TestClock,
  useFakeWordPress,
} from '../scheduler/scheduler-fixtures.js';
import { createTestApp, type TestApp, waitFor } from '../test-app.js';
import { ATOM_ENTRIES, atomFeed, GOOGLE_TRENDS, googleTrendsFeed } from './feed-fixtures.js';
import { FeedServer } from './feed-server.js';

// The daily cap of a configuration counts scheduled posts and trend articles together.
let t: TestApp;
let cookie: string;
let feeds: FeedServer;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.login();
  feeds = await FeedServer.start();
  feeds
    .xml('/google.xml', googleTrendsFeed(GOOGLE_TRENDS))
    .xml('/atom.xml', atomFeed(ATOM_ENTRIES), 'application/atom+xml');
  const res = await t.request({
    method: 'PUT',
    url: '/api/settings/trends',
    cookie,
    payload: { feeds: [feeds.url('/google.xml'), feeds.url('/atom.xml')], interval_hours: 0 },
  });
  expect(res.statusCode).toBe(200);
});
afterAll(async () => {
  await feeds?.close();
  await t?.close();
});

async function check() {
  const before = t.services.trends;
  const { job_id } = await before.startCheck('manual');
  expect(job_id).toBeTruthy();
  return waitFor(
    async () => {
      const [latest] = (await before.logs({ limit: 1, offset: 0 })).items;
      return latest && latest.status !== 'running' && !(await before.monitorStatus()).isRunning ? latest : null;
    },
    60_000,
    200,
  );
}

describe('the daily cap', () => {
  it('trend articles fill only what the scheduled posts of today left, and the rest wait', async () => {
    const fake = useFakeWordPress(t);
    const clock = new TestClock(new Date());
    const h = schedulerHarness(t, { clock });
    const site = await insertSite(t, { name: 'Garden Blog' });
    // Three trends fit these topics (Tomato blight, Rose pruning, Composting in winter).
    const config = await h.configs.create(
      configValues(site.id, {
        topics: ['tomatoes', 'roses', 'compost'],
        max_posts_per_day: 3,
        post_status: 'published',
      }),
    );

    // One scheduled post today.
    await setNextPostAt(t, config.id, new Date(Date.now() - 60_000));
    const { claimed } = await h.scheduler.tick();
    expect(claimed).toHaveLength(1);
    expect(await h.runSlot(claimed[0]!.id)).toMatchObject({ status: 'posted' });

    const first = await check();
    expect(first).toMatchObject({ status: 'completed', articles_generated: 2, articles_published: 2 });
    const siteArticles = await t.ctx.handle.db
      .select()
      .from(articles)
      .where(eq(articles.siteId, site.id))
      .orderBy(articles.id);
    expect(siteArticles.map((a) => a.origin)).toEqual(['schedule', 'trend', 'trend']);
    expect(fake.store.posts.size).toBe(3);

    // The cap is reached: the third relevant trend is not written, and not recorded either.
    const second = await check();
    expect(second).toMatchObject({ articles_generated: 0 });
    const processed = await t.services.trends.processed({ limit: 10, offset: 0 });
    expect(processed.items.map((p) => p.title).sort()).toEqual(['Rose pruning', 'Tomato blight']);

    // A higher cap lets it through.
    await h.configs.update(
      config.id,
      configValues(site.id, {
        topics: ['tomatoes', 'roses', 'compost'],
        max_posts_per_day: 4,
        post_status: 'published',
      }),
    );
    const third = await check();
    expect(third).toMatchObject({ articles_generated: 1, articles_published: 1 });
    expect((await t.services.trends.processed({ limit: 1, offset: 0 })).items[0]!.title).toBe('Composting in winter');
  });
});
