import type { TrendMonitorStatus } from '@abp/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { articles, processedTrends, trendExecutionLogs } from '../../src/db/schema/index.js';
import { FeedReader } from '../../src/integrations/trends/index.js';
import { WordPressError } from '../../src/integrations/wordpress/index.js';
import { waitFor } from '../test-app.js';
import { GOOGLE_TRENDS, googleTrendsFeed } from './feed-fixtures.js';
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

beforeAll(async () => {
  h = await trendHarness();
  h.t.services.trendChecks.feedReader = new FeedReader({ timeoutMs: 500 });
  h.feeds
    .xml('/google.xml', googleTrendsFeed(GOOGLE_TRENDS))
    .status('/down.xml', 500, {}, 'boom')
    .hang('/slow.xml')
    .xml('/broken.xml', '<?xml version="1.0"?><rss><channel><item><title>Half</title></channel>')
    .status('/limited.xml', 429, { 'Retry-After': '3600' })
    .xml('/page.html', '<!DOCTYPE html><html><body>Before you continue</body></html>', 'text/html');
  garden = await siteWithConfig(h, 'Garden Blog', { topics: ['tomatoes'], post_status: 'published' });
}, 60_000);
afterAll(async () => h?.close());

beforeEach(async () => {
  // Fresh trends and articles each test (a second article with the same title would be held back by the quality gate).
  await h.t.ctx.handle.db.delete(processedTrends);
  await h.t.ctx.handle.db.delete(articles);
  h.wp.fakeAt(garden.url).clearFailures();
});

describe('feeds that fail', () => {
  it('a feed returning 500, one timing out, one with broken XML and one rate limited: the run completes and logs each error', async () => {
    const bad = ['/down.xml', '/slow.xml', '/broken.xml', '/limited.xml', '/page.html'].map((p) => h.feeds.url(p));
    await setTrendSettings(h, { feeds: [h.feeds.url('/google.xml'), ...bad] });
    const run = await runCheck(h);
    expect(run).toMatchObject({ status: 'completed', trends_found: 4, articles_generated: 1, articles_published: 1 });
    expect(run.errors).toEqual([
      {
        scope: 'feed',
        target: bad[0],
        kind: 'http_error',
        message: 'The feed answered HTTP 500 Internal Server Error.',
      },
      { scope: 'feed', target: bad[1], kind: 'timeout', message: 'No complete answer within 500 ms (timeout).' },
      {
        scope: 'feed',
        target: bad[2],
        kind: 'malformed',
        message: expect.stringMatching(/^The feed is not well-formed XML: .+ \(line 1, column \d+\)\.$/),
      },
      {
        scope: 'feed',
        target: bad[3],
        kind: 'rate_limited',
        message: 'Rate limited by the feed (HTTP 429); retry after 3600 s.',
      },
      {
        scope: 'feed',
        target: bad[4],
        kind: 'not_xml',
        message: 'The address answered with an HTML page, not a feed.',
      },
    ]);
    expect((await processed(h)).items.map((p) => p.title)).toEqual(['Tomato blight']);
  });

  it('when every feed fails the run still completes, with nothing found', async () => {
    await setTrendSettings(h, { feeds: [h.feeds.url('/down.xml'), h.feeds.url('/missing.xml')] });
    const run = await runCheck(h);
    expect(run).toMatchObject({ status: 'completed', trends_found: 0, articles_generated: 0 });
    expect(run.errors.map((e) => e.message)).toEqual([
      'The feed answered HTTP 500 Internal Server Error.',
      'The feed answered HTTP 404 Not Found.',
    ]);
    // The Dashboard's Last Trend Check says the feeds could not be read (issue #17 item 12).
    const dashboard = await getJson<{
      trend_stats: { last_execution: { unreachable_feeds: { feed: string; reason: string }[] } };
    }>(h, '/api/dashboard');
    expect(dashboard.trend_stats.last_execution.unreachable_feeds).toEqual([
      { feed: h.feeds.url('/down.xml'), reason: 'The feed answered HTTP 500 Internal Server Error.' },
      { feed: h.feeds.url('/missing.xml'), reason: 'The feed answered HTTP 404 Not Found.' },
    ]);
  });
});

describe('feeds that redirect where the outbound rule does not follow', () => {
  it('a feed redirecting to another local server: nothing is read there, and the Dashboard says why', async () => {
    // The feed's own address (127.0.0.1) is the operator's choice; localhost is another origin on a loopback address.
    const target = `http://localhost:${new URL(h.feeds.baseUrl).port}/google.xml`;
    h.feeds.on('/moved.xml', (_req, res) => {
      res.writeHead(301, { Location: target });
      res.end();
    });
    await setTrendSettings(h, { feeds: [h.feeds.url('/moved.xml')] });
    const run = await runCheck(h);
    expect(run).toMatchObject({ status: 'completed', trends_found: 0, articles_generated: 0 });
    const reason = new RegExp(
      `^The feed redirected to ${target.replace(/[.]/g, '\\.')} \\(its name resolves to (127\\.0\\.0\\.1|::1)\\), a loopback address; it was not followed\\.$`,
    );
    expect(run.errors).toEqual([
      {
        scope: 'feed',
        target: h.feeds.url('/moved.xml'),
        kind: 'redirect_refused',
        message: expect.stringMatching(reason),
      },
    ]);
    const dashboard = await getJson<{
      trend_stats: { last_execution: { unreachable_feeds: { feed: string; reason: string }[] } };
    }>(h, '/api/dashboard');
    expect(dashboard.trend_stats.last_execution.unreachable_feeds).toEqual([
      { feed: h.feeds.url('/moved.xml'), reason: expect.stringMatching(reason) },
    ]);
  });
});

describe('a publish that fails', () => {
  it('keeps the article (a draft, with the reason), records the trend as processed and logs the error', async () => {
    await setTrendSettings(h, { feeds: [h.feeds.url('/google.xml')] });
    // A refusal (a 5xx would be tried again later: the pipeline's one rule for passing failures).
    h.wp.fakeAt(garden.url).failAlways(
      'posts.create',
      new WordPressError('missing_capability', {
        status: 403,
        wpCode: 'rest_cannot_create',
        message: 'Sorry, you are not allowed to create posts as this user.',
      }),
    );
    const run = await runCheck(h);
    expect(run).toMatchObject({ status: 'completed', articles_generated: 1, articles_published: 0 });
    expect(run.errors).toEqual([
      {
        scope: 'site',
        target: 'Garden Blog',
        kind: 'publishing',
        message: expect.stringContaining('"Tomato blight": publishing to WordPress failed:'),
      },
    ]);
    const [item] = (await processed(h)).items;
    const [article] = await h.t.ctx.handle.db.select().from(articles).where(eq(articles.id, item!.article_id!));
    // One rule for every producer (issue #14): a failed publish leaves the article's status as it was.
    expect(article).toMatchObject({ status: 'draft', origin: 'trend', wordpressPostId: null });
    expect(article!.failureReason).toMatch(/^Publishing failed: WordPress post create failed/);
  });
});

describe('one check at a time', () => {
  it('a second request while a check runs is a 409, and the status says running', async () => {
    h.t.services.trendChecks.feedReader = new FeedReader({ timeoutMs: 2500 });
    await setTrendSettings(h, { feeds: [h.feeds.url('/slow.xml')] });
    const first = await h.t.request({ method: 'POST', url: '/api/trends/check', cookie: h.cookie });
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ status: 'started', job_id: expect.any(String) });

    const second = await h.t.request({ method: 'POST', url: '/api/trends/check', cookie: h.cookie });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ error: 'Trend check already running', code: 'conflict' });
    expect(await getJson<TrendMonitorStatus>(h, '/api/trends/status')).toEqual({ isRunning: true, activeJobs: 1 });

    await waitFor(async () => !(await getJson<TrendMonitorStatus>(h, '/api/trends/status')).isRunning, 20_000, 200);
    expect((await logs(h, '?limit=1')).items[0]).toMatchObject({
      status: 'completed',
      errors: [expect.objectContaining({ kind: 'timeout' })],
    });
    expect((await h.t.request({ method: 'POST', url: '/api/trends/check', cookie: h.cookie })).statusCode).toBe(202);
    await waitFor(async () => !(await getJson<TrendMonitorStatus>(h, '/api/trends/status')).isRunning, 20_000, 200);
    h.t.services.trendChecks.feedReader = new FeedReader({ timeoutMs: 500 });
  });
});

describe('a check whose worker died', () => {
  it('is closed as failed by the next check, and the trends it had claimed are picked again', async () => {
    await setTrendSettings(h, { feeds: [h.feeds.url('/google.xml')] });
    const { db } = h.t.ctx.handle;
    const [dead] = await db
      .insert(trendExecutionLogs)
      .values({ status: 'running', trigger: 'schedule', createdAt: new Date(Date.now() - 60_000) })
      .returning();
    await db.insert(processedTrends).values({
      normalizedTitle: 'tomato blight',
      title: 'Tomato blight',
      siteId: garden.siteId,
      siteName: 'Garden Blog',
      executionLogId: dead!.id,
    });

    const run = await runCheck(h);
    expect(run).toMatchObject({ status: 'completed', articles_generated: 1, articles_published: 1 });
    const [closed] = await db.select().from(trendExecutionLogs).where(eq(trendExecutionLogs.id, dead!.id));
    expect(closed).toMatchObject({
      status: 'failed',
      errors: [{ scope: 'run', kind: 'interrupted', target: 'trend check', message: expect.any(String) }],
    });
    expect(closed!.executionTimeMs).toBeGreaterThanOrEqual(59_000);
    const rows = await db.select().from(processedTrends);
    expect(rows.map((r) => [r.title, r.executionLogId === run.id, r.articleId !== null])).toEqual([
      ['Tomato blight', true, true],
    ]);
  });
});

describe('the request parameters', () => {
  it('limit and offset are validated with the field named', async () => {
    for (const [query, field] of [
      ['?limit=0', 'querystring.limit'],
      ['?limit=101', 'querystring.limit'],
      ['?limit=abc', 'querystring.limit'],
      ['?offset=-1', 'querystring.offset'],
    ] as const) {
      const res = await h.t.request({ method: 'GET', url: `/api/trends/logs${query}`, cookie: h.cookie });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().details[0].field).toBe(field);
    }
  });

  it('every trend call needs a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/trends/status'],
      ['GET', '/api/trends/stats'],
      ['GET', '/api/trends/logs'],
      ['GET', '/api/trends/processed'],
      ['POST', '/api/trends/check'],
      ['GET', '/api/settings/trends'],
    ] as const) {
      expect((await h.t.request({ method, url })).statusCode, url).toBe(401);
    }
  });
});
