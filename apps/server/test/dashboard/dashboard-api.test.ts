import type { Dashboard } from '@abp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertArticle, insertSite } from '../articles/article-fixtures.js';
import { createTestApp, type TestApp } from '../test-app.js';

const DAY = 86_400_000;

/** Consecutive dates ending with `today` ('YYYY-MM-DD'), oldest first: the expected axis of the chart. */
function lastDays(today: string, days: number): string[] {
  const end = Date.parse(`${today}T00:00:00Z`);
  return Array.from({ length: days }, (_, i) => new Date(end - (days - 1 - i) * DAY).toISOString().slice(0, 10));
}
let t: TestApp;
let cookie: string;

const get = async (query = '') => {
  const res = await t.request({ method: 'GET', url: `/api/dashboard${query}`, cookie });
  return { status: res.statusCode, body: res.json() as Dashboard & { error?: string } };
};

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.login();
});
afterAll(async () => t.close());

describe('GET /api/dashboard', () => {
  it('is all zeros with no sites and no articles, the trend monitor idle', async () => {
    const { status, body } = await get();
    expect(status).toBe(200);
    expect(body).toMatchObject({
      totalArticles: 0,
      publishedArticles: 0,
      draftArticles: 0,
      total_articles: 0,
      recent_articles: 0,
      by_site: [],
      time_zone: 'UTC',
      trend_monitor: { isRunning: false, activeJobs: 0 },
      trend_stats: { total_processed: 0, recent_articles: 0, recent_trend_articles: 0, last_execution: null },
    });
    expect(body.by_status).toEqual(
      ['draft', 'review', 'published', 'scheduled', 'failed'].map((status) => ({ status, count: 0 })),
    );
    expect(body.articles_per_day).toHaveLength(30);
    expect(body.articles_per_day.every((d) => d.count === 0)).toBe(true);
    expect(body.articles_per_day.at(-1)!.date).toBe(new Date().toISOString().slice(0, 10));
  });

  it('counts by status, by site, the last 7 days and per day, as the database holds them', async () => {
    const now = Date.now();
    const garden = await insertSite(t, { name: 'Garden' });
    const kitchen = await insertSite(t, { name: 'Kitchen' });
    await insertSite(t, { name: 'Empty' });
    const plan = [
      { siteId: garden.id, status: 'published', daysAgo: 0 },
      { siteId: garden.id, status: 'published', daysAgo: 1 },
      { siteId: garden.id, status: 'draft', daysAgo: 1 },
      { siteId: kitchen.id, status: 'draft', daysAgo: 6.5 },
      { siteId: kitchen.id, status: 'review', daysAgo: 8 },
      // 28.5, not 29.2: 29.2 days back falls outside the 30-day chart between 00:00 and 04:48 UTC.
      { siteId: kitchen.id, status: 'failed', daysAgo: 28.5 },
      { siteId: null, status: 'scheduled', daysAgo: 45 },
    ] as const;
    for (const p of plan)
      await insertArticle(t, { siteId: p.siteId, status: p.status, createdAt: new Date(now - p.daysAgo * DAY) });

    const { body } = await get();
    expect(body).toMatchObject({
      totalArticles: 7,
      total_articles: 7,
      publishedArticles: 2,
      draftArticles: 2,
      recent_articles: 4,
    });
    expect(body.by_status).toEqual([
      { status: 'draft', count: 2 },
      { status: 'review', count: 1 },
      { status: 'published', count: 2 },
      { status: 'scheduled', count: 1 },
      { status: 'failed', count: 1 },
    ]);
    expect(body.by_site.map((s) => [s.site_name, s.count])).toEqual([
      ['Empty', 0],
      ['Garden', 3],
      ['Kitchen', 3],
      ['No site (deleted or unassigned)', 1],
    ]);
    const expectedPerDay = new Map<string, number>();
    for (const p of plan) {
      const date = new Date(now - p.daysAgo * DAY).toISOString().slice(0, 10);
      expectedPerDay.set(date, (expectedPerDay.get(date) ?? 0) + 1);
    }
    const days = lastDays(new Date(now).toISOString().slice(0, 10), 30);
    expect(body.articles_per_day).toEqual(days.map((date) => ({ date, count: expectedPerDay.get(date) ?? 0 })));
    expect(body.articles_per_day.reduce((sum, d) => sum + d.count, 0)).toBe(6); // the 45-day-old one is outside
  });

  it("gives the Trend Monitor the Dashboard's Recent Articles figure, with the share trends wrote (issue #17 item 18)", async () => {
    const now = Date.now();
    await insertArticle(t, { origin: 'trend', createdAt: new Date(now - 2 * DAY) });
    await insertArticle(t, { origin: 'trend', createdAt: new Date(now - 10 * DAY) }); // outside the 7 days
    const { body } = await get();
    const trendStats = (
      await t.request({ method: 'GET', url: '/api/trends/stats', cookie })
    ).json() as Dashboard['trend_stats'];
    // 4 of the previous test + the 2-day-old trend article; one figure means one thing on both screens.
    expect(body.recent_articles).toBe(5);
    expect(trendStats).toMatchObject({ recent_articles: 5, recent_trend_articles: 1 });
    expect(body.trend_stats).toMatchObject({ recent_articles: 5, recent_trend_articles: 1 });
  });

  it('groups days in the requested time zone', async () => {
    const { body } = await get('?tz=Pacific/Kiritimati'); // UTC+14: "today" there is often tomorrow in UTC
    const today = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Pacific/Kiritimati',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(new Date());
    expect(body.time_zone).toBe('Pacific/Kiritimati');
    expect(body.articles_per_day.at(-1)!.date).toBe(today);
    expect(body.articles_per_day.reduce((sum, d) => sum + d.count, 0)).toBe(8);
  });

  it('refuses an unknown time zone with a 400 naming the field', async () => {
    const { status, body } = await get('?tz=Mars/Olympus');
    expect(status).toBe(400);
    expect(body.error).toContain('querystring.tz');
  });

  it('follows deletions and site removal', async () => {
    const site = await insertSite(t, { name: 'Temporary' });
    await insertArticle(t, { siteId: site.id, status: 'published' });
    const before = (await get()).body;
    await t.request({ method: 'DELETE', url: `/api/sites/${site.id}`, cookie });
    const { body } = await get();
    // The site row is gone or going; its article now counts as without a site or with it — never twice.
    expect(body.total_articles).toBe(before.total_articles);
    expect(body.by_site.reduce((sum, s) => sum + s.count, 0)).toBe(body.total_articles);
  });

  it('needs a session', async () => {
    expect((await t.request({ method: 'GET', url: '/api/dashboard' })).statusCode).toBe(401);
  });
});
