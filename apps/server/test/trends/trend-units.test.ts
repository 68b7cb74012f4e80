import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleProductions, articles, processedTrends, trendExecutionLogs } from '../../src/db/schema/index.js';
import { runUnitAsItsEntry } from '../article-pipeline/run-unit.js';
import { GOOGLE_TRENDS, googleTrendsFeed } from './feed-fixtures.js';
import { setTrendSettings, siteWithConfig, type TrendHarness, trendHarness } from './trend-helpers.js';

/*
 * A trend check queues each chosen trend's article as a unit of the article pipeline. The app here
 * is web-only (it queues but never runs entries), so the test runs each unit as its entry would.
 */
let h: TrendHarness;

beforeAll(async () => {
  h = await trendHarness({ role: 'web' });
  h.feeds.xml('/google.xml', googleTrendsFeed(GOOGLE_TRENDS));
  await setTrendSettings(h, { feeds: [h.feeds.url('/google.xml')] });
}, 60_000);
afterAll(async () => h?.close());

/** The trend units of one site (their context names it). */
const units = async (siteId: number) =>
  (
    await h.t.ctx.handle.db
      .select()
      .from(articleProductions)
      .where(eq(articleProductions.origin, 'trend'))
      .orderBy(articleProductions.createdAt, articleProductions.originKey)
  ).filter((unit) => unit.context.siteId === siteId);
const runRow = async (id: number) =>
  (await h.t.ctx.handle.db.select().from(trendExecutionLogs).where(eq(trendExecutionLogs.id, id)))[0]!;

describe('trend articles are units of the article pipeline', () => {
  it('each chosen trend is one unit queued with its claim; a duplicated entry does nothing; the last article completes the run', async () => {
    const { siteId } = await siteWithConfig(h, 'Garden Units', {
      topics: ['tomatoes', 'roses', 'compost'],
      post_status: 'published',
    });
    const summary = await h.t.services.trendChecks.run('manual', null);
    expect(summary).toMatchObject({ status: 'planned', trendsFound: 4, articlesQueued: 2 });
    // Planned, not finished: the run waits for its articles.
    expect(await runRow(summary.runId)).toMatchObject({
      status: 'running',
      articlesGenerated: 0,
      plannedAt: expect.any(Date),
    });

    const queued = await units(siteId);
    expect(queued).toHaveLength(2);
    const claims = await h.t.ctx.handle.db.select().from(processedTrends).where(eq(processedTrends.siteId, siteId));
    expect(queued.map((unit) => unit.originKey).sort()).toEqual(
      claims.map((claim) => `trend-claim:${claim.id}`).sort(),
    );
    expect(queued.every((unit) => unit.state === 'queued' && unit.queueJobId !== null)).toBe(true);
    expect(queued[0]!.policy).toEqual({ publish: true, status: 'published', onQualityGate: 'refuse', siteId });

    // An entry that does not own the unit changes nothing.
    expect(await h.t.services.pipeline.runner.run(queued[0]!.originKey, { queueJobId: 'a-duplicated-entry' })).toEqual({
      status: 'not-owner',
    });
    expect(await h.t.ctx.handle.db.select().from(articles).where(eq(articles.siteId, siteId))).toEqual([]);

    for (const [index, unit] of queued.entries()) {
      expect(await runUnitAsItsEntry(h.t, unit.originKey)).toMatchObject({
        status: 'finished',
        end: { result: 'succeeded' },
      });
      // Run again (a retried entry after it finished): nothing more happens.
      expect(await runUnitAsItsEntry(h.t, unit.originKey)).toEqual({ status: 'not-owner' });
      expect((await runRow(summary.runId)).status).toBe(index < queued.length - 1 ? 'running' : 'completed');
    }
    expect(await runRow(summary.runId)).toMatchObject({
      status: 'completed',
      articlesGenerated: 2,
      articlesPublished: 2,
      errors: [],
    });
    const written = await h.t.ctx.handle.db
      .select()
      .from(articles)
      .where(and(eq(articles.siteId, siteId), eq(articles.origin, 'trend')));
    expect(written).toHaveLength(2);
    expect(
      written.every((article) => article.status === 'published' && article.content.includes('<h2>Sources</h2>')),
    ).toBe(true);
    const done = await h.t.ctx.handle.db.select().from(processedTrends).where(eq(processedTrends.siteId, siteId));
    expect(done.every((claim) => claim.articleId !== null && claim.processedAt !== null)).toBe(true);
  });

  it("a failure that stops the site stops the run's other articles for it: they are released unwritten", async () => {
    const site = await siteWithConfig(h, 'Garden Halted', { topics: ['tomatoes', 'roses', 'compost'] });
    // The first site's trend posts went to the WordPress trash: they no longer cover these trends on
    // the operator's sites (site knowledge skips a trend another site has, issue #32).
    await h.t.ctx.handle.db.update(articles).set({ wordpressStatus: 'trash' }).where(eq(articles.origin, 'trend'));
    const summary = await h.t.services.trendChecks.run('manual', null);
    expect(summary).toMatchObject({ status: 'planned', articlesQueued: 2 });
    // The site is switched off after the check chose its trends: the first article is refused.
    const res = await h.t.request({
      method: 'PUT',
      url: `/api/sites/${site.siteId}`,
      cookie: h.cookie,
      payload: {
        name: 'Garden Halted',
        url: site.url,
        username: 'editor',
        password: '',
        is_active: false,
        content_persona: '',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    // The first site's trends are all taken: only this site's are queued.
    const [first, ...rest] = await units(site.siteId);
    expect(rest).toHaveLength(1);
    expect(await runUnitAsItsEntry(h.t, first!.originKey)).toMatchObject({
      status: 'finished',
      end: { result: 'failed', stage: 'refused' },
    });
    for (const unit of rest)
      expect(await runUnitAsItsEntry(h.t, unit.originKey)).toMatchObject({
        status: 'finished',
        end: { result: 'skipped' },
      });

    const run = await runRow(summary.runId);
    expect(run).toMatchObject({
      status: 'completed',
      articlesGenerated: 0,
      articlesPublished: 0,
      halted: { sites: [site.siteId] },
    });
    expect(run.errors).toEqual([
      { scope: 'site', target: 'Garden Halted', kind: 'site', message: expect.stringMatching(/^".+": .*inactive/i) },
    ]);
    expect(
      await h.t.ctx.handle.db.select().from(processedTrends).where(eq(processedTrends.siteId, site.siteId)),
    ).toEqual([]);
    expect(await h.t.ctx.handle.db.select().from(articles).where(eq(articles.siteId, site.siteId))).toEqual([]);
  });
});
