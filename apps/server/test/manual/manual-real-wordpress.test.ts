import { manualGenerateResponseSchema, secureGenerateResponseSchema } from '@abp/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { WordPressClient } from '../../src/integrations/wordpress/index.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { describeRealSite, realClient, runId } from '../wordpress/real-site.js';
import { generate, manualPayload, storedGeneration } from './manual-helpers.js';

describeRealSite('normal', 'manual generation pushed to the real WordPress', (site) => {
  let t: TestApp;
  let cookie: string;
  let wp: WordPressClient;
  let siteId: number;
  const postIds = new Set<number>();
  const mediaIds = new Set<number>();

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.login();
    wp = realClient(site);
    const res = await t.request({
      method: 'POST',
      url: '/api/sites',
      cookie,
      payload: {
        name: 'Real WordPress',
        url: site.url,
        username: site.user,
        password: site.password,
        is_active: true,
        content_persona: '',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    siteId = res.json().id;
  });
  afterAll(async () => {
    // Nothing this suite made stays on the site, whatever assertion failed.
    for (const id of postIds) await wp.posts.delete(id).catch(() => undefined);
    for (const id of mediaIds) await wp.media.delete(id).catch(() => undefined);
    const tags = await wp.tags.list({ search: runId }).catch(() => []);
    for (const tag of tags) await wp.tags.delete(tag.id).catch(() => undefined);
    await t.close();
  });

  async function generateOk(payload: Record<string, unknown>) {
    const res = await generate(t, cookie, payload);
    expect(res.statusCode, res.body).toBe(200);
    const { data } = manualGenerateResponseSchema.parse(res.json());
    if (data.wordpress_post_id) postIds.add(data.wordpress_post_id);
    const stored = await storedGeneration(t, data.article_id);
    if (stored.image?.wordpressMediaId) mediaIds.add(stored.image.wordpressMediaId);
    return { data, stored };
  }

  it.each([
    ['draft', 'draft', 'draft'],
    ['publish', 'publish', 'published'],
  ])(
    'generates with publishStatus %s and images: the post exists with its featured image',
    async (publishStatus, wpStatus, articleStatus) => {
      const { data, stored } = await generateOk(
        manualPayload(siteId, `Composting kitchen scraps ${publishStatus} ${runId}`, {
          publishStatus,
          includeImages: true,
          wordCount: 800,
        }),
      );
      expect(data).toMatchObject({ status: articleStatus, publish_error: null });
      expect(stored.article).toMatchObject({ status: articleStatus, wordpressPostId: data.wordpress_post_id });

      const post = await wp.posts.get(data.wordpress_post_id!);
      expect(post.status).toBe(wpStatus);
      expect(post.title?.raw ?? post.title?.rendered).toBe(data.title);
      expect(post.content?.raw ?? post.content?.rendered).toContain('<h2>');
      const mediaId = post.featured_media ?? 0;
      expect(mediaId).toBeGreaterThan(0);
      expect(mediaId).toBe(stored.image?.wordpressMediaId);
      const media = await wp.media.get(mediaId);
      expect(media.mime_type).toBe('image/png');
      expect(media.source_url).toMatch(/\.png$/);
      expect(stored.article.featuredImageUrl).toBe(media.source_url);
      if (publishStatus === 'publish') expect(stored.article.wordpressPermalink).toBe(post.link);
    },
  );

  it('answers the secure variant and leaves a draft without image when images are off', async () => {
    const res = await generate(t, cookie, {
      topic: `Saving tomato seeds ${runId}`,
      site_id: siteId,
      task_type: 'Blog Post',
      includeImages: false,
      publishStatus: 'draft',
      wordCount: 600,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = secureGenerateResponseSchema.parse(res.json());
    expect(body).toMatchObject({ success: true, message: expect.stringContaining('pushed to WordPress as a draft') });
    const stored = await storedGeneration(t, body.article_id!);
    postIds.add(stored.article.wordpressPostId!);
    const post = await wp.posts.get(stored.article.wordpressPostId!);
    expect(post.status).toBe('draft');
    expect(post.featured_media).toBe(0);
  });
});
