import { afterAll, beforeAll, expect, it } from 'vitest';
import { processed, runCheck, siteWithConfig, type TrendHarness, trendHarnessWithFeeds } from './trend-helpers.js';

// A new site's ramp-up holds the trend monitor too: trend articles fill the day's cap with the ramp
// (the scheduler's), not Max Posts/Day — a site ramping up from two posts a day gets two, not five.
let h: TrendHarness;

beforeAll(async () => {
  h = await trendHarnessWithFeeds();
});
afterAll(() => h?.close());

it('writes only as many trend articles as the ramp allows today', async () => {
  // Three trends fit these topics (Tomato blight, Rose pruning, Composting in winter); the ramp,
  // switched on today, allows two posts today on the way to five.
  const garden = await siteWithConfig(h, 'New Garden Blog', {
    topics: ['tomatoes', 'roses', 'compost'],
    max_posts_per_day: 5,
    post_status: 'published',
    ramp: { start_per_day: 2, weeks: 4 },
  });

  expect(await runCheck(h)).toMatchObject({ status: 'completed', articles_generated: 2, articles_published: 2 });
  expect(h.wp.fakeAt(garden.url).store.posts.size).toBe(2);

  // Today's cap is used up: the next check writes nothing and leaves the third trend for another day.
  expect(await runCheck(h)).toMatchObject({ status: 'completed', articles_generated: 0 });
  expect((await processed(h)).items).toHaveLength(2);
});
