import { type Article, articleSchema, manualGenerateResponseSchema, type Site } from '@abp/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles } from '../../src/db/schema/index.js';
import { WordPressError } from '../../src/integrations/wordpress/index.js';
import { DelayedRelease } from '../../src/modules/article-pipeline/delayed-release.js';
import { ArticleStore } from '../../src/modules/articles/article-store.repository.js';
import { publish, useFakeWordPress } from '../articles/publish-helpers.js';
import { bulkPayload, startBulk } from '../bulk-jobs/bulk-helpers.js';
import { generate, manualPayload } from '../manual/manual-helpers.js';
import { createSite, siteBody } from '../sites/sites-helpers.js';
import { createTestApp, type TestApp } from '../test-app.js';
import type { FakeWordPress } from '../wordpress/fake-wordpress.js';

/*
 * The publishing policy's API (issue #33): the fields sites, blog configurations, bulk jobs and
 * manual requests take, their 400s, and what happens to a waiting article afterwards (a publish
 * clears its marks, a draft push does not, a release that fails holds it). A local fake WordPress.
 */
let t: TestApp;
let cookie: string;
let wordpress: FakeWordPress;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.login();
  wordpress = useFakeWordPress(t);
});
afterAll(() => t.close());

function expectField(res: { statusCode: number; body: string; json: () => unknown }, field: string, message: RegExp) {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json() as { code: string; details: { field: string; message: string }[] };
  expect(body.code).toBe('validation');
  expect(body.details[0]).toMatchObject({ field: expect.stringContaining(field) });
  expect(body.details[0]!.message).toMatch(message);
}

async function article(id: number): Promise<Article> {
  return articleSchema.parse((await t.request({ method: 'GET', url: `/api/articles/${id}`, cookie })).json());
}

describe('the policy fields are validated with a 400 naming the field', () => {
  it('sites: a delay without hours, an unknown mode, hours out of range, a non-boolean switch', async () => {
    const post = (payload: Record<string, unknown>) =>
      t.request({
        method: 'POST',
        url: '/api/sites',
        cookie,
        payload: siteBody({ url: 'https://bad.example', ...payload }),
      });
    expectField(await post({ publish_policy: { mode: 'delay' } }), 'publish_policy.delay_hours', /is required/);
    expectField(await post({ publish_policy: { mode: 'later' } }), 'publish_policy.mode', /auto|hold|delay/);
    expectField(
      await post({ publish_policy: { mode: 'delay', delay_hours: 0 } }),
      'publish_policy.delay_hours',
      /at least 1/,
    );
    expectField(
      await post({ publish_policy: { mode: 'delay', delay_hours: 337 } }),
      'publish_policy.delay_hours',
      /at most 336/,
    );
    expectField(await post({ send_held_as_draft: 'yes' }), 'send_held_as_draft', /true or false/);
  });

  it('blog configurations, bulk jobs and manual requests', async () => {
    const { id: siteId } = await createSite(t, cookie, { url: 'https://fields.example' });
    expectField(
      await t.request({
        method: 'POST',
        url: '/api/config',
        cookie,
        payload: { site_id: siteId, topics: ['Compost'], publish_policy: { mode: 'delay', delay_hours: 1.5 } },
      }),
      'publish_policy.delay_hours',
      /whole number/,
    );
    expectField(
      await startBulk(t, cookie, { ...bulkPayload(siteId, 'Compost'), publish_policy: { mode: 'hold-on' } }),
      'publish_policy.mode',
      /auto|hold|delay/,
    );
    expectField(
      await generate(t, cookie, manualPayload(siteId, 'Compost basics', {}, { publish_policy: { mode: 'delay' } })),
      'publish_policy.delay_hours',
      /is required/,
    );
  });
});

describe('sites carry their default policy', () => {
  it("defaults to 'auto' without a preview; an update without the fields keeps them", async () => {
    const created = await createSite(t, cookie, { url: 'https://defaults.example' });
    const site = (await t.request({ method: 'GET', url: `/api/sites/${created.id}`, cookie })).json<Site>();
    expect(site).toMatchObject({ publish_policy: { mode: 'auto', delay_hours: null }, send_held_as_draft: false });
    const updated = await t.request({
      method: 'PUT',
      url: `/api/sites/${created.id}`,
      cookie,
      payload: {
        ...siteBody({ url: 'https://defaults.example' }),
        publish_policy: { mode: 'delay', delay_hours: 6 },
        send_held_as_draft: true,
      },
    });
    expect(updated.json()).toMatchObject({
      publish_policy: { mode: 'delay', delay_hours: 6 },
      send_held_as_draft: true,
    });
    const kept = await t.request({
      method: 'PUT',
      url: `/api/sites/${created.id}`,
      cookie,
      payload: { name: 'Renamed', url: 'https://defaults.example', username: 'editor' },
    });
    expect(kept.json()).toMatchObject({ publish_policy: { mode: 'delay', delay_hours: 6 }, send_held_as_draft: true });
  });
});

describe('manual generation and a waiting article afterwards', () => {
  let siteId: number;
  beforeAll(async () => {
    siteId = (
      await createSite(t, cookie, {
        url: 'https://manual-policy.example',
        publish_policy: { mode: 'delay', delay_hours: 3 },
      })
    ).id;
  });

  it("the request's own policy wins; absent, the site's applies; nothing goes to WordPress", async () => {
    const before = wordpress.store.posts.size;
    const held = await generate(
      t,
      cookie,
      manualPayload(
        siteId,
        'Worm farms at home',
        { includeImages: false, publishStatus: 'publish', wordCount: 500 },
        {
          publish_policy: { mode: 'hold' },
        },
      ),
    );
    expect(held.statusCode, held.body).toBe(200);
    const heldData = manualGenerateResponseSchema.parse(held.json()).data;
    expect(heldData).toMatchObject({
      review: { reason: 'held', release_at: null },
      status: 'draft',
      publish_error: null,
    });
    expect(await article(heldData.article_id)).toMatchObject({ review_reason: 'held', wordpress_post_id: null });

    const delayed = await generate(
      t,
      cookie,
      manualPayload(siteId, 'Leaf mould in autumn', { includeImages: false, publishStatus: 'publish', wordCount: 500 }),
    );
    const delayedData = manualGenerateResponseSchema.parse(delayed.json()).data;
    expect(delayedData.review?.reason).toBe('delayed');
    expect(Date.parse(delayedData.review!.release_at!) - Date.now()).toBeGreaterThan(2.9 * 3600_000);
    expect(wordpress.store.posts.size).toBe(before);
  });

  it('a draft push keeps the marks; publishing it live (the editor, the inbox) clears them', async () => {
    const res = await generate(
      t,
      cookie,
      manualPayload(
        siteId,
        'Cold frames explained',
        { includeImages: false, wordCount: 500 },
        {
          publish_policy: { mode: 'hold' },
        },
      ),
    );
    const { article_id: id } = manualGenerateResponseSchema.parse(res.json()).data;
    // Forced: the offline writer's demonstration text asks for a confirmation before a public post.
    const force = { 'x-force-publish': 'true' };
    const draft = await publish(t, cookie, id, { send_as: 'draft' }, force);
    expect(draft.statusCode, draft.body).toBe(200);
    expect(await article(id)).toMatchObject({ review_reason: 'held', wordpress_state: 'draft' });
    const live = await publish(t, cookie, id, { send_as: 'published' }, force);
    expect(live.statusCode, live.body).toBe(200);
    expect(await article(id)).toMatchObject({
      status: 'published',
      review_reason: null,
      review_since: null,
      release_at: null,
    });
  });

  it('a due release publishes with the status the producer wanted and clears the marks', async () => {
    const res = await generate(
      t,
      cookie,
      manualPayload(siteId, 'Hot composting', { includeImages: false, publishStatus: 'publish', wordCount: 500 }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const { article_id: id } = manualGenerateResponseSchema.parse(res.json()).data;
    await t.ctx.handle.db
      .update(articles)
      .set({ releaseAt: new Date(Date.now() - 1000) })
      .where(eq(articles.id, id));
    // The app's own every-minute run may take it first: the article's state is what counts.
    await t.services.delayedRelease.releaseDue();
    const after = await article(id);
    expect(after).toMatchObject({ status: 'published', review_reason: null, release_at: null });
    expect(wordpress.store.posts.get(after.wordpress_post_id!)?.status).toBe('publish');
  });
  it('a due release that WordPress cannot take is held for the operator, not tried every minute', async () => {
    const res = await generate(
      t,
      cookie,
      manualPayload(siteId, 'Rain barrels', { includeImages: false, publishStatus: 'publish', wordCount: 500 }),
    );
    const { article_id: id } = manualGenerateResponseSchema.parse(res.json()).data;
    await t.ctx.handle.db
      .update(articles)
      .set({ releaseAt: new Date(Date.now() - 1000) })
      .where(eq(articles.id, id));
    wordpress.failNext(
      'posts.create',
      new WordPressError('bad_credentials', {
        status: 401,
        message: 'Sorry, you are not allowed to create posts as this user.',
      }),
    );
    // The app's own every-minute run may take it first: the article's state is what counts.
    await t.services.delayedRelease.releaseDue();
    const after = await article(id);
    expect(after).toMatchObject({ review_reason: 'held', release_at: null, status: 'draft' });
    expect(after.failure_reason).toContain('Publishing failed');
    // Held now: the next run leaves it alone.
    expect((await t.services.delayedRelease.releaseDue()).held).not.toContain(id);
  });

  it('a delayed article held while the release works through its batch is not published (claimed one by one)', async () => {
    // A site of its own (the test before left its site with rejected credentials).
    const site = await createSite(t, cookie, {
      url: 'https://release-claims.example',
      publish_policy: { mode: 'delay', delay_hours: 3 },
    });
    const ids: number[] = [];
    for (const topic of ['Leaf mould', 'Worm towers']) {
      const res = await generate(
        t,
        cookie,
        manualPayload(site.id, topic, { includeImages: false, publishStatus: 'publish', wordCount: 500 }),
      );
      expect(res.statusCode, res.body).toBe(200);
      ids.push(manualGenerateResponseSchema.parse(res.json()).data.article_id);
    }
    const [first, second] = ids as [number, number];
    for (const [i, id] of ids.entries())
      await t.ctx.handle.db
        .update(articles)
        .set({ reviewReason: 'delayed', releaseAt: new Date(Date.now() - 10_000 + i) })
        .where(eq(articles.id, id));
    // The operator holds the second while the first is being published (the batch was read before).
    const published: number[] = [];
    const release = new DelayedRelease(
      t.ctx.handle.db,
      {
        publishArticle: async (id) => {
          published.push(id);
          if (id === first) await t.services.review.hold([{ kind: 'article', id: second }]);
          return t.services.publishing.publishArticle(id);
        },
      },
      new ArticleStore(t.ctx.handle.db),
      { error: () => undefined },
    );
    await release.releaseDue();
    expect(published).not.toContain(second);
    expect(await article(second)).toMatchObject({ review_reason: 'held', status: 'draft' });
  });
});
