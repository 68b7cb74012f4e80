import type { ReviewDecisionResult } from '@abp/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { articles } from '../../src/db/schema/index.js';
import type { WordPressClient } from '../../src/integrations/wordpress/index.js';
import { insertArticle, insertSite } from '../articles/article-fixtures.js';
import { articleRow, publish } from '../articles/publish-helpers.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { describeRealSite, realClient, runId } from '../wordpress/real-site.js';

/* The Review inbox's decisions on the real WordPress (issue #33): approve, approve and schedule, reject a preview draft. */
describeRealSite('normal', 'the Review inbox on the real WordPress', (site) => {
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
    await t.close();
  });

  async function held(title: string) {
    const article = await insertArticle(t, { siteId, title: `${title} ${runId}` });
    await t.services.articleStore.markWaiting(article.id, 'held');
    return article;
  }
  async function decide(action: 'approve' | 'reject', payload: Record<string, unknown>) {
    const res = await t.request({ method: 'POST', url: `/api/review/${action}`, cookie, payload });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as ReviewDecisionResult;
    for (const article of payload.items as Array<{ id: number }>) {
      const row = await articleRow(t, article.id);
      if (row.wordpressPostId) postIds.add(row.wordpressPostId);
    }
    return body;
  }

  it('approve: the held article goes live on WordPress and leaves the inbox', async () => {
    const article = await held('Review inbox mulch guide');
    const result = await decide('approve', { items: [{ kind: 'article', id: article.id }] });
    expect(result.results[0]).toMatchObject({ ok: true, outcome: 'published' });
    const row = await articleRow(t, article.id);
    expect(row).toMatchObject({ status: 'published', reviewReason: null });
    const post = await wp.posts.get(row.wordpressPostId!);
    expect(post.status).toBe('publish');
    expect(result.results[0]!.wordpress_permalink).toBe(post.link);
  });

  it('approve and schedule: the post is scheduled (future) on WordPress at that time', async () => {
    const article = await held('Review inbox hedge guide');
    const at = new Date(Date.now() + 3 * 24 * 3600_000);
    at.setUTCSeconds(0, 0);
    const result = await decide('approve', {
      items: [{ kind: 'article', id: article.id }],
      schedule_at: at.toISOString(),
    });
    expect(result.results[0]).toMatchObject({ ok: true, outcome: 'scheduled' });
    const post = await wp.posts.get((await articleRow(t, article.id)).wordpressPostId!);
    expect(post.status).toBe('future');
    expect(new Date(`${post.date_gmt}Z`).toISOString()).toBe(at.toISOString());
  });

  it('reject: a draft sent for preview goes to the WordPress trash; the article is a draft with the reason', async () => {
    const article = await held('Review inbox pond guide');
    const sent = await publish(t, cookie, article.id, { site_id: siteId, send_as: 'draft' });
    expect(sent.statusCode, sent.body).toBe(200);
    const postId = sent.json().wordpress_post_id as number;
    postIds.add(postId);
    const result = await decide('reject', { items: [{ kind: 'article', id: article.id }], reason: 'Too generic' });
    expect(result.results[0]).toMatchObject({ ok: true, outcome: 'rejected' });
    expect((await wp.posts.get(postId)).status).toBe('trash');
    const [row] = await t.ctx.handle.db.select().from(articles).where(eq(articles.id, article.id));
    expect(row).toMatchObject({
      status: 'draft',
      reviewReason: null,
      reviewNote: 'Too generic',
      wordpressPostId: null,
    });
  });
});
