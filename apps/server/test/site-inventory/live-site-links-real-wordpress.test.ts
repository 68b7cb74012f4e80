import { type InventoryList, manualGenerateResponseSchema } from '@abp/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { findElements, parseHtml } from '../../src/lib/html/html-tree.js';
import { generate, manualPayload, storedGeneration } from '../manual/manual-helpers.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { describeRealSite, runId } from '../wordpress/real-site.js';
import { syncContentAndWait } from './inventory-helpers.js';
import { WordPressSeed } from './wordpress-seed.js';

// A word no other test's posts have, so BM25 finds exactly this suite's posts.
const WORD = `kohl${runId.replace(/[^a-z]/g, '')}`;

describeRealSite('normal', "a new article links into its site's existing posts", (site) => {
  let t: TestApp;
  let cookie: string;
  let siteId: number;
  const seed = new WordPressSeed(site);
  let postIds: number[] = [];

  beforeAll(async () => {
    postIds = await seed.createPosts([
      { title: `Fermenting ${WORD} at home`, status: 'publish', content: '<p>Salt, jars and patience.</p>' },
      { title: `${WORD} slaw with apples`, status: 'publish', content: '<p>A crisp salad.</p>' },
      { title: `Draft about ${WORD} soup`, status: 'draft', content: '<p>Not public yet.</p>' },
      { title: 'Quarterly tax filing for freelancers', status: 'publish', content: '<p>Forms and deadlines.</p>' },
    ]);
    t = await createTestApp();
    cookie = await t.login();
    const created = await t.request({
      method: 'POST',
      url: '/api/sites',
      cookie,
      payload: { name: `Links ${runId}`, url: site.url, username: site.user, password: site.password },
    });
    expect(created.statusCode, created.body).toBe(201);
    siteId = (created.json() as { id: number }).id;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await seed.deletePosts(postIds).catch(() => undefined);
  });

  it('after a content sync, the article links to the fitting published posts (never a draft, never unrelated), in body text, each once', async () => {
    await syncContentAndWait(t, cookie, siteId);
    const res = await generate(
      t,
      cookie,
      manualPayload(siteId, `Fermenting ${WORD} for beginners`, { includeImages: false, wordCount: 600 }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const { data } = manualGenerateResponseSchema.parse(res.json());
    const { article } = await storedGeneration(t, data.article_id);
    // The article's own post goes too: a leftover would be a better match for the next run's article.
    if (article.wordpressPostId) postIds.push(article.wordpressPostId);

    const links = findElements(
      parseHtml(article.content),
      (el) => el.name === 'a' && 'data-abp-site-link' in el.attribs,
    );
    const hrefs = links.map((a) => a.attribs.href);
    const inventory = (
      await t.request({ method: 'GET', url: `/api/sites/${siteId}/inventory/items?search=${WORD}&limit=100`, cookie })
    ).json() as InventoryList;
    const published = inventory.items.filter((item) => item.status === 'publish');
    expect(published).toHaveLength(2);
    // Only fitting published posts, each once, by their permalinks in the inventory; the fermenting
    // one at least. (Issue #32 changed the rule: the site-knowledge index keeps the posts within 55 %
    // of the best one's score, and the slaw post, sharing only the vegetable in a one-line body, may
    // fall below it; before, every post sharing a word of the topic within a tenth of the best.)
    expect(new Set(hrefs).size).toBe(hrefs.length);
    for (const href of hrefs) expect(published.map((item) => item.link)).toContain(href);
    expect(hrefs).toContain(published.find((item) => item.title.startsWith('Fermenting'))!.link);
    for (const a of links) {
      let parent = a.parent;
      while (parent && 'name' in parent) {
        expect(parent.name).not.toMatch(/^h[1-6]$/);
        parent = parent.parent;
      }
    }
    expect(article.content).not.toContain('tax-filing');
  }, 120_000);

  it("the site's blog configuration sets how many links an article gets: 1, or none", async () => {
    const linksOf = async (topic: string) => {
      const res = await generate(t, cookie, manualPayload(siteId, topic, { includeImages: false, wordCount: 600 }));
      expect(res.statusCode, res.body).toBe(200);
      const { article } = await storedGeneration(t, manualGenerateResponseSchema.parse(res.json()).data.article_id);
      if (article.wordpressPostId) postIds.push(article.wordpressPostId);
      return findElements(parseHtml(article.content), (el) => el.name === 'a' && 'data-abp-site-link' in el.attribs);
    };
    const config = await t.request({
      method: 'POST',
      url: '/api/config',
      cookie,
      payload: { site_id: siteId, topics: ['fermenting'], is_active: false, internal_links: 1 },
    });
    expect(config.statusCode, config.body).toBe(201);
    expect(await linksOf(`Fermenting ${WORD} in jars`)).toHaveLength(1);
    const id = config.json<{ id: number }>().id;
    const off = await t.request({
      method: 'PUT',
      url: `/api/config/${id}`,
      cookie,
      payload: { site_id: siteId, topics: ['fermenting'], is_active: false, internal_links: 0 },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(await linksOf(`Fermenting ${WORD} with whey`)).toHaveLength(0);
    expect(
      (
        await t.request({
          method: 'PUT',
          url: `/api/config/${id}`,
          cookie,
          payload: { site_id: siteId, topics: ['fermenting'], internal_links: 11 },
        })
      ).statusCode,
    ).toBe(400);
  }, 120_000);
});
