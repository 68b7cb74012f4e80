import { SITE_CREDENTIALS_TEXT, TREND_RUN_PAGE, type TrendRunDetail } from '@abp/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  getJson,
  rejectCredentials,
  runCheck,
  siteWithConfig,
  type TrendHarness,
  trendHarnessWithFeeds,
} from './trend-helpers.js';

// Issue #37 point 2: a trend check has a page of its own, read from GET /api/trends/runs/{id}.
let h: TrendHarness;
beforeAll(async () => {
  h = await trendHarnessWithFeeds();
}, 60_000);
afterAll(async () => h?.close());

it('answers the run, the trend it matched to a site with its article, and the site it skipped with the reason', async () => {
  const refused = await siteWithConfig(h, 'Garden Blog', { topics: ['tomatoes', 'roses', 'compost'] });
  const served = await siteWithConfig(h, 'Sports Desk', { topics: ['Champions League'] });
  await rejectCredentials(h, refused.siteId);

  const run = await runCheck(h);
  const page = await getJson<TrendRunDetail>(h, `/api/trends/runs/${run.id}`);
  expect(page.run).toEqual(run);
  expect(page.items).toHaveLength(1);
  const [item] = page.items;
  expect(item).toMatchObject({ site_id: served.siteId, site_name: 'Sports Desk', state: 'written' });
  expect(item!.article_id).toEqual(expect.any(Number));
  expect(item!.article_title).toEqual(expect.any(String));
  expect(item!.article_status).toBe('draft');
  expect(page.run.errors).toEqual([
    { scope: 'site', target: 'Garden Blog', kind: 'credentials_rejected', message: SITE_CREDENTIALS_TEXT.skipped },
  ]);
}, 90_000);

it('answers 404 for a run that does not exist and 400 naming the id for a bad one', async () => {
  const missing = await h.t.request({ method: 'GET', url: '/api/trends/runs/999999', cookie: h.cookie });
  expect(missing.statusCode).toBe(404);
  expect(missing.json()).toMatchObject({ error: TREND_RUN_PAGE.notFound });
  for (const bad of ['abc', '0', '99999999999']) {
    const res = await h.t.request({ method: 'GET', url: `/api/trends/runs/${bad}`, cookie: h.cookie });
    expect(res.statusCode, bad).toBe(400);
    expect(JSON.stringify(res.json()), bad).toContain('id');
  }
});
