import { manualGenerateResponseSchema, secureGenerateResponseSchema } from '@abp/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { WordPressClient } from '../../src/integrations/wordpress/index.js';
import { addSite, syncContentAndWait } from '../site-inventory/inventory-helpers.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { describeRealSite, realClient, runId } from '../wordpress/real-site.js';
import { generate, manualPayload, storedGeneration } from './manual-helpers.js';

/*
 * Issue #31 §4: a manual article the duplicate check holds back answers that it was held, why,
 * and which post is already there — it used to answer like one that went out.
 */
describeRealSite('normal', 'a manual article held back by the duplicate check says so (real WordPress)', (site) => {
  let t: TestApp;
  let cookie: string;
  let wp: WordPressClient;
  let siteId: number;
  const topic = `Pond liners ${runId}`;
  let existing: { id: number; link: string };
  const postIds = new Set<number>();

  beforeAll(async () => {
    wp = realClient(site);
    t = await createTestApp();
    cookie = await t.login();
    siteId = await addSite(t, cookie, `Held ${runId}`, site);
    const post = await wp.posts.create({
      title: topic,
      content: '<p>Written by hand on WordPress.</p>',
      status: 'publish',
    });
    existing = { id: post.id, link: post.link };
    postIds.add(post.id);
    await syncContentAndWait(t, cookie, siteId);
  }, 90_000);
  afterAll(async () => {
    for (const id of postIds) await wp.posts.delete(id).catch(() => undefined);
    await t?.close();
  });

  it("the Manual screen's answer: held, the reason, and the post already on the site with its link; nothing sent to WordPress", async () => {
    const res = await generate(t, cookie, manualPayload(siteId, topic, { includeImages: false, wordCount: 500 }));
    expect(res.statusCode, res.body).toBe(200);
    const { data } = manualGenerateResponseSchema.parse(res.json());
    if (data.wordpress_post_id !== null) postIds.add(data.wordpress_post_id);
    expect(data.held).toEqual({
      rule: 'already_on_site',
      reason: expect.stringContaining(`"${topic}" already exists on the site: ${new URL(existing.link).pathname}`),
      existing_post: { title: topic, link: existing.link, site_name: null },
    });
    expect(data).toMatchObject({ status: 'draft', wordpress_post_id: null, wordpress_permalink: null });
    expect(data.publish_error).toContain('quality gate');
    expect((await storedGeneration(t, data.article_id)).article).toMatchObject({
      status: 'draft',
      wordpressPostId: null,
      // Issue #33: the refused article waits for the operator in the Review inbox.
      reviewReason: 'quality_gate',
    });
  }, 60_000);

  it("the secure variant's answer is no success: it says held back, why, and carries the post", async () => {
    const res = await generate(t, cookie, {
      topic,
      site_id: siteId,
      task_type: 'Blog Post',
      includeImages: false,
      wordCount: 500,
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = secureGenerateResponseSchema.parse(res.json());
    expect(answer.success).toBe(false);
    expect(answer.message).toMatch(/saved as a draft but held back, not published: .*already exists on the site/);
    expect(answer.held?.existing_post).toEqual({ title: topic, link: existing.link, site_name: null });
  }, 60_000);
});
