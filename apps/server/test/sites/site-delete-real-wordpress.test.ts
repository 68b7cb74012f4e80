import type { SiteDeletePreview, SiteDeletionStatus } from '@abp/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { WordPressClient } from '../../src/integrations/wordpress/index.js';
import { generate, manualPayload } from '../manual/manual-helpers.js';
import { createTestApp, type TestApp, waitFor } from '../test-app.js';
import { addRealSite, describeRealSite, realClient, runId } from '../wordpress/real-site.js';

/*
 * Issue #17 item 2: "Delete All" says what goes (the articles here, the posts on WordPress this app
 * created), moves those posts to the WordPress trash only when the operator chooses so, and then
 * reports what was actually removed.
 */
describeRealSite('normal', 'Delete All with or without the WordPress posts, on the real WordPress', (site) => {
  let t: TestApp;
  let cookie: string;
  let wp: WordPressClient;
  const postIds = new Set<number>();

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.login();
    wp = realClient(site);
  }, 60_000);
  afterAll(async () => {
    for (const id of postIds) await wp.posts.delete(id).catch(() => undefined);
    await t?.close();
  });

  /** A site with two articles the Manual screen sent to WordPress as drafts. */
  async function siteWithPosts(name: string): Promise<{ siteId: number; posts: number[] }> {
    const siteId = await addRealSite(t, cookie, site, `${name} ${runId}`);
    const posts: number[] = [];
    for (const topic of ['Mulching paths', 'Edging beds']) {
      const res = await generate(
        t,
        cookie,
        manualPayload(siteId, `${topic} ${name} ${runId}`, { includeImages: false, wordCount: 500 }),
      );
      expect(res.statusCode, res.body).toBe(200);
      posts.push(res.json<{ data: { wordpress_post_id: number } }>().data.wordpress_post_id);
    }
    posts.forEach((id) => postIds.add(id));
    return { siteId, posts };
  }
  const get = async <T>(url: string) => {
    const res = await t.request({ method: 'GET', url, cookie });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  };
  async function deleteAll(siteId: number, query: string): Promise<SiteDeletionStatus> {
    const res = await t.request({ method: 'DELETE', url: `/api/sites/${siteId}?cascade=true${query}`, cookie });
    expect(res.statusCode, res.body).toBe(202);
    const jobId = res.json<{ job_id: string }>().job_id;
    return waitFor(
      async () => {
        const status = await get<SiteDeletionStatus>(`/api/sites/deletions/${encodeURIComponent(jobId)}`);
        return status.state === 'running' ? null : status;
      },
      60_000,
      100,
    );
  }

  it('says what goes, then moves the posts to the WordPress trash when asked, and reports it', async () => {
    const { siteId, posts } = await siteWithPosts('Trash');
    expect(await get<SiteDeletePreview>(`/api/sites/${siteId}/delete-preview`)).toEqual({
      articles: 2,
      wordpress_posts: 2,
    });
    const outcome = await deleteAll(siteId, '&trash_posts=true');
    expect(outcome).toEqual({ state: 'done', articles_deleted: 2, posts_trashed: 2, trash_failures: [] });
    for (const id of posts) expect((await wp.posts.get(id)).status).toBe('trash');
    expect((await t.request({ method: 'GET', url: `/api/sites/${siteId}`, cookie })).statusCode).toBe(404);
  }, 120_000);

  it('keeps the posts on WordPress without that choice, and says none were trashed', async () => {
    const { siteId, posts } = await siteWithPosts('Keep');
    const outcome = await deleteAll(siteId, '');
    expect(outcome).toEqual({ state: 'done', articles_deleted: 2, posts_trashed: 0, trash_failures: [] });
    for (const id of posts) expect((await wp.posts.get(id)).status).toBe('draft');
    expect((await t.request({ method: 'GET', url: '/api/sites/deletions/not-a-job', cookie })).statusCode).toBe(404);
  }, 120_000);
});
