import type { ProcessedTrendPage, TrendExecutionLog, TrendExecutionLogPage } from '@abp/contracts';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { sites } from '../../src/db/schema/index.js';
import { createSite, fakeWordPressFor } from '../sites/sites-helpers.js';
import { createTestApp, type TestApp, waitFor } from '../test-app.js';
import { ATOM_ENTRIES, atomFeed, GOOGLE_TRENDS, googleTrendsFeed } from './feed-fixtures.js';
import { FeedServer } from './feed-server.js';

export interface TrendHarness {
  t: TestApp;
  cookie: string;
  feeds: FeedServer;
  wp: ReturnType<typeof fakeWordPressFor>;
  close(): Promise<void>;
}

/** The test app with fake WordPress sites and a local feed server. */
export async function trendHarness(options: { role?: 'all' | 'web' } = {}): Promise<TrendHarness> {
  const t = await createTestApp(options.role ? { role: options.role } : {});
  const cookie = await t.login();
  const feeds = await FeedServer.start();
  const wp = fakeWordPressFor(t);
  return {
    t,
    cookie,
    feeds,
    wp,
    async close() {
      await feeds.close();
      await t.close();
    },
  };
}

/** The harness with the two fixture feeds (Google Trends RSS and an Atom feed) saved in the trend settings. */
export async function trendHarnessWithFeeds(): Promise<TrendHarness> {
  const h = await trendHarness();
  h.feeds
    .xml('/google.xml', googleTrendsFeed(GOOGLE_TRENDS))
    .xml('/atom.xml', atomFeed(ATOM_ENTRIES), 'application/atom+xml');
  await setTrendSettings(h, { feeds: [h.feeds.url('/google.xml'), h.feeds.url('/atom.xml')] });
  return h;
}

let siteCounter = 0;

/** A site (through the API) with a blog configuration; returns their ids and the site's URL. */
export async function siteWithConfig(
  h: TrendHarness,
  name: string,
  config: {
    topics: string[];
    post_status?: 'draft' | 'published';
    is_active?: boolean;
    max_posts_per_day?: number;
    word_count?: number;
    ramp?: { start_per_day: number; weeks: number };
  },
  site: { is_active?: boolean } = {},
) {
  siteCounter++;
  const url = `https://${name.toLowerCase().replace(/[^a-z]+/g, '-')}-${siteCounter}.example`;
  const created = await createSite(h.t, h.cookie, { name, url, is_active: true });
  const res = await h.t.request({
    method: 'POST',
    url: '/api/config',
    cookie: h.cookie,
    payload: {
      site_id: created.id,
      word_count: 500,
      max_posts_per_day: 10,
      post_status: 'draft',
      is_active: true,
      task_type: 'Blog Post',
      content_persona: '',
      ...config,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  if (site.is_active === false) {
    const off = await h.t.request({
      method: 'PUT',
      url: `/api/sites/${created.id}`,
      cookie: h.cookie,
      payload: { name, url, username: 'editor', password: '', is_active: false, content_persona: '' },
    });
    expect(off.statusCode, off.body).toBe(200);
  }
  return { siteId: created.id, configId: (res.json() as { id: number }).id, url: created.url };
}

export async function setTrendSettings(
  h: TrendHarness,
  body: { feeds?: string[] | null; geo?: string | null; interval_hours?: number | null },
) {
  const res = await h.t.request({
    method: 'PUT',
    url: '/api/settings/trends',
    cookie: h.cookie,
    payload: { interval_hours: 0, ...body },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

export async function getJson<T>(h: TrendHarness, url: string): Promise<T> {
  const res = await h.t.request({ method: 'GET', url, cookie: h.cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

export const logs = (h: TrendHarness, query = '') => getJson<TrendExecutionLogPage>(h, `/api/trends/logs${query}`);
export const processed = (h: TrendHarness, query = '') =>
  getJson<ProcessedTrendPage>(h, `/api/trends/processed${query}`);

/** POST /api/trends/check, then waits until that run's execution log is finished. */
export async function runCheck(h: TrendHarness, timeoutMs = 60_000): Promise<TrendExecutionLog> {
  const before = (await logs(h, '?limit=1')).items[0]?.id ?? 0;
  const res = await h.t.request({ method: 'POST', url: '/api/trends/check', cookie: h.cookie });
  expect(res.statusCode, res.body).toBe(202);
  return waitFor(
    async () => {
      const [latest] = (await logs(h, '?limit=1')).items;
      return latest && latest.id > before && latest.status !== 'running' ? latest : null;
    },
    timeoutMs,
    200,
  );
}

/** A site whose credentials WordPress rejected (issue #37 point 3), as the sites module records it. */
export async function rejectCredentials(h: TrendHarness, siteId: number): Promise<void> {
  await h.t.ctx.handle.db
    .update(sites)
    .set({ credentialsRejectedAt: new Date(), credentialsRejectedReason: 'HTTP 401' })
    .where(eq(sites.id, siteId));
}
