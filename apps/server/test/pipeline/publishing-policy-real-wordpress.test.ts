import { type Article, articleSchema, PUBLISH_POLICY_TEXT, type Site } from '@abp/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { articles, schedulerLog } from '../../src/db/schema/index.js';
import { bulkPayload, isFinal, jobResults, jobStatus, startedJob, waitForJob } from '../bulk-jobs/bulk-helpers.js';
import { runDueSlotThroughJobs } from '../scheduler/scheduler-fixtures.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { describeRealSite, type RealSite, realClient, runId } from '../wordpress/real-site.js';

/** The public posts WordPress shows anyone (no credentials) whose text has this word. */
async function publicPostsWith(wp: RealSite, word: string): Promise<Array<{ id: number; status: string }>> {
  const response = await fetch(`${wp.url}/?rest_route=/wp/v2/posts&search=${encodeURIComponent(word)}&per_page=20`);
  expect(response.status).toBe(200);
  return (await response.json()) as Array<{ id: number; status: string }>;
}

/*
 * The publishing policy (issue #33) in the one article pipeline, against the real WordPress: a held
 * article makes no public post (checked over REST without credentials), a site that asks for a
 * preview gets a draft, a delayed article is published by the release job once due, and the job's
 * policy wins over the blog configuration's, which wins over the site's.
 */
describeRealSite('normal', 'publishing policy against the real WordPress', (wp) => {
  const client = realClient(wp);
  let t: TestApp;
  let cookie: string;
  let siteId: number;
  const postIds: number[] = [];
  const siteBody = { name: `Policy ${runId}`, url: wp.url, username: wp.user };

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.login();
    const created = await t.request({
      method: 'POST',
      url: '/api/sites',
      cookie,
      payload: { ...siteBody, password: wp.password, publish_policy: { mode: 'hold' } },
    });
    expect(created.statusCode).toBe(201);
    const site = created.json<Site>();
    expect(site).toMatchObject({ publish_policy: { mode: 'hold', delay_hours: null }, send_held_as_draft: false });
    siteId = site.id;
  }, 60_000);
  afterAll(async () => {
    for (const id of postIds) await client.posts.delete(id, { force: true }).catch(() => undefined);
    await t?.close();
  });

  async function setSitePolicy(policy: Record<string, unknown>, sendHeldAsDraft: boolean): Promise<Site> {
    const res = await t.request({
      method: 'PUT',
      url: `/api/sites/${siteId}`,
      cookie,
      payload: { ...siteBody, publish_policy: policy, send_held_as_draft: sendHeldAsDraft },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Site>();
  }

  async function article(id: number): Promise<Article> {
    const res = await t.request({ method: 'GET', url: `/api/articles/${id}`, cookie });
    expect(res.statusCode).toBe(200);
    return articleSchema.parse(res.json());
  }

  /** Runs a one-item bulk job to its end; returns the item's result. */
  async function bulkItem(topic: string, extra: Record<string, unknown> = {}) {
    const jobId = await startedJob(t, cookie, {
      ...bulkPayload(siteId, topic, { publishStatus: 'publish' }),
      ...extra,
    });
    const { job } = await waitForJob(t, cookie, jobId, isFinal, 90_000);
    expect(job.status).toBe('completed');
    const results = await jobResults(t, cookie, jobId);
    const item = results.results.successful[0]!;
    if (item.wordpress_post_id) postIds.push(item.wordpress_post_id);
    return { jobId, item };
  }

  it("the site's 'hold': the bulk item is held for review, nothing is public on WordPress", async () => {
    const word = `${runId}held`;
    const { item } = await bulkItem(`Compost held ${word}`);
    expect(item).toMatchObject({ review_reason: 'held', release_at: null, wordpress_post_id: null, error: null });
    const held = await article(item.article_id!);
    expect(held).toMatchObject({ status: 'draft', review_reason: 'held', release_at: null, wordpress_post_id: null });
    expect(held.review_since).not.toBeNull();
    // The list item carries the same fields.
    const list = await t.request({ method: 'GET', url: `/api/articles?q=${word}`, cookie });
    expect(list.json<{ items: Article[] }>().items.find((a) => a.id === held.id)).toMatchObject({
      review_reason: 'held',
    });
    expect(await publicPostsWith(wp, word)).toEqual([]);
  }, 120_000);

  it('send_held_as_draft: the held article goes to WordPress as a draft to preview, still not public', async () => {
    await setSitePolicy({ mode: 'hold' }, true);
    const word = `${runId}preview`;
    const { item } = await bulkItem(`Mulch preview ${word}`);
    expect(item.review_reason).toBe('held');
    expect(item.wordpress_post_id).toBeGreaterThan(0);
    const post = await client.posts.get(item.wordpress_post_id!);
    expect(post.status).toBe('draft');
    // The draft push does not take it out of the inbox.
    expect(await article(item.article_id!)).toMatchObject({ status: 'draft', review_reason: 'held' });
    expect(await publicPostsWith(wp, word)).toEqual([]);
  }, 120_000);

  it("a job's own 'delay' wins over the site's hold; the release job publishes it once due, with the status the job wanted", async () => {
    await setSitePolicy({ mode: 'hold' }, false);
    const word = `${runId}delay`;
    const before = Date.now();
    const { jobId, item } = await bulkItem(`Raised beds delay ${word}`, {
      publish_policy: { mode: 'delay', delay_hours: 2 },
    });
    expect((await jobStatus(t, cookie, jobId)).publish_policy).toEqual({ mode: 'delay', delay_hours: 2 });
    expect(item.review_reason).toBe('delayed');
    const releaseAt = Date.parse(item.release_at!);
    expect(releaseAt).toBeGreaterThanOrEqual(before + 2 * 3600_000);
    expect(releaseAt).toBeLessThan(Date.now() + 2 * 3600_000 + 1000);

    // Not due yet: the release leaves it waiting.
    expect((await t.services.delayedRelease.releaseDue()).released).not.toContain(item.article_id);
    expect(await publicPostsWith(wp, word)).toEqual([]);

    // Its time has come (moved into the past here, rather than waiting two hours).
    await t.ctx.handle.db
      .update(articles)
      .set({ releaseAt: new Date(Date.now() - 1000) })
      .where(eq(articles.id, item.article_id!));
    const report = await t.services.delayedRelease.releaseDue();
    expect(report.released).toContain(item.article_id);
    const released = await article(item.article_id!);
    if (released.wordpress_post_id) postIds.push(released.wordpress_post_id);
    expect(released).toMatchObject({ status: 'published', review_reason: null, release_at: null });
    expect((await client.posts.get(released.wordpress_post_id!)).status).toBe('publish');
    expect((await publicPostsWith(wp, word)).map((p) => p.id)).toEqual([released.wordpress_post_id]);
  }, 120_000);

  it("a job's own 'auto' publishes at once on a site that holds", async () => {
    const word = `${runId}auto`;
    const { item } = await bulkItem(`Seed saving auto ${word}`, { publish_policy: { mode: 'auto' } });
    expect(item.review_reason).toBeNull();
    expect((await client.posts.get(item.wordpress_post_id!)).status).toBe('publish');
  }, 120_000);

  it("schedule: the blog configuration's policy wins over the site's; without one the site's applies", async () => {
    await setSitePolicy({ mode: 'delay', delay_hours: 5 }, false);
    const word = `${runId}sched`;
    const created = await t.request({
      method: 'POST',
      url: '/api/config',
      cookie,
      payload: {
        site_id: siteId,
        topics: [`Scheduled hold ${word}`, `Scheduled delay ${word}`],
        post_status: 'published',
        word_count: 500,
        publish_policy: { mode: 'hold' },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ publish_policy: { mode: 'hold', delay_hours: null } });
    const configId = created.json<{ id: number }>().id;

    const first = (await runDueSlotThroughJobs(t, configId, 1)).at(-1)!;
    expect(first).toMatchObject({ outcome: 'posted', error: null });
    expect(first.note).toContain(PUBLISH_POLICY_TEXT.held);
    expect(await article(first.articleId!)).toMatchObject({ review_reason: 'held', wordpress_post_id: null });

    // The configuration back to the site's default (null): the site's delay applies.
    const cleared = await t.request({
      method: 'PUT',
      url: `/api/config/${configId}`,
      cookie,
      payload: {
        site_id: siteId,
        topics: [`Scheduled hold ${word}`, `Scheduled delay ${word}`],
        post_status: 'published',
        word_count: 500,
        publish_policy: null,
      },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ publish_policy: null });
    const second = (await runDueSlotThroughJobs(t, configId, 2)).at(-1)!;
    expect(second.outcome).toBe('posted');
    const delayed = await article(second.articleId!);
    expect(delayed).toMatchObject({ review_reason: 'delayed', wordpress_post_id: null });
    expect(Date.parse(delayed.release_at!) - Date.now()).toBeGreaterThan(4.9 * 3600_000);
    const [slot] = await t.ctx.handle.db.select().from(schedulerLog).where(eq(schedulerLog.id, second.id));
    expect(slot!.note).toContain(PUBLISH_POLICY_TEXT.delayedLog(delayed.release_at!));
    expect(await publicPostsWith(wp, word)).toEqual([]);
  }, 240_000);
});
