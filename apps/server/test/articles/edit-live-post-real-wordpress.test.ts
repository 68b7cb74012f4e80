import { afterAll, beforeAll, expect, it } from 'vitest';
import type { WordPressClient } from '../../src/integrations/wordpress/index.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { describeRealSite, realClient, runId } from '../wordpress/real-site.js';
import { goodContent, insertArticle, insertSite } from './article-fixtures.js';
import { publish } from './publish-helpers.js';

/** Issue #37: an edit of a live post is confirmed, then every field the editor has reaches WordPress. */
describeRealSite('normal', 'editing a live post on the real WordPress', (site) => {
  let t: TestApp;
  let cookie: string;
  let wp: WordPressClient;
  let siteId: number;
  const postIds = new Set<number>();
  const categoryIds = new Set<number>();

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.login();
    wp = realClient(site);
    siteId = (
      await insertSite(t, {
        name: 'Real WordPress',
        url: site.url,
        username: site.user,
        password: site.password,
        restRoot: `${site.url}/wp-json/`,
      })
    ).id;
  });
  afterAll(async () => {
    for (const id of postIds) await wp.posts.delete(id).catch(() => undefined);
    for (const id of categoryIds) await wp.categories.delete(id).catch(() => undefined);
    const tags = await wp.tags.list({ search: runId }).catch(() => []);
    for (const tag of tags) await wp.tags.delete(tag.id).catch(() => undefined);
    await t.close();
  });

  const edit = (id: number, payload: Record<string, unknown>) =>
    t.request({ method: 'PUT', url: `/api/articles/${id}`, cookie, payload });

  it('refuses to change a live post without update_live_post (409 naming it), then updates every field with it', async () => {
    const article = await insertArticle(t, {
      siteId,
      title: `Edited live mulch guide ${runId}`,
      keywords: ['mulch depth', 'garden mulch'],
    });
    const published = await publish(t, cookie, article.id, { site_id: siteId });
    expect(published.statusCode, published.body).toBe(200);
    const postId = published.json<{ wordpress_post_id: number }>().wordpress_post_id;
    postIds.add(postId);
    const category = (await wp.categories.getOrCreate(`abp-edit-cat-${runId}`)).term;
    categoryIds.add(category.id);

    const newTitle = `Mulch depth, revised ${runId}`;
    const refused = await edit(article.id, { title: newTitle });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'live_post_confirmation_required',
      error: expect.stringContaining('This article is live on Real WordPress. Saving updates the published post.'),
      details: [{ field: 'update_live_post', message: 'is required to change a live post' }],
    });
    // Nothing was stored, nothing reached WordPress.
    expect((await t.request({ method: 'GET', url: `/api/articles/${article.id}`, cookie })).json().title).toBe(
      article.title,
    );
    expect((await wp.posts.get(postId)).title?.raw).toBe(article.title);

    const slug = `mulch-depth-revised-${runId}`;
    const saved = await edit(article.id, {
      title: newTitle,
      content: `${goodContent('mulch')}<p>Revised paragraph ${runId}.</p>`,
      meta_description: `How deep mulch should be, revised ${runId}.`,
      slug,
      focus_keyword: 'mulch layer',
      category_ids: [category.id],
      tags: [`abp-mulch-${runId}`, 'Garden Mulch'],
      update_live_post: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const body = saved.json();
    expect(body.live_post_update).toMatchObject({ updated: true, message: 'WordPress post updated' });
    expect(body).toMatchObject({
      title: newTitle,
      slug,
      focus_keyword: 'mulch layer',
      keywords: ['mulch layer', 'garden mulch'],
      category_ids: [category.id],
      tags: [`abp-mulch-${runId}`, 'garden mulch'],
      meta_description: `How deep mulch should be, revised ${runId}.`,
    });

    const post = await wp.posts.get(postId);
    expect(post.status).toBe('publish');
    expect(post.title?.raw).toBe(newTitle);
    expect(post.content?.raw).toContain(`Revised paragraph ${runId}.`);
    expect(post.excerpt?.raw).toBe(`How deep mulch should be, revised ${runId}.`);
    expect(post.slug).toBe(slug);
    expect(post.categories).toEqual([category.id]);
    const tagNames = (await wp.tags.list({ search: runId })).filter((tag) => post.tags?.includes(tag.id));
    expect(tagNames.map((tag) => tag.name)).toEqual([`abp-mulch-${runId}`]);
    expect(post.tags).toHaveLength(2);
  });

  it('a status-only save, or an edit of an article whose post is not live, needs no confirmation', async () => {
    const article = await insertArticle(t, { siteId, title: `Draft bark guide ${runId}` });
    const draft = await publish(t, cookie, article.id, { site_id: siteId, send_as: 'draft' });
    expect(draft.statusCode, draft.body).toBe(200);
    postIds.add(draft.json<{ wordpress_post_id: number }>().wordpress_post_id);
    const saved = await edit(article.id, { title: `Draft bark guide, revised ${runId}` });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().live_post_update).toBeNull();
  });
});
