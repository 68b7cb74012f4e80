import { SITE_CREDENTIALS_TEXT, type Site } from '@abp/contracts';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { articles, blogConfigs, sites } from '../../src/db/schema/index.js';
import { WordPressError } from '../../src/integrations/wordpress/index.js';
import { useFakeWordPress } from '../articles/publish-helpers.js';
import { bulkPayload, isFinal, jobResults, startBulk, startedJob, waitForJob } from '../bulk-jobs/bulk-helpers.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { describeRealSite, runId } from '../wordpress/real-site.js';
import { createSite } from './sites-helpers.js';

/*
 * Issue #37 point 3: a site whose credentials WordPress rejects is not an active site. The state is
 * set where the rejection is met (a save, a connection test, a publish) and cleared by an accepted
 * save or connection test; meanwhile the scheduler, bulk jobs and trend checks leave the site alone.
 */

let t: TestApp;
let cookie: string;
beforeEach(async () => {
  t = await createTestApp();
  cookie = await t.login();
});
afterEach(() => t.close());

const getSite = async (id: number) => {
  const res = await t.request({ method: 'GET', url: `/api/sites/${id}`, cookie });
  expect(res.statusCode).toBe(200);
  return res.json<Site>();
};
const siteArticles = (siteId: number) => t.ctx.handle.db.select().from(articles).where(eq(articles.siteId, siteId));

describeRealSite('normal', 'credentials rejected by the real WordPress', (wp) => {
  it('a wrong password is a lasting state: nothing is scheduled or written for the site until an edit or a test is accepted', async () => {
    const added = await t.request({
      method: 'POST',
      url: '/api/sites',
      cookie,
      payload: { name: `Rejected ${runId}`, url: wp.url, username: wp.user, password: 'aaaa bbbb cccc dddd eeee ffff' },
    });
    expect(added.statusCode).toBe(201);
    const site = added.json<Site & { warning: string }>();
    expect(site.warning).toMatch(/^Saved, but WordPress refused the credentials: /);
    expect(site.credentials_rejected?.reason).toMatch(/HTTP 401/);
    // Lasting: read again, it is still there (not a toast that goes away).
    expect((await getSite(site.id)).credentials_rejected?.reason).toMatch(/HTTP 401/);

    // The scheduler leaves a due configuration of the site alone (its slot stays due).
    const config = await t.request({
      method: 'POST',
      url: '/api/config',
      cookie,
      payload: { site_id: site.id, topics: [`Rejected topic ${runId}`], post_status: 'draft', word_count: 500 },
    });
    expect(config.statusCode).toBe(201);
    const configId = config.json<{ id: number }>().id;
    await t.ctx.handle.db
      .update(blogConfigs)
      .set({ nextPostAt: new Date(Date.now() - 60_000) })
      .where(eq(blogConfigs.id, configId));
    expect((await t.services.scheduler.tick()).claimed).toEqual([]);
    await t.request({ method: 'DELETE', url: `/api/config/${configId}`, cookie });

    // A bulk job is taken, says why its items will not run, and skips them before writing anything.
    const start = await startBulk(
      t,
      cookie,
      bulkPayload(site.id, 'Rejected item one\nRejected item two', { postToWordPress: false }),
    );
    expect(start.statusCode).toBe(200);
    expect(start.json().notices).toContain(SITE_CREDENTIALS_TEXT.refused(`Rejected ${runId}`));
    const jobId = start.json<{ job_id: string }>().job_id;
    await waitForJob(t, cookie, jobId, isFinal);
    const results = await jobResults(t, cookie, jobId);
    expect(results.status).toBe('failed');
    expect(results.results.failed.map((item) => item.error)).toEqual([
      expect.stringContaining('WordPress rejected the credentials'),
      expect.stringContaining('WordPress rejected the credentials'),
    ]);
    expect(await siteArticles(site.id)).toEqual([]);
    // Retry while still refused: a 409 saying why.
    const early = await t.request({ method: 'POST', url: `/api/bulk-jobs/${jobId}/retry`, cookie });
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe(SITE_CREDENTIALS_TEXT.refused(`Rejected ${runId}`));

    // A connection test that is refused again keeps the state.
    const refused = await t.request({ method: 'POST', url: `/api/sites/${site.id}/test-connection`, cookie });
    expect(refused.json().success).toBe(false);
    expect((await getSite(site.id)).credentials_rejected).not.toBeNull();

    // The right password saved: the state goes, and Retry runs the items.
    const fixed = await t.request({
      method: 'PUT',
      url: `/api/sites/${site.id}`,
      cookie,
      payload: { name: site.name, url: wp.url, username: wp.user, password: wp.password },
    });
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json()).toMatchObject({ credentials_rejected: null, warning: null });
    const retry = await t.request({ method: 'POST', url: `/api/bulk-jobs/${jobId}/retry`, cookie });
    expect(retry.statusCode).toBe(200);
    const { job } = await waitForJob(t, cookie, jobId, isFinal);
    expect(job).toMatchObject({ status: 'completed', progress: { successful: 2, failed: 0 } });

    // Marked again (as a publish meeting a 401 would), an accepted connection test clears it.
    await t.ctx.handle.db
      .update(sites)
      .set({ credentialsRejectedAt: new Date(), credentialsRejectedReason: 'HTTP 401' })
      .where(eq(sites.id, site.id));
    const accepted = await t.request({ method: 'POST', url: `/api/sites/${site.id}/test-connection`, cookie });
    expect(accepted.json().success).toBe(true);
    expect((await getSite(site.id)).credentials_rejected).toBeNull();
  }, 120_000);
});

describe('a publish that meets WordPress’ refusal of the credentials', () => {
  it('marks the site; the next bulk job writes nothing for it', async () => {
    const wordpress = useFakeWordPress(t);
    const siteId = (await createSite(t, cookie, { name: 'Garden Blog' })).id;
    expect((await getSite(siteId)).credentials_rejected).toBeNull();
    wordpress.failNext(
      'posts.create',
      new WordPressError('bad_credentials', {
        status: 401,
        wpCode: 'incorrect_password',
        message: 'WordPress rejected the username or application password (HTTP 401: incorrect_password).',
      }),
    );
    const first = await startedJob(t, cookie, bulkPayload(siteId, 'Seed saving', { publishStatus: 'publish' }));
    await waitForJob(t, cookie, first, isFinal);
    expect((await jobResults(t, cookie, first)).results.failed[0]?.error).toMatch(/HTTP 401/);
    const site = await getSite(siteId);
    expect(site.credentials_rejected?.reason).toMatch(/HTTP 401: incorrect_password/);

    const written = (await siteArticles(siteId)).length;
    const second = await startedJob(t, cookie, bulkPayload(siteId, 'Seed swaps'));
    await waitForJob(t, cookie, second, isFinal);
    expect((await jobResults(t, cookie, second)).results.failed[0]?.error).toContain(
      'WordPress rejected the credentials',
    );
    expect(await siteArticles(siteId)).toHaveLength(written);
  }, 60_000);
});
