import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { articles } from '../../src/db/schema/index.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { describeRealSite, realClient, runId } from '../wordpress/real-site.js';
import { runDueSlotThroughJobs } from './scheduler-fixtures.js';

describeRealSite('normal', 'scheduler against the real WordPress', (wp) => {
  const client = realClient(wp);
  let t: TestApp;
  let cookie: string;
  const postIds: number[] = [];
  const mediaIds: number[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.login();
  });
  afterAll(async () => {
    for (const id of postIds) await client.posts.delete(id).catch(() => undefined);
    for (const id of mediaIds) await client.media.delete(id).catch(() => undefined);
    await t?.close();
  });

  /** Makes the slot due now and lets the app's own tick and slot job (pg-boss workers) post it. */
  async function postDueSlot(configId: number, slotNumber: number) {
    const slots = await runDueSlotThroughJobs(t, configId, slotNumber);
    const slot = slots.at(-1)!;
    expect(slot).toMatchObject({ outcome: 'posted', error: null });
    const [article] = await t.ctx.handle.db.select().from(articles).where(eq(articles.id, slot.articleId!));
    postIds.push(article!.wordpressPostId!);
    const post = await client.posts.get(article!.wordpressPostId!);
    if (post.featured_media) mediaIds.push(post.featured_media);
    // Exactly one post carries this article's marker, whatever its status.
    const found = await client.posts.findByMarker(article!.publishMarker!);
    expect(found?.id).toBe(post.id);
    return { article: article!, post };
  }

  it('a configuration due now produces one post with the configured status', async () => {
    const siteRes = await t.request({
      method: 'POST',
      url: '/api/sites',
      cookie,
      payload: { name: `Scheduler ${runId}`, url: wp.url, username: wp.user, password: wp.password },
    });
    expect(siteRes.statusCode).toBe(201);
    const siteId = siteRes.json<{ id: number }>().id;
    const body = {
      site_id: siteId,
      topics: [`Scheduled compost ${runId}`, `Scheduled mulch ${runId}`],
      post_status: 'published',
      word_count: 500,
    };
    const created = await t.request({ method: 'POST', url: '/api/config', cookie, payload: body });
    expect(created.statusCode).toBe(201);
    const configId = created.json<{ id: number }>().id;

    const first = await postDueSlot(configId, 1);
    expect(first.post.status).toBe('publish');
    expect(first.article).toMatchObject({ status: 'published', origin: 'schedule' });
    expect(first.post.title?.rendered.toLowerCase()).toContain(runId.toLowerCase());

    // The same configuration switched to draft: the next slot posts a WordPress draft, on the next topic.
    expect(
      (
        await t.request({
          method: 'PUT',
          url: `/api/config/${configId}`,
          cookie,
          payload: { ...body, post_status: 'draft' },
        })
      ).statusCode,
    ).toBe(200);
    const second = await postDueSlot(configId, 2);
    expect(second.post.status).toBe('draft');
    expect(second.article.status).toBe('draft');
    expect(second.post.id).not.toBe(first.post.id);

    const listed = (await t.request({ method: 'GET', url: `/api/config/${configId}`, cookie })).json<{
      posts_today: number;
      last_post_at: string | null;
    }>();
    expect(listed.posts_today).toBe(2);
    expect(listed.last_post_at).not.toBeNull();
  }, 180_000);
});
