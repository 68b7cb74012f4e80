import { SITE_CREDENTIALS_TEXT } from '@abp/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { articles } from '../../src/db/schema/index.js';
import {
  rejectCredentials,
  runCheck,
  siteWithConfig,
  type TrendHarness,
  trendHarnessWithFeeds,
} from './trend-helpers.js';

// Issue #37 point 3: a trend check writes nothing for a site whose credentials WordPress rejected, and its run log says so.
let h: TrendHarness;
beforeAll(async () => {
  h = await trendHarnessWithFeeds();
}, 60_000);
afterAll(async () => h?.close());

it('skips the refused site and names it in the run log; the other sites are served', async () => {
  const refused = await siteWithConfig(h, 'Garden Blog', { topics: ['tomatoes', 'roses', 'compost'] });
  const served = await siteWithConfig(h, 'Sports Desk', { topics: ['Champions League'] });
  await rejectCredentials(h, refused.siteId);

  const run = await runCheck(h);
  expect(run.errors).toEqual([
    { scope: 'site', target: 'Garden Blog', kind: 'credentials_rejected', message: SITE_CREDENTIALS_TEXT.skipped },
  ]);
  const written = (siteId: number) => h.t.ctx.handle.db.select().from(articles).where(eq(articles.siteId, siteId));
  expect(await written(refused.siteId)).toEqual([]);
  expect(h.wp.fakes.get(refused.url)?.store.posts.size ?? 0).toBe(0);
  expect(await written(served.siteId)).toHaveLength(1);
}, 90_000);
