import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WordPressError } from '../../src/integrations/wordpress/index.js';
import { createTestApp, type TestApp } from '../test-app.js';
import type { FakeWordPress } from '../wordpress/fake-wordpress.js';
import { insertArticle, insertImage, insertSite } from './article-fixtures.js';
import { articleRow, publish, useFakeWordPress } from './publish-helpers.js';

let t: TestApp;
let cookie: string;
let fake: FakeWordPress;
let siteId: number;

const lostAnswer = () =>
  new WordPressError('network', {
    message: 'POST …/wp/v2/posts got no answer within 30 s (timeout).',
    outcomeUnknown: true,
    method: 'POST',
  });

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.login();
  siteId = (await insertSite(t, { restRoot: 'https://fake-wordpress.test/wp-json/' })).id;
});
beforeEach(() => {
  fake = useFakeWordPress(t);
});
afterAll(async () => t.close());

describe('create, then update the same post', () => {
  it('creates a draft post with the article’s marker, then updates that post', async () => {
    const article = await insertArticle(t, { siteId });
    const first = await publish(t, cookie, article.id, { articleId: article.id, siteId, send_as: 'draft' });
    expect(first.statusCode).toBe(200);
    const created = first.json();
    expect(created).toMatchObject({ action: 'created', wordpress_status: 'draft', article_status: 'draft' });
    const row = await articleRow(t, article.id);
    expect(row.wordpressPostId).toBe(created.wordpress_post_id);
    expect(row.wordpressPermalink).toBe(created.wordpress_permalink);
    expect(row.publishMarker).toMatch(new RegExp(`^abp-article-${article.id}-[0-9a-f]{8}$`));
    expect(row.publishCreatePending).toBe(false);
    expect(fake.store.posts.get(created.wordpress_post_id)!.content!.raw).toContain(
      `<!-- abp:ref:${row.publishMarker} -->`,
    );

    await t.request({ method: 'PUT', url: `/api/articles/${article.id}`, cookie, payload: { title: 'Edited title' } });
    const second = await publish(t, cookie, article.id, { site_id: siteId });
    expect(second.json()).toMatchObject({ action: 'updated', wordpress_post_id: created.wordpress_post_id });
    expect(fake.store.posts.size).toBe(1);
    expect(fake.store.posts.get(created.wordpress_post_id)!.title!.raw).toBe('Edited title');
    expect(fake.calls.filter((c) => c === 'posts.create')).toHaveLength(1);
  });

  it('creates a new post when the stored one was deleted on WordPress', async () => {
    const article = await insertArticle(t, { siteId });
    const first = (await publish(t, cookie, article.id)).json();
    await fake.posts.delete(first.wordpress_post_id);
    const again = (await publish(t, cookie, article.id)).json();
    expect(again.action).toBe('created');
    expect(again.wordpress_post_id).not.toBe(first.wordpress_post_id);
    expect((await articleRow(t, article.id)).wordpressPostId).toBe(again.wordpress_post_id);
  });
});

describe('article status → WordPress status', () => {
  it('review → pending, sent as a draft', async () => {
    const article = await insertArticle(t, { siteId, status: 'review' });
    const res = (await publish(t, cookie, article.id, { send_as: 'draft' })).json();
    expect(fake.store.posts.get(res.wordpress_post_id)!.status).toBe('pending');
    expect((await articleRow(t, article.id)).wordpressStatus).toBe('pending');
  });

  it('draft → publish: Publish makes the post live (issue #17), and only then is the article published', async () => {
    const article = await insertArticle(t, { siteId, status: 'draft' });
    fake.failNext(
      'posts.create',
      new WordPressError('bad_credentials', {
        status: 401,
        message: 'Sorry, you are not allowed to create posts as this user.',
      }),
    );
    const refused = await publish(t, cookie, article.id);
    expect(refused.statusCode).toBe(424);
    expect(await articleRow(t, article.id)).toMatchObject({
      status: 'draft',
      wordpressPostId: null,
      wordpressStatus: null,
    });
    const listed = (await t.request({ method: 'GET', url: '/api/articles?wordpress_state=not_sent', cookie })).json();
    expect(listed.items.map((item: { id: number }) => item.id)).toContain(article.id);
    // WordPress refused the credentials: the site keeps that state, and nothing is published to it,
    // until a connection check passes again (issue #37 point 3).
    const site = (await t.request({ method: 'GET', url: `/api/sites/${siteId}`, cookie })).json();
    expect(site.credentials_rejected).not.toBeNull();
    expect((await publish(t, cookie, article.id)).statusCode).toBe(409);
    const check = await t.request({ method: 'POST', url: `/api/sites/${siteId}/test-connection`, cookie });
    expect(check.statusCode).toBe(200);

    const res = (await publish(t, cookie, article.id)).json();
    expect(res).toMatchObject({
      wordpress_status: 'publish',
      article_status: 'published',
      message: 'Article published to WordPress',
    });
    expect(fake.store.posts.get(res.wordpress_post_id)!.status).toBe('publish');
    const view = (await t.request({ method: 'GET', url: `/api/articles/${article.id}`, cookie })).json();
    expect(view).toMatchObject({ status: 'published', wordpress_state: 'live' });
    const live = (await t.request({ method: 'GET', url: '/api/articles?wordpress_state=live', cookie })).json();
    expect(live.items.map((item: { id: number }) => item.id)).toContain(article.id);
    expect(
      live.items.every(
        (item: { wordpress_state: string; status: string }) =>
          item.wordpress_state === 'live' && item.status === 'published',
      ),
    ).toBe(true);
    expect(live.total).toBe(live.items.length);
  });

  it('an article sent as a draft stays a draft on WordPress; send_as is checked', async () => {
    const article = await insertArticle(t, { siteId, status: 'draft' });
    const bad = await publish(t, cookie, article.id, { send_as: 'live' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/send_as.*must be 'published' or 'draft'/);
    const res = (await publish(t, cookie, article.id, { send_as: 'draft' })).json();
    expect(res).toMatchObject({ wordpress_status: 'draft', article_status: 'draft' });
    const state = (await t.request({ method: 'GET', url: `/api/articles?wordpress_state=draft`, cookie })).json();
    expect(
      state.items.map((item: { id: number; wordpress_state: string }) => [item.id, item.wordpress_state]),
    ).toContainEqual([article.id, 'draft']);
  });

  it('scheduled → future with the scheduled time as date_gmt', async () => {
    const when = new Date(Date.now() + 2 * 86_400_000);
    when.setUTCMilliseconds(0);
    const article = await insertArticle(t, { siteId, status: 'scheduled', scheduledAt: when });
    const res = (await publish(t, cookie, article.id)).json();
    expect(res).toMatchObject({ wordpress_status: 'future', article_status: 'scheduled' });
    expect(fake.store.posts.get(res.wordpress_post_id)!.date_gmt).toBe(when.toISOString().slice(0, 19));
  });

  it('published → publish, and the article records when', async () => {
    const article = await insertArticle(t, { siteId, status: 'published' });
    const res = (await publish(t, cookie, article.id)).json();
    expect(res).toMatchObject({ wordpress_status: 'publish', article_status: 'published' });
    expect((await articleRow(t, article.id)).publishedAt).toBeInstanceOf(Date);
  });
});

describe('tags and featured image', () => {
  it("maps the article's tags to WordPress tags (the site's own first, duplicates ignored) and reuses them", async () => {
    await fake.tags.getOrCreate('Compost');
    const article = await insertArticle(t, {
      siteId,
      keywords: ['blight garden'],
      tags: ['Soil health', 'soil  health', ' Compost ', ''],
    });
    const res = (await publish(t, cookie, article.id)).json();
    const names = res.tag_ids.map((id: number) => fake.store.tags.get(id)!.name);
    // Normalised to lower case, except a tag the site already has, used as it is; keywords are no tags (issue 18.4).
    expect(names).toEqual(['soil health', 'Compost']);
    expect(fake.store.posts.get(res.wordpress_post_id)!.tags).toEqual(res.tag_ids);
    await publish(t, cookie, article.id);
    expect(fake.store.tags.size).toBe(2);
  });

  it('uploads the article image once and sets it as featured media', async () => {
    const article = await insertArticle(t, { siteId });
    await insertImage(t, article.id);
    const res = (await publish(t, cookie, article.id)).json();
    expect(res.featured_media_id).toEqual(expect.any(Number));
    expect(fake.store.posts.get(res.wordpress_post_id)!.featured_media).toBe(res.featured_media_id);
    const row = await articleRow(t, article.id);
    expect(row.featuredImageUrl).toBe(fake.store.media.get(res.featured_media_id)!.source_url);
    await publish(t, cookie, article.id);
    expect(fake.calls.filter((c) => c === 'media.upload')).toHaveLength(1);
    expect(fake.store.media.size).toBe(1);
  });
});

describe('unknown outcomes', () => {
  it('after a create whose answer was lost, the next publish finds the post by marker: no duplicate', async () => {
    const article = await insertArticle(t, { siteId });
    fake.failNext('posts.create', lostAnswer(), { afterApply: true });
    const first = await publish(t, cookie, article.id);
    expect(first.statusCode).toBe(424);
    expect(first.json()).toMatchObject({
      code: 'wordpress_error',
      details: { kind: 'network', outcome_unknown: true, step: 'post create' },
    });
    expect(fake.store.posts.size).toBe(1); // WordPress did create it
    expect(await articleRow(t, article.id)).toMatchObject({ wordpressPostId: null, publishCreatePending: true });

    const second = await publish(t, cookie, article.id);
    expect(second.statusCode).toBe(200);
    const [onlyPost] = [...fake.store.posts.values()];
    expect(second.json()).toMatchObject({ action: 'recovered', wordpress_post_id: onlyPost!.id });
    expect(fake.store.posts.size).toBe(1);
    expect(fake.calls.filter((c) => c === 'posts.create')).toHaveLength(1);
    expect(await articleRow(t, article.id)).toMatchObject({
      wordpressPostId: onlyPost!.id,
      publishCreatePending: false,
    });
  });

  it('after a lost answer where nothing was created, the lookup finds nothing and creates once', async () => {
    const article = await insertArticle(t, { siteId });
    fake.failNext('posts.create', lostAnswer());
    expect((await publish(t, cookie, article.id)).statusCode).toBe(424);
    const second = (await publish(t, cookie, article.id)).json();
    expect(second.action).toBe('created');
    expect(fake.calls).toContain('posts.findByMarker');
    expect(fake.store.posts.size).toBe(1);
  });

  it('a refused create (4xx) clears the pending flag: the next attempt creates without a lookup', async () => {
    const article = await insertArticle(t, { siteId });
    fake.failNext(
      'posts.create',
      new WordPressError('invalid_request', { message: 'Invalid parameter(s): status', status: 400 }),
    );
    const first = await publish(t, cookie, article.id);
    expect(first.statusCode).toBe(424);
    expect(first.json().error).toContain('Invalid parameter(s): status');
    expect((await articleRow(t, article.id)).publishCreatePending).toBe(false);
    expect((await publish(t, cookie, article.id)).json().action).toBe('created');
    expect(fake.calls).not.toContain('posts.findByMarker');
  });
});

describe('one publish per article at a time', () => {
  it('two simultaneous publishes make one post; the second is refused with 409', async () => {
    fake = useFakeWordPress(t, { latencyMs: 40 });
    const article = await insertArticle(t, { siteId });
    const results = await Promise.all([publish(t, cookie, article.id), publish(t, cookie, article.id)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json()).toMatchObject({ code: 'publish_in_progress' });
    expect(fake.store.posts.size).toBe(1);
    // The lease is released afterwards.
    expect((await publish(t, cookie, article.id)).json().action).toBe('updated');
  });

  it('a lease left by a crashed process expires', async () => {
    const article = await insertArticle(t, { siteId });
    await t.ctx.handle.db.execute(
      sql`UPDATE articles SET publish_lock_token = 'dead', publish_lock_expires_at = now() - interval '1 second' WHERE id = ${article.id}`,
    );
    expect((await publish(t, cookie, article.id)).statusCode).toBe(200);
  });
});
