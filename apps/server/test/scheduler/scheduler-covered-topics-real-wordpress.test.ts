import type { BlogConfig } from '@abp/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { articles } from '../../src/db/schema/index.js';
import { createTestApp, type TestApp, waitFor } from '../test-app.js';
import { describeRealSite, realClient, runId } from '../wordpress/real-site.js';
import { runDueSlotThroughJobs } from './scheduler-fixtures.js';

// A schedule never writes again on a topic the live site already has a post on (its content inventory).
describeRealSite('normal', 'schedules pass over topics the site already covers (real WordPress)', (wp) => {
  const client = realClient(wp);
  let t: TestApp;
  let cookie: string;
  let siteId: number;
  const postIds: number[] = [];
  let existing: { id: number; link: string };

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.login();
    const site = await t.request({
      method: 'POST',
      url: '/api/sites',
      cookie,
      payload: { name: `Covered ${runId}`, url: wp.url, username: wp.user, password: wp.password },
    });
    siteId = site.json<{ id: number }>().id;
    const post = await client.posts.create({
      title: `Planting garlic in autumn ${runId}`,
      content: '<p>Written on WordPress.</p>',
      status: 'publish',
    });
    existing = { id: post.id, link: post.link };
    postIds.push(post.id);
    expect((await t.request({ method: 'POST', url: `/api/sites/${siteId}/inventory/sync`, cookie })).statusCode).toBe(
      202,
    );
    await waitFor(
      async () => ((await t.services.siteInventory.summary(siteId)).state === 'succeeded' ? true : null),
      60_000,
      250,
    );
  });
  afterAll(async () => {
    for (const id of postIds) await client.posts.delete(id).catch(() => undefined);
    await t?.close();
  });

  async function runDueSlot(configId: number, slotNumber: number) {
    const slots = await runDueSlotThroughJobs(t, configId, slotNumber);
    const slot = slots.at(-1)!;
    if (slot.articleId) {
      const [article] = await t.ctx.handle.db.select().from(articles).where(eq(articles.id, slot.articleId));
      if (article?.wordpressPostId) postIds.push(article.wordpressPostId);
    }
    return slot;
  }

  const configOf = async (id: number) =>
    (await t.request({ method: 'GET', url: `/api/config/${id}`, cookie })).json<BlogConfig>();

  it('passes over the covered topic, writes the next one, and the configuration shows which post covers it', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/config',
      cookie,
      payload: {
        site_id: siteId,
        topics: [`Garlic ${runId}`, `Leeks ${runId}`],
        post_status: 'draft',
        word_count: 500,
        is_active: true,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const configId = created.json<{ id: number }>().id;

    const slot = await runDueSlot(configId, 1);
    expect(slot).toMatchObject({ topic: `Leeks ${runId}`, outcome: 'posted', error: null });
    const note = `Skipped topics the site already covers: "Garlic ${runId}" ("Planting garlic in autumn ${runId}", ${new URL(existing.link).pathname}).`;
    expect(slot.note).toBe(note);
    expect((await configOf(configId)).last_note).toBe(note);
    const [article] = await t.ctx.handle.db.select().from(articles).where(eq(articles.id, slot.articleId!));
    expect(article!.title.toLowerCase()).toContain('leeks');
    await t.request({ method: 'DELETE', url: `/api/config/${configId}`, cookie });
  }, 120_000);

  it('passes over a topic that rewords the post (site knowledge, issue #32), naming the post', async () => {
    const topic = `Garlic planting in the autumn, step by step ${runId}`;
    const created = await t.request({
      method: 'POST',
      url: '/api/config',
      cookie,
      payload: { site_id: siteId, topics: [topic], post_status: 'draft', word_count: 500, is_active: true },
    });
    expect(created.statusCode, created.body).toBe(201);
    const configId = created.json<{ id: number }>().id;
    const slot = await runDueSlot(configId, 1);
    expect(slot).toMatchObject({ outcome: 'skipped', articleId: null });
    expect(slot.note).toBe(
      `Nothing posted: every topic of this configuration is already on the site: "${topic}" ("Planting garlic in autumn ${runId}", ${new URL(existing.link).pathname}). Add new topics to keep posting.`,
    );
    await t.request({ method: 'DELETE', url: `/api/config/${configId}`, cookie });
  }, 120_000);

  it('when every topic is covered, the slot posts nothing and says so', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/config',
      cookie,
      payload: { site_id: siteId, topics: [`Garlic ${runId}`], post_status: 'draft', word_count: 500, is_active: true },
    });
    const configId = created.json<{ id: number }>().id;
    const slot = await runDueSlot(configId, 1);
    expect(slot).toMatchObject({ outcome: 'skipped', articleId: null });
    expect(slot.note).toBe(
      `Nothing posted: every topic of this configuration is already on the site: "Garlic ${runId}" ("Planting garlic in autumn ${runId}", ${new URL(existing.link).pathname}). Add new topics to keep posting.`,
    );
    const config = await configOf(configId);
    expect(config.last_note).toBe(slot.note);
    expect(config.last_error).toBeNull();
    // A skipped slot does not count against the daily cap.
    expect(config.posts_today).toBe(0);
  }, 120_000);
});
