import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createWordPressClient, type WordPressClient } from '../../src/integrations/wordpress/index.js';
import { ArticleStore } from '../../src/modules/articles/article-store.repository.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { describeRealSite, listDirect, realClient, runId } from '../wordpress/real-site.js';
import { insertArticle, insertImage, insertSite } from './article-fixtures.js';
import { DroppingProxy } from './http-proxy.js';
import { articleRow, publish } from './publish-helpers.js';

describeRealSite('normal', 'publishing articles to the real WordPress', (site) => {
  let t: TestApp;
  let cookie: string;
  let wp: WordPressClient;
  let siteId: number;
  const postIds = new Set<number>();
  const mediaIds = new Set<number>();
  const tagNames = [`abp-soil-${runId}`, `abp-compost-${runId}`];

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
    // Nothing this suite made stays on the site, whatever assertion failed.
    for (const id of postIds) await wp.posts.delete(id).catch(() => undefined);
    for (const id of mediaIds) await wp.media.delete(id).catch(() => undefined);
    const tags = await wp.tags.list({ search: runId }).catch(() => []);
    for (const tag of tags) await wp.tags.delete(tag.id).catch(() => undefined);
    await t.close();
  });

  async function publishOk(id: number, sendAs?: 'draft') {
    const res = await publish(t, cookie, id, { site_id: siteId, ...(sendAs ? { send_as: sendAs } : {}) });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    postIds.add(body.wordpress_post_id);
    if (body.featured_media_id) mediaIds.add(body.featured_media_id);
    return body;
  }

  it('sends a draft as a draft, then sending again updates the same post', async () => {
    const article = await insertArticle(t, { siteId, title: `Draft soil guide ${runId}` });
    const first = await publishOk(article.id, 'draft');
    expect(first).toMatchObject({ action: 'created', wordpress_status: 'draft' });
    const post = await wp.posts.get(first.wordpress_post_id);
    expect(post.status).toBe('draft');
    expect(post.content?.raw).toContain(`abp:ref:${(await articleRow(t, article.id)).publishMarker}`);

    await t.request({
      method: 'PUT',
      url: `/api/articles/${article.id}`,
      cookie,
      payload: { title: `Draft soil guide, revised ${runId}` },
    });
    const second = await publishOk(article.id, 'draft');
    expect(second).toMatchObject({ action: 'updated', wordpress_post_id: first.wordpress_post_id });
    expect((await wp.posts.get(first.wordpress_post_id)).title?.raw).toBe(`Draft soil guide, revised ${runId}`);
  });

  it('Publish makes a draft live (issue #17): the post is public and the article is published', async () => {
    const article = await insertArticle(t, { siteId, title: `Live compost guide ${runId}` });
    const result = await publishOk(article.id);
    expect(result).toMatchObject({
      action: 'created',
      wordpress_status: 'publish',
      article_status: 'published',
      message: 'Article published to WordPress',
    });
    expect((await wp.posts.get(result.wordpress_post_id)).status).toBe('publish');
    const view = (await t.request({ method: 'GET', url: `/api/articles/${article.id}`, cookie })).json();
    expect(view).toMatchObject({ status: 'published', wordpress_state: 'live' });
  });

  it('schedules: the post is future with the scheduled date', async () => {
    const when = new Date(Date.now() + 3 * 86_400_000);
    when.setUTCMilliseconds(0);
    const article = await insertArticle(t, {
      siteId,
      title: `Scheduled compost guide ${runId}`,
      status: 'scheduled',
      scheduledAt: when,
    });
    const result = await publishOk(article.id);
    const post = await wp.posts.get(result.wordpress_post_id);
    expect(post.status).toBe('future');
    expect(post.date_gmt).toBe(when.toISOString().slice(0, 19));
  });

  it('review becomes pending when sent as a draft', async () => {
    const article = await insertArticle(t, { siteId, title: `Review mulch guide ${runId}`, status: 'review' });
    const result = await publishOk(article.id, 'draft');
    expect((await wp.posts.get(result.wordpress_post_id)).status).toBe('pending');
  });

  it('published goes public with its tags and the featured image', async () => {
    const article = await insertArticle(t, {
      siteId,
      title: `Published soil guide ${runId}`,
      status: 'published',
      tags: [...tagNames, tagNames[0]!.toUpperCase()],
    });
    await insertImage(t, article.id);
    const result = await publishOk(article.id);
    expect(result).toMatchObject({ wordpress_status: 'publish', article_status: 'published' });
    const post = await wp.posts.get(result.wordpress_post_id);
    expect(post.status).toBe('publish');
    expect(post.featured_media).toBe(result.featured_media_id);
    const media = await wp.media.get(result.featured_media_id);
    expect(media.mime_type).toBe('image/png');
    // Attached to its post, not "Unattached" in the media library (issue 17.7).
    expect(media.post).toBe(result.wordpress_post_id);
    const tags = await wp.tags.list({ search: runId });
    expect(tags.map((tag) => tag.name).sort()).toEqual([...tagNames].sort());
    expect([...(post.tags ?? [])].sort()).toEqual(tags.map((tag) => tag.id).sort());
    expect((await articleRow(t, article.id)).wordpressPermalink).toBe(post.link);
  });

  it('an image uploaded by an attempt that died before recording it is used by the next one: no orphaned media (issue 18.6)', async () => {
    const title = `Orphan check guide ${runId}`;
    const article = await insertArticle(t, { siteId, title });
    await insertImage(t, article.id);
    // The attempt dies right after WordPress took the upload, before the media id is stored (a crash, a lost connection).
    const record = vi
      .spyOn(ArticleStore.prototype, 'recordFeaturedMedia')
      .mockRejectedValueOnce(new Error('Connection terminated unexpectedly'));
    try {
      await expect(t.services.publishing.publishArticle(article.id, { siteId })).rejects.toThrow(
        'Connection terminated unexpectedly',
      );
    } finally {
      record.mockRestore();
    }
    const result = await publishOk(article.id);
    const items = (await listDirect(
      site,
      `wp/v2/media?search=${encodeURIComponent(title)}&per_page=100&context=edit`,
    )) as { id: number; post: number | null }[];
    mediaIds.add(result.featured_media_id);
    for (const item of items) mediaIds.add(item.id);
    // One media item for the article, the one the post shows, attached to it.
    expect(items.map((item) => [item.id, item.post])).toEqual([[result.featured_media_id, result.wordpress_post_id]]);
    expect((await wp.posts.get(result.wordpress_post_id)).featured_media).toBe(result.featured_media_id);
  });

  it('after a create whose answer was dropped (WordPress did create it), the next publish finds it: exactly one post', async () => {
    const proxy = await DroppingProxy.start(site.url);
    try {
      const viaProxy = await insertSite(t, {
        name: 'Through a lossy proxy',
        url: proxy.url,
        username: site.user,
        password: site.password,
        restRoot: `${proxy.url}/wp-json/`,
      });
      t.services.sites.clientFactory = (config) => createWordPressClient({ ...config, timeoutMs: 3_000 });
      const article = await insertArticle(t, { siteId: viaProxy.id, title: `Lost answer guide ${runId}` });
      proxy.dropNextCreates = 1;

      const first = await publish(t, cookie, article.id);
      expect(first.statusCode).toBe(424);
      expect(first.json().details).toMatchObject({ outcome_unknown: true, step: 'post create' });
      const marker = (await articleRow(t, article.id)).publishMarker!;
      const created = await wp.posts.findByMarker(marker);
      expect(created).not.toBeNull(); // WordPress made the post although we never heard back
      postIds.add(created!.id);

      const second = await publish(t, cookie, article.id);
      expect(second.statusCode, second.body).toBe(200);
      expect(second.json()).toMatchObject({ action: 'recovered', wordpress_post_id: created!.id });
      expect(proxy.createsForwarded).toBe(1);
      const found = await fetch(
        `${site.url}/wp-json/wp/v2/posts?status=any&context=edit&per_page=100&search=${encodeURIComponent(`abp:ref:${marker}`)}`,
        {
          headers: { Authorization: `Basic ${Buffer.from(`${site.user}:${site.password}`).toString('base64')}` },
        },
      ).then((r) => r.json() as Promise<{ id: number }[]>);
      expect(found.map((p) => p.id)).toEqual([created!.id]);
    } finally {
      t.services.sites.clientFactory = createWordPressClient;
      await proxy.close();
    }
  });
});
