import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rawQuery } from '../../src/db/client.js';
import { createTestApp, type TestApp, waitFor } from '../test-app.js';
import { createSite, fakeWordPressFor } from './sites-helpers.js';

describe('deleting a site', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.login();
  });
  afterAll(async () => t.close());
  beforeEach(async () => {
    await rawQuery(t.ctx.handle, 'DELETE FROM articles');
    await rawQuery(t.ctx.handle, 'DELETE FROM sites');
    fakeWordPressFor(t);
  });

  /** Articles written straight to the table: the articles module is not what is under test. */
  async function addArticles(siteId: number, siteName: string, count: number): Promise<number[]> {
    const ids: number[] = [];
    for (let i = 0; i < count; i++) {
      const [row] = await rawQuery<{ id: number }>(
        t.ctx.handle,
        'INSERT INTO articles (site_id, site_name, title, content) VALUES ($1, $2, $3, $4) RETURNING id',
        [siteId, siteName, `Article ${i}`, '<p>text</p>'],
      );
      ids.push(row!.id);
      await rawQuery(t.ctx.handle, 'INSERT INTO generation_logs (article_id, log) VALUES ($1, $2)', [
        row!.id,
        JSON.stringify({ steps: [] }),
      ]);
    }
    return ids;
  }

  it('keeps the articles: site_id becomes null, the site name stays for display', async () => {
    const site = await createSite(t, cookie);
    // A stale snapshot (the site was renamed since) is refreshed to the name at deletion time.
    const ids = await addArticles(site.id, 'Old name', 3);
    const res = await t.request({ method: 'DELETE', url: `/api/sites/${site.id}`, cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect((await t.request({ method: 'GET', url: `/api/sites/${site.id}`, cookie })).statusCode).toBe(404);
    const rows = await rawQuery<{ id: number; site_id: number | null; site_name: string }>(
      t.ctx.handle,
      'SELECT id, site_id, site_name FROM articles ORDER BY id',
    );
    expect(rows).toEqual(ids.map((id) => ({ id, site_id: null, site_name: 'Garden Blog' })));
    expect((await rawQuery(t.ctx.handle, 'SELECT article_id FROM generation_logs')).length).toBe(3);
  });

  it('cascade: answers processing with a job id, then a durable job removes the site, its articles and logs', async () => {
    const site = await createSite(t, cookie);
    const other = await createSite(t, cookie, { url: 'https://other.example', name: 'Other' });
    await addArticles(site.id, 'Garden Blog', 7);
    const kept = await addArticles(other.id, 'Other', 2);

    const res = await t.request({ method: 'DELETE', url: `/api/sites/${site.id}?cascade=true`, cookie });
    expect(res.statusCode).toBe(202);
    const body = res.json();
    expect(body).toEqual({ status: 'processing', job_id: expect.any(String) });

    // The job is a pg-boss job on its own queue.
    const job = await t.ctx.queue.boss.getJobById('sites.cascade-delete', body.job_id);
    expect(job?.data).toEqual({ siteId: site.id, trashPosts: false });

    await waitFor(
      async () => (await t.request({ method: 'GET', url: `/api/sites/${site.id}`, cookie })).statusCode === 404,
    );
    const articles = await rawQuery<{ id: number }>(t.ctx.handle, 'SELECT id FROM articles ORDER BY id');
    expect(articles.map((a) => a.id)).toEqual(kept);
    expect((await rawQuery(t.ctx.handle, 'SELECT article_id FROM generation_logs')).length).toBe(2);
    const list = (await t.request({ method: 'GET', url: '/api/sites', cookie })).json() as Array<{ id: number }>;
    expect(list.map((s) => s.id)).toEqual([other.id]);
  });

  it('cascade: the site is switched off and refuses edits and tests until it is gone', async () => {
    const site = await createSite(t, cookie);
    // Nothing runs the job here: mark it the way the route does, then look at the site meanwhile.
    await rawQuery(t.ctx.handle, 'UPDATE sites SET deleting_since = now(), is_active = false WHERE id = $1', [site.id]);
    const shown = (await t.request({ method: 'GET', url: `/api/sites/${site.id}`, cookie })).json();
    expect(shown).toMatchObject({ deleting: true, is_active: false });
    const edit = await t.request({
      method: 'PUT',
      url: `/api/sites/${site.id}`,
      payload: { name: 'x', url: 'https://garden.example', username: 'u' },
      cookie,
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error).toBe('The site "Garden Blog" is being deleted.');
    expect((await t.request({ method: 'POST', url: `/api/sites/${site.id}/test-connection`, cookie })).statusCode).toBe(
      409,
    );
    // A typed domain error (issue #14): the HTTP status is the error handler's business.
    await expect(t.services.sites.requireActiveSite(site.id)).rejects.toMatchObject({
      name: 'SiteUnavailableError',
      reason: 'deleting',
    });
  });

  it('cascade running: a plain delete is refused (409), so the articles still to be deleted are not detached and kept', async () => {
    const site = await createSite(t, cookie);
    const articleIds = await addArticles(site.id, 'Garden Blog', 2);
    await rawQuery(t.ctx.handle, 'UPDATE sites SET deleting_since = now(), is_active = false WHERE id = $1', [site.id]);
    const plain = await t.request({ method: 'DELETE', url: `/api/sites/${site.id}`, cookie });
    expect(plain.statusCode).toBe(409);
    expect(plain.json().error).toBe('The site "Garden Blog" is being deleted.');
    const rows = await rawQuery<{ site_id: number | null }>(
      t.ctx.handle,
      'SELECT site_id FROM articles WHERE id = ANY($1::int[])',
      [articleIds],
    );
    expect(rows.map((r) => r.site_id)).toEqual([site.id, site.id]);
  });

  it('the cascade job is idempotent: run twice, or on a site already gone, it just finishes', async () => {
    const site = await createSite(t, cookie);
    await addArticles(site.id, 'Garden Blog', 2);
    const job = t.services.sites.cascadeDeleteJob();
    const fakeJob = {} as Parameters<typeof job.handler>[1];
    const nothingTrashed = { postsTrashed: 0, trashFailures: [] };
    expect(await job.handler({ siteId: site.id, trashPosts: false }, fakeJob)).toEqual({
      siteId: site.id,
      articlesDeleted: 2,
      siteDeleted: true,
      ...nothingTrashed,
    });
    expect(await job.handler({ siteId: site.id, trashPosts: false }, fakeJob)).toEqual({
      siteId: site.id,
      articlesDeleted: 0,
      siteDeleted: false,
      ...nothingTrashed,
    });
  });
});
