import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites } from '../../src/db/schema/index.js';
import { insertSite } from '../scheduler/scheduler-fixtures.js';
import { createTestApp, type TestApp } from '../test-app.js';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.login();
});
afterAll(async () => {
  await t?.close();
});

const HOUR = 3_600_000;
const post = (payload: unknown) =>
  t.request({ method: 'POST', url: '/api/config', payload: payload as object, cookie });
const put = (id: number, payload: unknown) =>
  t.request({ method: 'PUT', url: `/api/config/${id}`, payload: payload as object, cookie });

function firstProblem(res: { json(): unknown }) {
  return (res.json() as { details: Array<{ field: string; message: string }> }).details[0]!;
}

describe('GET/POST/PUT/DELETE /api/config', () => {
  it('needs a session', async () => {
    expect((await t.request({ method: 'GET', url: '/api/config' })).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: '/api/config', payload: {} })).statusCode).toBe(401);
  });

  it("creates with the spec's defaults, trims topics, and answers with the site and the schedule", async () => {
    const site = await insertSite(t, { name: 'Kitchen Garden' });
    const before = Date.now();
    const res = await post({ site_id: site.id, topics: ['  Composting ', 'Seed saving'] });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      site_id: site.id,
      site_name: 'Kitchen Garden',
      site_url: site.url,
      site_is_active: true,
      topics: ['Composting', 'Seed saving'],
      posting_interval_min: 1,
      posting_interval_max: 3,
      max_posts_per_day: 10,
      post_status: 'draft',
      task_type: 'Blog Post',
      is_active: true,
      word_count: 3000,
      content_persona: '',
      posts_today: 0,
      last_post_at: null,
      last_error: null,
    });
    const due = Date.parse(body.next_post_at);
    expect(due).toBeGreaterThanOrEqual(before + 1 * HOUR);
    expect(due).toBeLessThanOrEqual(Date.now() + 3 * HOUR);

    const list = (await t.request({ method: 'GET', url: '/api/config', cookie })).json() as Array<{ id: number }>;
    expect(list.map((c) => c.id)).toContain(body.id);
    expect((await t.request({ method: 'GET', url: `/api/config/${body.id}`, cookie })).json()).toEqual(body);
  });

  it.each([
    ['no site', { site_id: undefined }, 'body.site_id'],
    ['no topics', { topics: [] }, 'body.topics'],
    ['a blank topic', { topics: ['Soil', '   '] }, 'body.topics.1'],
    ['a duplicate topic (trimmed, any case)', { topics: ['Soil', ' soil '] }, 'body.topics.1'],
    ['a topic over 200 characters', { topics: ['x'.repeat(201)] }, 'body.topics.0'],
    ['min above max', { posting_interval_min: 5, posting_interval_max: 4 }, 'body.posting_interval_max'],
    ['an interval of 0 hours', { posting_interval_min: 0 }, 'body.posting_interval_min'],
    ['an interval of 25 hours', { posting_interval_max: 25 }, 'body.posting_interval_max'],
    ['a fractional interval', { posting_interval_min: 1.5 }, 'body.posting_interval_min'],
    ['0 posts a day', { max_posts_per_day: 0 }, 'body.max_posts_per_day'],
    ['51 posts a day', { max_posts_per_day: 51 }, 'body.max_posts_per_day'],
    ['400 words', { word_count: 400 }, 'body.word_count'],
    ['50,100 words', { word_count: 50_100 }, 'body.word_count'],
    ['a word count off the 100 step', { word_count: 1250 }, 'body.word_count'],
    ['an unknown task type', { task_type: 'Poem' }, 'body.task_type'],
    ['post status scheduled', { post_status: 'scheduled' }, 'body.post_status'],
    ['topics as text', { topics: 'Soil' }, 'body.topics'],
  ])('refuses %s with a 400 naming the field', async (_label, change, field) => {
    const site = await insertSite(t);
    const res = await post({ site_id: site.id, topics: ['Soil'], ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation' });
    expect(firstProblem(res).field).toBe(field);
  });

  it('accepts the limits themselves', async () => {
    const site = await insertSite(t);
    const res = await post({
      site_id: site.id,
      topics: ['y'.repeat(200)],
      posting_interval_min: 24,
      posting_interval_max: 24,
      max_posts_per_day: 50,
      word_count: 50_000,
      post_status: 'published',
      task_type: 'Business Information Listing (like yelp)',
      content_persona: 'nina',
    });
    expect(res.statusCode).toBe(201);
    const other = await post({
      site_id: (await insertSite(t)).id,
      topics: ['z'],
      posting_interval_min: 1,
      posting_interval_max: 1,
      max_posts_per_day: 1,
      word_count: 500,
    });
    expect(other.statusCode).toBe(201);
  });

  it('only accepts an existing, active site', async () => {
    const missing = await post({ site_id: 999_999, topics: ['Soil'] });
    expect(missing.statusCode).toBe(400);
    expect(firstProblem(missing)).toEqual({ field: 'site_id', message: 'no site with id 999999 exists' });
    const off = await insertSite(t, { name: 'Dormant', isActive: false });
    const inactive = await post({ site_id: off.id, topics: ['Soil'] });
    expect(inactive.statusCode).toBe(400);
    expect(firstProblem(inactive).message).toContain('"Dormant" is inactive');
    const going = await insertSite(t, { deleting: true });
    expect((await post({ site_id: going.id, topics: ['Soil'] })).statusCode).toBe(400);
  });

  it('allows one configuration per site: a second is a 409 saying so', async () => {
    const site = await insertSite(t, { name: 'Only Once' });
    expect((await post({ site_id: site.id, topics: ['Soil'] })).statusCode).toBe(201);
    const second = await post({ site_id: site.id, topics: ['Other'] });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      code: 'conflict',
      error: expect.stringContaining('A blog configuration for the site "Only Once" already exists'),
    });
  });

  it('updates every field; a changed interval reschedules, other edits keep the slot', async () => {
    const site = await insertSite(t);
    const created = (await post({ site_id: site.id, topics: ['Soil'] })).json();
    const body = {
      site_id: site.id,
      topics: ['Soil', 'Mulch'],
      posting_interval_min: 1,
      posting_interval_max: 3,
      max_posts_per_day: 4,
      post_status: 'published',
      task_type: 'Recipe',
      is_active: true,
      word_count: 1200,
      content_persona: 'emily',
    };
    const edited = await put(created.id, body);
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ ...body, next_post_at: created.next_post_at });

    const before = Date.now();
    const rescheduled = (await put(created.id, { ...body, posting_interval_min: 20, posting_interval_max: 24 })).json();
    expect(Date.parse(rescheduled.next_post_at)).toBeGreaterThanOrEqual(before + 20 * HOUR);
    expect(Date.parse(rescheduled.next_post_at)).toBeLessThanOrEqual(Date.now() + 24 * HOUR);
    expect((await put(created.id, { ...body, posting_interval_min: 3, posting_interval_max: 2 })).statusCode).toBe(400);
  });

  it('keeps a configuration editable when its site was switched off, but moving it needs an active, free site', async () => {
    const site = await insertSite(t);
    const created = (await post({ site_id: site.id, topics: ['Soil'] })).json();
    await t.ctx.handle.db.update(sites).set({ isActive: false }).where(eq(sites.id, site.id));
    const edited = await put(created.id, { site_id: site.id, topics: ['Soil', 'Compost'] });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ site_is_active: false, topics: ['Soil', 'Compost'] });

    const taken = await insertSite(t);
    await post({ site_id: taken.id, topics: ['x'] });
    expect((await put(created.id, { site_id: taken.id, topics: ['Soil'] })).statusCode).toBe(409);
    const off = await insertSite(t, { isActive: false });
    expect(firstProblem(await put(created.id, { site_id: off.id, topics: ['Soil'] })).field).toBe('site_id');
    const free = await insertSite(t, { name: 'New Home' });
    expect((await put(created.id, { site_id: free.id, topics: ['Soil'] })).json()).toMatchObject({
      site_id: free.id,
      site_name: 'New Home',
    });
  });

  it('deletes; a missing id is a 404; deleting the site deletes its configuration', async () => {
    const site = await insertSite(t);
    const created = (await post({ site_id: site.id, topics: ['Soil'] })).json();
    expect((await t.request({ method: 'DELETE', url: `/api/config/${created.id}`, cookie })).json()).toEqual({
      success: true,
      id: created.id,
    });
    expect((await t.request({ method: 'DELETE', url: `/api/config/${created.id}`, cookie })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/api/config/${created.id}`, cookie })).statusCode).toBe(404);
    expect((await put(created.id, { site_id: site.id, topics: ['Soil'] })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/config/abc', cookie })).statusCode).toBe(400);

    const again = (await post({ site_id: site.id, topics: ['Soil'] })).json();
    expect((await t.request({ method: 'DELETE', url: `/api/sites/${site.id}`, cookie })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: `/api/config/${again.id}`, cookie })).statusCode).toBe(404);
  });
});
