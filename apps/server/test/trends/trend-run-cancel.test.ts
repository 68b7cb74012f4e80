import { TREND_RUN_PAGE, type TrendRunDetail } from '@abp/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { articleProductions, articles } from '../../src/db/schema/index.js';
import { FeedReader } from '../../src/integrations/trends/index.js';
import { runUnitAsItsEntry } from '../article-pipeline/run-unit.js';
import { waitFor } from '../test-app.js';
import { GOOGLE_TRENDS, googleTrendsFeed } from './feed-fixtures.js';
import { getJson, logs, setTrendSettings, siteWithConfig, type TrendHarness, trendHarness } from './trend-helpers.js';

/*
 * Issue #37 point 2: Cancel on a trend check's page. The app here is web-only (it queues but never
 * runs entries), so the check and its units are run by hand, as their entries would.
 */
let h: TrendHarness;
beforeAll(async () => {
  h = await trendHarness({ role: 'web' });
  h.feeds.xml('/google.xml', googleTrendsFeed(GOOGLE_TRENDS));
  await setTrendSettings(h, { feeds: [h.feeds.url('/google.xml')] });
}, 60_000);
afterAll(async () => h?.close());

const cancel = (id: number | string) =>
  h.t.request({ method: 'POST', url: `/api/trends/runs/${id}/cancel`, cookie: h.cookie });

it('a cancelled run writes none of the articles it had queued; its claims are released and the run ends', async () => {
  const { siteId } = await siteWithConfig(h, 'Garden Cancel', { topics: ['tomatoes', 'roses', 'compost'] });
  const summary = await h.t.services.trendChecks.run('manual', null);
  expect(summary).toMatchObject({ status: 'planned', articlesQueued: 2 });
  const before = await getJson<TrendRunDetail>(h, `/api/trends/runs/${summary.runId}`);
  expect(before.run.status).toBe('running');
  expect(before.items.map((item) => item.state)).toEqual(['writing', 'writing']);

  const res = await cancel(summary.runId);
  expect(res.statusCode, res.body).toBe(200);
  const cancelled = res.json() as TrendRunDetail;
  expect(cancelled.run.errors).toContainEqual({
    scope: 'run',
    target: 'trend check',
    kind: 'cancelled',
    message: TREND_RUN_PAGE.cancelledReason,
  });
  // Asked twice: the second is refused, the log keeps one entry.
  expect((await cancel(summary.runId)).statusCode).toBe(409);

  const units = await h.t.ctx.handle.db.select().from(articleProductions).where(eq(articleProductions.origin, 'trend'));
  expect(units).toHaveLength(2);
  for (const unit of units)
    expect(await runUnitAsItsEntry(h.t, unit.originKey)).toMatchObject({
      status: 'finished',
      end: { result: 'skipped', reason: TREND_RUN_PAGE.cancelledSkip },
    });

  expect(await h.t.ctx.handle.db.select().from(articles).where(eq(articles.siteId, siteId))).toEqual([]);
  const after = await getJson<TrendRunDetail>(h, `/api/trends/runs/${summary.runId}`);
  expect(after.run).toMatchObject({ status: 'completed', articles_generated: 0 });
  expect(after.run.errors.filter((error) => error.kind === 'cancelled')).toHaveLength(1);
  expect(after.items).toEqual([]);
  // A finished run is not cancelled (409 with the reason).
  const late = await cancel(summary.runId);
  expect(late.statusCode).toBe(409);
  expect(late.json()).toMatchObject({ error: TREND_RUN_PAGE.notRunning });
}, 90_000);

it('a check cancelled while it is still reading feeds stops reading them and ends as cancelled', async () => {
  const { siteId } = await siteWithConfig(h, 'Garden Slow Feed', { topics: ['tomatoes', 'roses', 'compost'] });
  // A feed that answers only when the test ends: with a reader that waits ten minutes for it, only
  // the Cancel can end the run.
  let reached!: () => void;
  const requested = new Promise<void>((resolve) => {
    reached = resolve;
  });
  let closedByClient = false;
  h.feeds.on('/slow.xml', (_req, res) => {
    res.on('close', () => {
      if (!res.writableEnded) closedByClient = true;
    });
    reached();
  });
  await setTrendSettings(h, { feeds: [h.feeds.url('/google.xml'), h.feeds.url('/slow.xml')] });
  h.t.services.trendChecks.feedReader = new FeedReader({ timeoutMs: 10 * 60_000 });

  const running = h.t.services.trendChecks.run('manual', null);
  await requested;
  const [run] = (await logs(h, '?limit=1')).items;
  expect(run?.status).toBe('running');
  const res = await cancel(run!.id);
  expect(res.statusCode, res.body).toBe(200);

  expect(await running).toMatchObject({ runId: run!.id, status: 'cancelled', articlesQueued: 0 });
  // The slow feed's request was given up (the connection closed before it answered).
  expect(await waitFor(async () => closedByClient || null, 10_000, 50)).toBe(true);
  const after = await getJson<TrendRunDetail>(h, `/api/trends/runs/${run!.id}`);
  expect(after.run.status).toBe('completed');
  // Only the Cancel is in its log: no feed timeout, no interruption, no failure.
  expect(after.run.errors).toEqual([
    { scope: 'run', target: 'trend check', kind: 'cancelled', message: TREND_RUN_PAGE.cancelledReason },
  ]);
  expect(after.items).toEqual([]);
  expect(await h.t.ctx.handle.db.select().from(articles).where(eq(articles.siteId, siteId))).toEqual([]);
}, 60_000);

it('answers 404 for a run that does not exist and 400 naming the id for a bad one', async () => {
  expect((await cancel(999999)).statusCode).toBe(404);
  const bad = await cancel('x1');
  expect(bad.statusCode).toBe(400);
  expect(JSON.stringify(bad.json())).toContain('id');
});
