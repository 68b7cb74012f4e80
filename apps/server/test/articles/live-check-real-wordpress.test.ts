import type { Article, ArticleListResponse, InventorySummary, LiveCheck } from '@abp/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { WordPressClient } from '../../src/integrations/wordpress/index.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { describeRealSite, realClient, runId } from '../wordpress/real-site.js';
import { wordpressSql } from '../wordpress/wordpress-database.js';
import { insertArticle, insertImage, insertSite } from './article-fixtures.js';
import { articleRow, publish } from './publish-helpers.js';

describeRealSite('normal', 'every post proven live on the real WordPress', (site) => {
  let t: TestApp;
  let cookie: string;
  let wp: WordPressClient;
  let siteId: number;
  const postIds = new Set<number>();

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.login();
    wp = realClient(site);
    siteId = (
      await insertSite(t, {
        name: 'Live checks',
        url: site.url,
        username: site.user,
        password: site.password,
        restRoot: `${site.url}/wp-json/`,
      })
    ).id;
  });
  afterAll(async () => {
    for (const id of postIds) await wp.posts.delete(id).catch(() => undefined);
    await t.close();
  });

  async function publishOk(id: number, sendAs?: 'draft') {
    const res = await publish(t, cookie, id, { site_id: siteId, ...(sendAs ? { send_as: sendAs } : {}) });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as {
      wordpress_post_id: number;
      featured_media_id: number | null;
      action: string;
      wordpress_status: string;
    };
    postIds.add(body.wordpress_post_id);
    if (body.featured_media_id) await wp.media.get(body.featured_media_id); // it exists
    return body;
  }

  const article = async (id: number) =>
    (await t.request({ method: 'GET', url: `/api/articles/${id}`, cookie })).json() as Article;
  /** The article once `ready` says so (what follows a content sync runs just after it ends). */
  const articleWhen = async (id: number, ready: (a: Article) => boolean) => {
    for (const deadline = Date.now() + 30_000; ; ) {
      const found = await article(id);
      if (ready(found) || Date.now() > deadline) return found;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };
  const syncContent = async () => {
    expect((await t.request({ method: 'POST', url: `/api/sites/${siteId}/inventory/sync`, cookie })).statusCode).toBe(
      202,
    );
    for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
      const summary = (
        await t.request({ method: 'GET', url: `/api/sites/${siteId}/inventory`, cookie })
      ).json() as InventorySummary;
      if (summary.state === 'succeeded') return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error('the content sync did not end');
  };
  const checkNow = async (id: number) => {
    const res = await t.request({ method: 'POST', url: `/api/articles/${id}/live-check`, cookie });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as LiveCheck;
  };

  it('a published post is proven live by the check that follows its publish: read back, its public page shows the title', async () => {
    const row = await insertArticle(t, { siteId, title: `Live "compost" guide – ${runId}`, status: 'published' });
    await insertImage(t, row.id);
    await publishOk(row.id);
    expect((await article(row.id)).live_check).toBeNull(); // checked a moment later, as a job
    const deadline = Date.now() + 30_000;
    let check = (await article(row.id)).live_check;
    while (check === null && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      check = (await article(row.id)).live_check;
    }
    expect(check).toMatchObject({ state: 'live', reason: null });
  }, 60_000);

  it('a draft is not public: read back only; a post trashed behind our back is not live, in the list filter and after a content sync', async () => {
    const draft = await insertArticle(t, { siteId, title: `Draft mulch notes ${runId}` });
    await publishOk(draft.id, 'draft');
    expect((await article(draft.id)).live_check).toMatchObject({ state: 'not_public', reason: null });

    const gone = await insertArticle(t, { siteId, title: `Soon trashed soil guide ${runId}`, status: 'published' });
    const { wordpress_post_id: postId } = await publishOk(gone.id);
    expect(await checkNow(gone.id)).toMatchObject({ state: 'live' });

    await wp.posts.delete(postId, { force: false }); // to the trash, on WordPress' side
    expect(await checkNow(gone.id)).toMatchObject({ state: 'not_live', reason: 'the post is in the WordPress trash' });
    const notLive = (
      await t.request({ method: 'GET', url: '/api/articles?live=not_live', cookie })
    ).json() as ArticleListResponse;
    expect(notLive.items.map((a) => a.id)).toEqual([gone.id]);
    expect(notLive.total).toBe(1);
    const bad = await t.request({ method: 'GET', url: '/api/articles?live=maybe', cookie });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('live');

    // Live again (restored), then the content sync notices it gone without any check of ours.
    await wp.posts.update(postId, { status: 'publish' });
    expect(await checkNow(gone.id)).toMatchObject({ state: 'live' });
    await wp.posts.delete(postId);
    postIds.delete(postId);
    expect((await t.request({ method: 'POST', url: `/api/sites/${siteId}/inventory/sync`, cookie })).statusCode).toBe(
      202,
    );
    for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
      const summary = (
        await t.request({ method: 'GET', url: `/api/sites/${siteId}/inventory`, cookie })
      ).json() as InventorySummary;
      if (summary.state === 'succeeded') break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    // WordPress is asked which it is: deleted (the state says so too).
    const afterSync = await articleWhen(gone.id, (a) => a.live_check?.state === 'not_live');
    expect(afterSync.live_check).toMatchObject({
      state: 'not_live',
      reason: 'the post was deleted on WordPress (found by the content sync)',
    });
    expect(afterSync.wordpress_state).toBe('deleted');
    expect(await checkNow(gone.id)).toMatchObject({ state: 'not_live', reason: 'the post was deleted on WordPress' });
  }, 120_000);

  it('a post trashed and one deleted on WordPress say so after a content sync; publishing again restores the trashed one and makes the deleted one anew', async () => {
    const trashed = await insertArticle(t, { siteId, title: `Trashed hedge guide ${runId}`, status: 'published' });
    const deleted = await insertArticle(t, { siteId, title: `Deleted fence guide ${runId}`, status: 'published' });
    const { wordpress_post_id: trashedPost } = await publishOk(trashed.id);
    const { wordpress_post_id: deletedPost } = await publishOk(deleted.id);
    expect((await article(trashed.id)).wordpress_state).toBe('live');

    // Behind our back, through WordPress' own REST API: one to the trash, one deleted for good.
    await wp.posts.delete(trashedPost, { force: false });
    await wp.posts.delete(deletedPost, { force: true });
    postIds.delete(deletedPost);
    await syncContent();
    const t1 = await articleWhen(trashed.id, (a) => a.wordpress_state !== 'live');
    const d1 = await articleWhen(deleted.id, (a) => a.wordpress_state !== 'live');
    expect(t1).toMatchObject({
      wordpress_state: 'trashed',
      live_check: { state: 'not_live', reason: 'the post is in the WordPress trash (found by the content sync)' },
    });
    expect(d1).toMatchObject({
      wordpress_state: 'deleted',
      live_check: { state: 'not_live', reason: 'the post was deleted on WordPress (found by the content sync)' },
    });
    const listed = (
      await t.request({ method: 'GET', url: '/api/articles?wordpress_state=trashed', cookie })
    ).json() as ArticleListResponse;
    expect(listed.items.map((a) => a.id)).toContain(trashed.id);
    expect(listed.items.map((a) => a.id)).not.toContain(deleted.id);

    // Published again: the trashed post comes back out of the trash (same post, its own address)…
    const restored = await publishOk(trashed.id);
    expect(restored).toMatchObject({ action: 'updated', wordpress_post_id: trashedPost, wordpress_status: 'publish' });
    const back = await wp.posts.get(trashedPost);
    expect(back.status).toBe('publish');
    expect(back.slug).not.toMatch(/__trashed$/);
    expect((await article(trashed.id)).wordpress_state).toBe('live');
    // …and the deleted one is a new post.
    const anew = await publishOk(deleted.id);
    expect(anew).toMatchObject({ action: 'created', wordpress_status: 'publish' });
    expect(anew.wordpress_post_id).not.toBe(deletedPost);
    expect((await article(deleted.id)).wordpress_state).toBe('live');
  }, 120_000);

  it('a scheduled post WordPress left in "future" past its time (WP-Cron missed it) is published by us, and the check says so', async () => {
    const when = new Date(Date.now() + 3_600_000);
    const row = await insertArticle(t, {
      siteId,
      title: `Scheduled pruning guide ${runId}`,
      status: 'scheduled',
      scheduledAt: when,
    });
    const { wordpress_post_id: postId } = await publishOk(row.id);
    expect(await article(row.id)).toMatchObject({ live_check: { state: 'scheduled' }, wordpress_state: 'scheduled' });
    expect(await checkNow(row.id)).toMatchObject({ state: 'scheduled', reason: null }); // not due yet: nothing to do

    // Its time passes without WP-Cron running: WordPress still has it as future, ten minutes late.
    await wordpressSql(
      site,
      `UPDATE wp_posts SET post_date = DATE_SUB(UTC_TIMESTAMP(), INTERVAL 10 MINUTE), post_date_gmt = DATE_SUB(UTC_TIMESTAMP(), INTERVAL 10 MINUTE) WHERE ID = ${postId}`,
    );
    expect((await wp.posts.get(postId)).status).toBe('future');

    const check = await checkNow(row.id);
    expect(check.state).toBe('live');
    expect(check.reason).toMatch(
      /^WordPress missed the scheduled time \(.+\); Automated Blog Poster published the post at /,
    );
    expect((await wp.posts.get(postId)).status).toBe('publish');
    expect((await articleRow(t, row.id)).status).toBe('published');
    // And the WordPress column says so (issue #17).
    expect((await article(row.id)).wordpress_state).toBe('live');
  }, 60_000);

  it('an article without a post has nothing to check (409); a missing one is 404; no session, 401', async () => {
    const row = await insertArticle(t, { siteId, title: `Never published ${runId}` });
    expect((await t.request({ method: 'POST', url: `/api/articles/${row.id}/live-check`, cookie })).statusCode).toBe(
      409,
    );
    expect((await t.request({ method: 'POST', url: '/api/articles/999999/live-check', cookie })).statusCode).toBe(404);
    expect((await t.request({ method: 'POST', url: `/api/articles/${row.id}/live-check` })).statusCode).toBe(401);
  });
});
