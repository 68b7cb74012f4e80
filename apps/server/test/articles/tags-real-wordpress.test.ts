import { afterAll, beforeAll, expect, it } from 'vitest';
import type { WordPressClient } from '../../src/integrations/wordpress/index.js';
import { toPlainText } from '../../src/lib/plain-text.js';
import { type FakeOpenAiServer, startFakeOpenAiServer } from '../llm/fake-openai-server.js';
import { writerWithOutline } from '../llm/fake-writer.js';
import { useFakeModel } from '../llm/helpers.js';
import { generate, manualPayload } from '../manual/manual-helpers.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { addRealSite, describeRealSite, realClient, runId } from '../wordpress/real-site.js';

/*
 * Tags by policy (issue 18.4), read back from the real WordPress: no tag from a fragment of the
 * topic, whole phrases of the model's keyword list only, normalised, at most 5, the site's own tag
 * reused; a blog configuration that turns tags off leaves the post without any.
 */

const KEY = 'sk-tags-policy';

describeRealSite('normal', 'tags on the real WordPress follow the policy', (site) => {
  let t: TestApp;
  let cookie: string;
  let wp: WordPressClient;
  let model: FakeOpenAiServer;
  let siteId: number;
  const postIds = new Set<number>();
  const tag = (words: string) => `${words} ${runId}`;

  beforeAll(async () => {
    model = await startFakeOpenAiServer({ apiKey: KEY });
    t = await createTestApp();
    cookie = await t.login();
    wp = realClient(site);
    await useFakeModel(t, cookie, model.baseUrl, KEY);
    siteId = await addRealSite(t, cookie, site, `Tags ${runId}`);
    // The model lists its keywords: two whole phrases among junk, one of them a tag the site already has (other case).
    model.setHandler(
      writerWithOutline({
        keywords: [
          tag('compost 🍅 &amp; "quotes"'),
          tag('raised beds'),
          'a',
          'z'.repeat(200),
          '&lt;script&gt;alert(1)&lt;/script&gt;',
          tag('far too many words in one'),
          tag('mulch'),
          tag('leaf mould'),
          tag('worm bins'),
          tag('seventh one'),
        ],
      }),
    );
  }, 60_000);
  afterAll(async () => {
    for (const id of postIds) await wp.posts.delete(id).catch(() => undefined);
    const tags = await wp.tags.list({ search: runId }).catch(() => []);
    for (const term of tags) await wp.tags.delete(term.id).catch(() => undefined);
    await model?.close();
    await t?.close();
  });

  async function tagsOfPost(postId: number): Promise<string[]> {
    const post = await wp.posts.get(postId);
    const terms = await wp.tags.list({ search: runId });
    return (post.tags ?? []).map((id) => toPlainText(terms.find((term) => term.id === id)?.name ?? `#${id}`));
  }

  it("whole phrases only, normalised, at most 5, the site's own tag reused; no fragment of the topic", async () => {
    const own = (await wp.tags.getOrCreate(`Raised Beds ${runId}`)).term;
    const res = await generate(
      t,
      cookie,
      manualPayload(siteId, `Blight garden fungus spray ${runId}`, {
        publishStatus: 'publish',
        includeImages: false,
        wordCount: 600,
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<{ data: { wordpress_post_id: number; publish_error: unknown } }>().data;
    expect(data.publish_error).toBeNull();
    postIds.add(data.wordpress_post_id);
    const names = await tagsOfPost(data.wordpress_post_id);
    // The model's whole phrases (as many as its keyword list kept), the site's own tag as it is named there.
    expect(names).toContain(tag('compost & quotes'));
    expect(names).toContain(own.name);
    expect(names.length).toBeLessThanOrEqual(5);
    const phrases = [
      tag('compost & quotes'),
      own.name,
      tag('mulch'),
      tag('leaf mould'),
      tag('worm bins'),
      tag('seventh one'),
    ];
    expect(names.filter((name) => !phrases.includes(name))).toEqual([]);
    // No second "raised beds" beside the site's own, nothing made of the topic's words, no junk.
    expect((await wp.tags.list({ search: `raised beds ${runId}` })).map((term) => term.id)).toEqual([own.id]);
    const ours = (await wp.tags.list({ search: runId })).map((term) => toPlainText(term.name).toLowerCase());
    expect(ours.some((name) => /blight|fungus/.test(name))).toBe(false);
  }, 120_000);

  it('a blog configuration with tags turned off: the post gets none', async () => {
    const config = await t.request({
      method: 'POST',
      url: '/api/config',
      cookie,
      payload: { site_id: siteId, topics: ['compost'], add_tags: false, is_active: false },
    });
    expect(config.statusCode, config.body).toBe(201);
    expect(config.json<{ add_tags: boolean }>().add_tags).toBe(false);
    const res = await generate(
      t,
      cookie,
      manualPayload(siteId, `Autumn leaf mould heaps ${runId}`, {
        publishStatus: 'publish',
        includeImages: false,
        wordCount: 600,
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<{ data: { wordpress_post_id: number; publish_error: unknown } }>().data;
    expect(data.publish_error).toBeNull();
    postIds.add(data.wordpress_post_id);
    expect((await wp.posts.get(data.wordpress_post_id)).tags ?? []).toEqual([]);
  }, 120_000);
});
