import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { articles } from '../../src/db/schema/index.js';
import {
  configValues,
  insertSite,
  schedulerHarness,
  TestClock,
  useFakeWordPress,
} from '../scheduler/scheduler-fixtures.js';
import { createTestApp, type TestApp, waitFor } from '../test-app.js';
import { ATOM_ENTRIES, atomFeed, GOOGLE_TRENDS, googleTrendsFeed } from './feed-fixtures.js';
import { FeedServer } from './feed-server.js';

// A new site's ramp-up holds the trend monitor too: trend articles fill the day's cap with the ramp
// (the scheduler's), not Max Posts/Day — a site ramping up from two posts a day gets two, not five.
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
  const trends = t.services.trends;
  await trends.startCheck('manual');
  return waitFor(
    async () => {
      const [latest] = (await trends.logs({ limit: 1, offset: 0 })).items;
      return latest && latest.status !== 'running' && !(await trends.monitorStatus()).isRunning ? latest : null;
    },
    60_000,
    200,
  );
}

it('writes only as many trend articles as the ramp allows today', async () => {
  const fake = useFakeWordPress(t);
  const h = schedulerHarness(t, { clock: new TestClock(new Date()) });
  const site = await insertSite(t, { name: 'New Garden Blog' });
  // Three trends fit these topics (Tomato blight, Rose pruning, Composting in winter); the ramp,
  // switched on today, allows two posts today on the way to five.
  const config = await h.configs.create(
    configValues(site.id, {
      topics: ['tomatoes', 'roses', 'compost'],
      max_posts_per_day: 5,
      post_status: 'published',
      ramp: { start_per_day: 2, weeks: 4 },
    }),
  );
  expect(config.ramp).toMatchObject({ start_per_day: 2, weeks: 4 });

  const first = await check();
  expect(first).toMatchObject({ status: 'completed', articles_generated: 2, articles_published: 2 });
  const written = await t.ctx.handle.db.select().from(articles).where(eq(articles.siteId, site.id));
  expect(written.map((a) => a.origin)).toEqual(['trend', 'trend']);
  expect(fake.store.posts.size).toBe(2);

  // Today's cap is used up: the next check writes nothing, and leaves the third trend for another day.
  expect(await check()).toMatchObject({ articles_generated: 0 });
  expect((await t.services.trends.processed({ limit: 10, offset: 0 })).items).toHaveLength(2);
});
