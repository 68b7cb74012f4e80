import type { ArticleDeleteResult } from '@abp/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { WordPressClient } from '../../src/integrations/wordpress/index.js';
import { generate, manualPayload } from '../manual/manual-helpers.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { addRealSite, describeRealSite, realClient, runId } from '../wordpress/real-site.js';

/*
 * Issue #18 item 7: deleting an article says what became of its WordPress post. It stays unless
 * the operator asks to trash it; then it goes to the WordPress trash (restorable), not for good.
 */
describeRealSite('normal', 'deleting an article with or without its post on the real WordPress', (site) => {
  let t: TestApp;
  let cookie: string;
  let wp: WordPressClient;
  let siteId: number;
  const postIds = new Set<number>();

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.login();
    wp = realClient(site);
    siteId = await addRealSite(t, cookie, site, `Delete ${runId}`);
  }, 60_000);
  afterAll(async () => {
    for (const id of postIds) await wp.posts.delete(id).catch(() => undefined);
    await t?.close();
  });

  /** An article the Manual screen wrote and sent to WordPress as a draft. */
  const written = async (topic: string): Promise<{ id: number; postId: number }> => {
    const res = await generate(
      t,
      cookie,
      manualPayload(siteId, `${topic} ${runId}`, { includeImages: false, wordCount: 500 }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<{ data: { article_id: number; wordpress_post_id: number } }>().data;
    postIds.add(data.wordpress_post_id);
    return { id: data.article_id, postId: data.wordpress_post_id };
  };
  const remove = (id: number, query = '') =>
    t.request({ method: 'DELETE', url: `/api/articles/${id}${query}`, cookie });

  it('keeps the post by default and says so', async () => {
    const article = await written('Delete keeps the post');
    const res = await remove(article.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ArticleDeleteResult>()).toEqual({ success: true, id: article.id, wordpress_post: 'kept' });
    expect((await wp.posts.get(article.postId)).status).toBe('draft');
    expect((await t.request({ method: 'GET', url: `/api/articles/${article.id}`, cookie })).statusCode).toBe(404);
  }, 60_000);

  it('moves the post to the WordPress trash when asked, never deleting it for good', async () => {
    const article = await written('Delete trashes the post');
    const bad = await remove(article.id, '?trash_post=maybe');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ details: { field: string }[] }>().details[0]!.field).toBe('querystring.trash_post');
    const res = await remove(article.id, '?trash_post=true');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ArticleDeleteResult>().wordpress_post).toBe('trashed');
    expect((await wp.posts.get(article.postId)).status).toBe('trash');
  }, 60_000);
});
