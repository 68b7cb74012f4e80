import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app.js';
import { insertManyArticles, insertSite } from './article-fixtures.js';

const COUNT = 60;
const STATUSES = ['draft', 'review', 'published', 'scheduled', 'failed'];

let t: TestApp;
let cookie: string;
let siteIds: number[];

/** What the database holds, modelled in memory: article i is "Article i", newest = highest i. */
function model() {
  return Array.from({ length: COUNT }, (_, k) => k + 1)
    .map((i) => ({ title: `Article ${i}`, siteId: siteIds[i % 3]!, status: STATUSES[i % 5]!, trend: i % 3 === 0 }))
    .reverse();
}

async function list(query: string) {
  const res = await t.request({ method: 'GET', url: `/api/articles${query}`, cookie });
  return {
    status: res.statusCode,
    body: res.json() as {
      items: { id: number; title: string; site_id: number; status: string; source_type: string; site_name: string }[];
      total: number;
      error?: string;
      details?: { field: string; message: string }[];
    },
  };
}

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.login();
  const sites = [
    await insertSite(t, { name: 'Alpha' }),
    await insertSite(t, { name: 'Beta' }),
    await insertSite(t, { name: 'Gamma' }),
  ];
  siteIds = sites.map((s) => s.id);
  await insertManyArticles(t, COUNT, siteIds);
});
afterAll(async () => t.close());

describe('GET /api/articles', () => {
  it('returns the first page of 10, newest first, with the total', async () => {
    const { status, body } = await list('');
    expect(status).toBe(200);
    expect(body.total).toBe(COUNT);
    expect(body.items.map((a) => a.title)).toEqual(
      model()
        .slice(0, 10)
        .map((a) => a.title),
    );
    // The current site name wins over the snapshot taken at generation.
    expect(body.items[0]!.site_name).toBe('Alpha');
  });

  it('pages with limit and offset against the same total', async () => {
    const { body } = await list('?limit=25&offset=50');
    expect(body.total).toBe(COUNT);
    expect(body.items.map((a) => a.title)).toEqual(
      model()
        .slice(50, 75)
        .map((a) => a.title),
    );
  });

  it.each([
    [
      'site_id',
      (ids: number[]) => `site_id=${ids[1]}`,
      (a: ReturnType<typeof model>[number], ids: number[]) => a.siteId === ids[1],
    ],
    ['status', () => 'status=published', (a: ReturnType<typeof model>[number]) => a.status === 'published'],
    ['source_type=trend', () => 'source_type=trend', (a: ReturnType<typeof model>[number]) => a.trend],
    ['source_type=manual', () => 'source_type=manual', (a: ReturnType<typeof model>[number]) => !a.trend],
  ])('filters by %s in the database, total included', async (_name, query, keep) => {
    const expected = model().filter((a) => keep(a, siteIds));
    const { body } = await list(`?limit=50&${query(siteIds)}`);
    expect(body.total).toBe(expected.length);
    expect(body.items.map((a) => a.title)).toEqual(expected.slice(0, 50).map((a) => a.title));
  });

  it('combines filters and marks the source type of each item', async () => {
    const expected = model().filter((a) => a.siteId === siteIds[0] && a.status === 'draft' && a.trend);
    const { body } = await list(`?site_id=${siteIds[0]}&status=draft&source_type=trend`);
    expect(body.total).toBe(expected.length);
    expect(body.items.map((a) => a.title)).toEqual(expected.map((a) => a.title));
    expect(body.items.every((a) => a.source_type === 'trend' && a.status === 'draft')).toBe(true);
  });

  it('treats empty filter values as no filter', async () => {
    const { status, body } = await list('?site_id=&status=&source_type=');
    expect(status).toBe(200);
    expect(body.total).toBe(COUNT);
  });

  it('keeps totals exact after edits and deletes (trigger-maintained counts)', async () => {
    const first = (await list('?limit=1')).body.items[0]!;
    const { body: page } = await list('?status=draft&limit=1');
    const draft = page.items[0]!;
    const draftsBefore = page.total;
    await t.request({ method: 'PUT', url: `/api/articles/${draft.id}`, payload: { status: 'review' }, cookie });
    expect((await list('?status=draft')).body.total).toBe(draftsBefore - 1);
    await t.request({ method: 'DELETE', url: `/api/articles/${first.id}`, cookie });
    expect((await list('')).body.total).toBe(COUNT - 1);
  });

  it('returns an empty page past the end', async () => {
    const { body } = await list('?offset=1000');
    expect(body.items).toEqual([]);
    expect(body.total).toBeGreaterThan(0);
  });

  it.each([
    ['limit=0', 'querystring.limit', 'must be at least 1'],
    ['limit=101', 'querystring.limit', 'must be at most 100'],
    ['limit=abc', 'querystring.limit', 'must be a number'],
    ['offset=-1', 'querystring.offset', 'must not be negative'],
    ['offset=1.5', 'querystring.offset', 'must be a whole number'],
    ['site_id=abc', 'querystring.site_id', 'must be a positive whole number (a site id)'],
    ['site_id=0', 'querystring.site_id', 'must be a positive whole number (a site id)'],
    ['status=archived', 'querystring.status', undefined],
    ['source_type=rss', 'querystring.source_type', undefined],
  ])('rejects %s with a 400 naming the field', async (query, field, message) => {
    const { status, body } = await list(`?${query}`);
    expect(status).toBe(400);
    expect(body.details?.[0]?.field).toBe(field);
    if (message) expect(body.details?.[0]?.message).toBe(message);
  });

  it('needs a session', async () => {
    const res = await t.request({ method: 'GET', url: '/api/articles' });
    expect(res.statusCode).toBe(401);
  });
});
