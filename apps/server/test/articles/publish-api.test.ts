import { ARTICLE_MESSAGES } from '@abp/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app.js';
import type { FakeWordPress } from '../wordpress/fake-wordpress.js';
import { insertArticle, insertSite } from './article-fixtures.js';
import { articleRow, publish, useFakeWordPress } from './publish-helpers.js';

let t: TestApp;
let cookie: string;
let fake: FakeWordPress;
let siteId: number;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.login();
  siteId = (await insertSite(t, { restRoot: 'https://fake-wordpress.test/wp-json/' })).id;
});
beforeEach(() => {
  fake = useFakeWordPress(t);
});
afterAll(async () => t.close());

describe('POST /api/articles/{id}/publish: validation (spec §5 Publish)', () => {
  it.each([
    ['abc', ARTICLE_MESSAGES.invalidIdFormat],
    ['0', ARTICLE_MESSAGES.invalidId],
  ])('refuses the path id %s with "%s"', async (id, message) => {
    const res = await publish(t, cookie, id, { site_id: siteId });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: message, details: [{ field: 'id', message }] });
  });

  it.each([
    [{ articleId: 'x7' }, ARTICLE_MESSAGES.invalidIdFormat],
    [{ articleId: -1 }, ARTICLE_MESSAGES.invalidId],
    [{ articleId: 999 }, ARTICLE_MESSAGES.invalidId],
  ])('refuses a body articleId that is bad or names another article: %j', async (body, message) => {
    const article = await insertArticle(t, { siteId });
    const res = await publish(t, cookie, article.id, { ...body, siteId });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: message, details: [{ field: 'articleId', message }] });
  });

  it('refuses an article without a site', async () => {
    const article = await insertArticle(t, { siteId: null });
    const res = await publish(t, cookie, article.id, { articleId: article.id });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: ARTICLE_MESSAGES.noSite, details: [{ field: 'site_id' }] });
  });

  it.each([
    [{ siteId: 'abc' }, 'siteId'],
    [{ site_id: 0 }, 'site_id'],
    [{ site_id: 424242 }, 'site_id'],
  ])('refuses a site that is not the article’s: %j', async (body, field) => {
    const article = await insertArticle(t, { siteId });
    const res = await publish(t, cookie, article.id, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: ARTICLE_MESSAGES.invalidSite, details: [{ field }] });
  });

  it('refuses an inactive site with the Sites module’s 409', async () => {
    const inactive = await insertSite(t, { isActive: false });
    const article = await insertArticle(t, { siteId: inactive.id });
    const res = await publish(t, cookie, article.id, { site_id: inactive.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('site_inactive');
    expect(fake.store.posts.size).toBe(0);
  });

  it('answers 404 for a missing article and refuses a failed one', async () => {
    expect((await publish(t, cookie, 987654)).statusCode).toBe(404);
    const failed = await insertArticle(t, { siteId, status: 'failed' });
    const res = await publish(t, cookie, failed.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe('status');
  });

  it('accepts a call without a body (the article’s own site)', async () => {
    const article = await insertArticle(t, { siteId });
    const res = await publish(t, cookie, article.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, site_id: siteId, action: 'created' });
  });

  it.each([
    // Issue #17: Publish makes the post live; sending it as a draft is asked for by name.
    ['draft', undefined, 'publish', 'Article published to WordPress'],
    ['draft', 'draft', 'draft', 'Article saved to WordPress as a draft'],
    ['review', 'draft', 'pending', 'Article sent to WordPress for review'],
    ['review', 'published', 'publish', 'Article published to WordPress'],
    ['published', undefined, 'publish', 'Article published to WordPress'],
  ] as const)(
    'says what WordPress now has: a %s article sent as %s',
    async (status, sendAs, wordpressStatus, message) => {
      const article = await insertArticle(t, { siteId, status });
      const res = await publish(t, cookie, article.id, sendAs ? { send_as: sendAs } : undefined);
      expect(res.json()).toMatchObject({ wordpress_status: wordpressStatus, message });
      const again = await publish(t, cookie, article.id, sendAs ? { send_as: sendAs } : undefined);
      expect(again.json()).toMatchObject({ action: 'updated', message: 'WordPress post updated' });
    },
  );
});

describe('quality gate', () => {
  const badContent = '<p>As an AI language model I cannot write this. [insert link here]</p>';

  it('blocks with 409, "quality gate" in the error, and the report; nothing reaches WordPress', async () => {
    const article = await insertArticle(t, { siteId, content: badContent });
    const res = await publish(t, cookie, article.id, { articleId: article.id, siteId });
    expect(res.statusCode).toBe(409);
    const body = res.json();
    expect(body.code).toBe('quality_gate');
    expect(body.error).toMatch(/quality gate/);
    expect(body.details.quality_report).toMatchObject({ severity: 'severe', blocking: true });
    expect(body.details.quality_report.issues.map((i: { rule: string }) => i.rule)).toEqual(
      expect.arrayContaining(['refusal', 'placeholder']),
    );
    expect(fake.calls).toEqual([]);
    // The report is stored with the article.
    expect((await articleRow(t, article.id)).qualityReport).toMatchObject({ severity: 'severe' });
  });

  it('publishes when forced with force_publish, and again with the X-Force-Publish header', async () => {
    const article = await insertArticle(t, { siteId, content: badContent });
    const forced = await publish(t, cookie, article.id, { site_id: siteId, force_publish: true });
    expect(forced.statusCode).toBe(200);
    expect(forced.json()).toMatchObject({ forced: true, action: 'created', quality_report: { severity: 'severe' } });
    const byHeader = await publish(t, cookie, article.id, { site_id: siteId }, { 'X-Force-Publish': 'true' });
    expect(byHeader.statusCode).toBe(200);
    expect(byHeader.json()).toMatchObject({
      forced: true,
      action: 'updated',
      wordpress_post_id: forced.json().wordpress_post_id,
    });
    expect(fake.store.posts.size).toBe(1);
  });

  it('refuses an X-Force-Publish header that is neither true nor false, naming the header', async () => {
    const article = await insertArticle(t, { siteId, content: badContent });
    const res = await publish(t, cookie, article.id, { site_id: siteId }, { 'X-Force-Publish': 'yes please' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe('headers.x-force-publish');
    expect(fake.calls).toEqual([]);
  });

  it('blocks a title used by another article of the same site', async () => {
    await insertArticle(t, { siteId, title: 'Tomatoes: the complete guide' });
    const copy = await insertArticle(t, { siteId, title: 'tomatoes — the Complete Guide!' });
    const res = await publish(t, cookie, copy.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().details.quality_report.issues.map((i: { rule: string }) => i.rule)).toContain('duplicate_title');
  });
});
