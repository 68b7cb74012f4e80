import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { articles, processedTrends } from '../../src/db/schema/index.js';
import type { WordPressClient, WpPost } from '../../src/integrations/wordpress/index.js';
import { type FakeOpenAiServer, startFakeOpenAiServer } from '../llm/fake-openai-server.js';
import { writerReply, writerWithOutline } from '../llm/fake-writer.js';
import { useFakeModel } from '../llm/helpers.js';
import { generate, manualPayload } from '../manual/manual-helpers.js';
import { createTestApp, type TestApp, waitFor } from '../test-app.js';
import { googleTrendsFeed } from '../trends/feed-fixtures.js';
import { FeedServer } from '../trends/feed-server.js';
import { addRealSite, describeRealSite, realClient, runId } from '../wordpress/real-site.js';
import { goodContent, insertArticle } from './article-fixtures.js';
import { publish } from './publish-helpers.js';

/*
 * Text is text (issue #12, item 3): a title that holds markup, as characters or as entities,
 * from a topic, a trend feed, the model or an edit, must reach WordPress as escaped text. What
 * WordPress stores is read back with context=edit: a theme prints title.raw into <h1>.
 */

const KEY = 'sk-hostile-titles';
const HOSTILE = '&lt;img src=x onerror=alert(1)&gt;';
const OTHER_PAYLOAD = '&lt;img src=y onerror=prompt(7)&gt;';
const LIVE_TAG = /<\s*\/?\s*(img|script|svg|iframe)\b/i;
const isRelevanceRequest = (prompt: string) => prompt.includes('Trending topics right now:');

describeRealSite('normal', 'hostile titles stay text on the real WordPress', (site) => {
  let t: TestApp;
  let cookie: string;
  let wp: WordPressClient;
  let model: FakeOpenAiServer;
  let feeds: FeedServer;
  let siteId: number;
  const postIds = new Set<number>();
  const mediaIds = new Set<number>();

  beforeAll(async () => {
    model = await startFakeOpenAiServer({ apiKey: KEY });
    feeds = await FeedServer.start();
    t = await createTestApp();
    cookie = await t.login();
    wp = realClient(site);
    await useFakeModel(t, cookie, model.baseUrl, KEY);
    siteId = await addRealSite(t, cookie, site, `Hostile ${runId}`);
  }, 60_000);
  afterAll(async () => {
    for (const id of postIds) await wp.posts.delete(id).catch(() => undefined);
    for (const id of mediaIds) await wp.media.delete(id).catch(() => undefined);
    // The tags this suite's keywords made: they carry the run id or the hostile words.
    const tags = await wp.tags.list().catch(() => []);
    for (const tag of tags.filter((tg) => tg.name.includes(runId) || /alert|onerror|edges/.test(tg.name)))
      await wp.tags.delete(tag.id).catch(() => undefined);
    await feeds?.close();
    await model?.close();
    await t?.close();
  });
  beforeEach(() => {
    model.setHandler(writerReply);
  });

  /** What WordPress stores and shows for the post, its tags and its featured image: no live tag anywhere. */
  async function expectStoredAsText(postId: number): Promise<WpPost> {
    postIds.add(postId);
    const res = await fetch(`${site.url}/wp-json/wp/v2/posts/${postId}?context=edit`, {
      headers: { Authorization: `Basic ${Buffer.from(`${site.user}:${site.password}`).toString('base64')}` },
    });
    expect(res.status).toBe(200);
    const post = (await res.json()) as WpPost & { excerpt?: { raw?: string; rendered?: string } };
    expect(post.title?.raw).not.toMatch(LIVE_TAG);
    expect(post.title?.rendered).not.toMatch(LIVE_TAG);
    expect(post.excerpt?.raw ?? '').not.toMatch(LIVE_TAG);
    expect(post.excerpt?.rendered ?? '').not.toMatch(LIVE_TAG);
    for (const tagId of post.tags ?? []) {
      const tag = await fetch(`${site.url}/wp-json/wp/v2/tags/${tagId}`).then(
        (r) => r.json() as Promise<{ name: string }>,
      );
      expect(tag.name).not.toMatch(/[<>]/);
    }
    if (post.featured_media) {
      mediaIds.add(post.featured_media);
      const media = await wp.media.get(post.featured_media);
      expect(media.alt_text ?? '').not.toMatch(LIVE_TAG);
      expect(media.title?.raw ?? '').not.toMatch(LIVE_TAG);
    }
    return post;
  }

  async function appTitle(articleId: number): Promise<string> {
    const res = await t.request({ method: 'GET', url: `/api/articles/${articleId}`, cookie });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ title: string }>().title;
  }

  it('a topic with an encoded tag (manual generation, published with its image)', async () => {
    const res = await generate(
      t,
      cookie,
      manualPayload(siteId, `${HOSTILE} rain gardens ${runId}`, {
        publishStatus: 'publish',
        includeImages: true,
        wordCount: 600,
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<{ data: { article_id: number; wordpress_post_id: number | null; publish_error: unknown } }>()
      .data;
    expect(data.publish_error).toBeNull();
    // The model was given the decoded text, never the entities.
    expect(model.requests.some((r) => r.prompt.includes('&lt;img'))).toBe(false);
    const post = await expectStoredAsText(data.wordpress_post_id!);
    expect(post.title?.raw).toContain(runId);
    expect(await appTitle(data.article_id)).not.toContain('&lt;');
  }, 120_000);

  it('a title and meta description from the model that carry encoded tags', async () => {
    model.setHandler(
      writerWithOutline({
        title: `${HOSTILE} Rain Gardens &amp;amp; Ponds ${runId}`,
        metaDescription:
          '&lt;script&gt;alert(1)&lt;/script&gt; Rain gardens explained, with the plants and soil that work.',
        keywords: ['&lt;img src=x onerror=alert(2)&gt; rain', 'pond <b>edges</b>'],
      }),
    );
    const res = await generate(
      t,
      cookie,
      manualPayload(siteId, `Rain gardens and ponds ${runId}`, {
        publishStatus: 'publish',
        includeImages: true,
        wordCount: 600,
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<{ data: { article_id: number; wordpress_post_id: number | null; publish_error: unknown } }>()
      .data;
    expect(data.publish_error).toBeNull();
    // The operator sees the decoded text (React escapes it); WordPress stores it escaped.
    expect(await appTitle(data.article_id)).toBe(`<img src=x onerror=alert(1)> Rain Gardens & Ponds ${runId}`);
    const post = await expectStoredAsText(data.wordpress_post_id!);
    expect(post.title?.raw).toBe(`&lt;img src=x onerror=alert(1)&gt; Rain Gardens &amp; Ponds ${runId}`);
    const excerpt = (post as { excerpt?: { raw?: string } }).excerpt?.raw ?? '';
    expect(excerpt).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Rain gardens explained');
  }, 120_000);

  it('a trend title from a feed, auto-published by the trend monitor', async () => {
    await t.ctx.handle.db.delete(processedTrends);
    model.setHandler((request) =>
      isRelevanceRequest(request.prompt) ? { type: 'text', content: '{"relevant":[1]}' } : writerReply(request),
    );
    // Another subject than the manual article above, and another payload: site knowledge skips a
    // trend whose subject (the payload's words included) a post of the site already covers.
    feeds.xml(
      '/hostile.xml',
      googleTrendsFeed([
        {
          title: `${OTHER_PAYLOAD} hedgehog houses ${runId}`,
          news: [
            {
              title: `${OTHER_PAYLOAD} hedgehogs in winter`,
              url: `https://news.example/${runId}/rain`,
              source: 'Rain News',
            },
          ],
        },
      ]),
    );
    const settings = await t.request({
      method: 'PUT',
      url: '/api/settings/trends',
      cookie,
      payload: { feeds: [feeds.url('/hostile.xml')], interval_hours: 0 },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const config = await t.request({
      method: 'POST',
      url: '/api/config',
      cookie,
      payload: {
        site_id: siteId,
        topics: ['rain gardens'],
        post_status: 'published',
        word_count: 500,
        max_posts_per_day: 10,
      },
    });
    expect(config.statusCode, config.body).toBe(201);

    expect((await t.request({ method: 'POST', url: '/api/trends/check', cookie })).statusCode).toBe(202);
    const run = await waitFor(
      async () => {
        const [latest] = (await t.services.trends.logs({ limit: 1, offset: 0 })).items;
        return latest && latest.status !== 'running' ? latest : null;
      },
      120_000,
      250,
    );
    expect(run).toMatchObject({ status: 'completed', articles_generated: 1, articles_published: 1, errors: [] });
    const [article] = await t.ctx.handle.db.select().from(articles).where(eq(articles.origin, 'trend'));
    const post = await expectStoredAsText(article!.wordpressPostId!);
    expect(post.content?.raw ?? '').not.toMatch(LIVE_TAG);
    expect(await appTitle(article!.id)).not.toContain('&lt;');
  }, 180_000);

  it('an edited title holding a raw tag is stored as text and sent escaped', async () => {
    const article = await insertArticle(t, {
      siteId,
      title: `Plain rain garden guide ${runId}`,
      content: goodContent('rain gardens'),
      keywords: ['&lt;script&gt;alert(3)&lt;/script&gt; rain', `edit-${runId}`],
    });
    const edited = `<img src=x onerror=alert(1)> Rain gardens, edited ${runId}`;
    const put = await t.request({
      method: 'PUT',
      url: `/api/articles/${article.id}`,
      cookie,
      payload: { title: `&lt;img src=x onerror=alert(1)&gt; Rain gardens, edited ${runId}` },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json<{ title: string }>().title).toBe(edited);
    const again = await t.request({
      method: 'PUT',
      url: `/api/articles/${article.id}`,
      cookie,
      payload: { title: edited },
    });
    expect(again.json<{ title: string }>().title).toBe(edited);

    const res = await publish(t, cookie, article.id, { site_id: siteId });
    expect(res.statusCode, res.body).toBe(200);
    const post = await expectStoredAsText(res.json<{ wordpress_post_id: number }>().wordpress_post_id);
    expect(post.title?.raw).toBe(`&lt;img src=x onerror=alert(1)&gt; Rain gardens, edited ${runId}`);
    expect(post.title?.rendered).toContain('&lt;img src=x onerror=alert(1)&gt;');
  }, 60_000);

  it('an edit whose title is only whitespace and control characters is a 400 naming the field', async () => {
    const article = await insertArticle(t, { siteId, title: `Another rain garden guide ${runId}` });
    const res = await t.request({
      method: 'PUT',
      url: `/api/articles/${article.id}`,
      cookie,
      payload: { title: '\u0001\u0002 &nbsp;' },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.body).toContain('title');
  });
});
