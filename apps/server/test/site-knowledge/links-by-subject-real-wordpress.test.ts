import { type BacklinkProposalList, manualGenerateResponseSchema } from '@abp/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { findElements, parseHtml } from '../../src/lib/html/html-tree.js';
import { insertArticle } from '../articles/article-fixtures.js';
import { publish } from '../articles/publish-helpers.js';
import { generate, manualPayload, storedGeneration } from '../manual/manual-helpers.js';
import { addSite, syncContentAndWait } from '../site-inventory/inventory-helpers.js';
import { WordPressSeed } from '../site-inventory/wordpress-seed.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { describeRealSite, runId } from '../wordpress/real-site.js';

// A made-up vegetable (no other test's posts have it), in plural and singular: the marker first, so
// that the word stems like "parsnip".
const VEG = `${runId.replace(/[^a-z]/g, '')}parsnip`;
const p = (...paragraphs: string[]) => paragraphs.map((text) => `<p>${text}</p>`).join('\n');

describeRealSite('normal', 'links by subject, from the site-knowledge index (real WordPress)', (site) => {
  const seed = new WordPressSeed(site);
  let t: TestApp;
  let cookie: string;
  let siteId: number;
  const ids: Record<string, number> = {};
  const created: number[] = [];

  const posts = {
    sowing: {
      title: `Sowing ${VEG}s in cold soil`,
      content: p(
        `${VEG}s are sown straight into the bed in early spring; the seed is slow and fickle, so sow thickly.`,
        `Fresh seed matters more for a ${VEG} than for any other root: last year's packet rarely comes up.`,
      ),
    },
    harvest: {
      title: `When to harvest a ${VEG}`,
      content: p(
        `Lift ${VEG} roots after the first frosts, which turn their starch to sugar.`,
        `Leave the rest of the ${VEG} row in the ground and dig them as the kitchen needs them.`,
      ),
    },
    canker: {
      title: `${VEG} canker and how to avoid it`,
      content: p(
        `Canker shows as orange-brown patches on the shoulders of ${VEG} roots.`,
        `Resistant ${VEG} varieties and later sowing keep it away; so does a bed with lime.`,
      ),
    },
    cucumber: {
      title: 'Growing cucumbers at home on a trellis',
      content: p('Cucumbers climb a trellis in a greenhouse; pinch out the side shoots and water every day.'),
    },
    compost: {
      title: 'Making compost at home from kitchen scraps',
      content: p('A compost heap needs greens and browns in layers; turn it every month to let air in.'),
    },
    older: {
      // Fits a new article on storing the vegetable by subject, without any run of its title.
      title: `A winter kitchen garden`,
      content: p(
        'The winter garden is quiet, but it still feeds the kitchen.',
        `Our ${VEG}s keep best stored in damp sand in a cool shed, where they last until spring.`,
      ),
    },
  };

  // What makes "growing" and "at home" common words on a gardening site, as they are on a real one.
  const others = ['beans', 'lettuce', 'garlic', 'onions', 'chillies', 'strawberries', 'peas', 'radishes'].map(
    (plant) => ({
      title: `Growing ${plant} at home`,
      content: p(
        `Growing ${plant} at home starts with good soil and a sunny spot.`,
        `Water ${plant} in dry spells, and feed them once a month while they grow.`,
      ),
      status: 'publish' as const,
    }),
  );

  beforeAll(async () => {
    const keys = Object.keys(posts) as Array<keyof typeof posts>;
    const made = await seed.createPosts(
      keys.map((key) => ({ title: posts[key].title, content: posts[key].content, status: 'publish' })),
    );
    created.push(...(await seed.createPosts(others)));
    keys.forEach((key, i) => {
      ids[key] = made[i]!;
      created.push(made[i]!);
    });
    t = await createTestApp();
    cookie = await t.login();
    siteId = await addSite(t, cookie, `Subject links ${runId}`, site);
    await syncContentAndWait(t, cookie, siteId);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await seed.deletePosts(created).catch(() => undefined);
  });

  it("an article about the vegetable links to the site's posts on it (not cucumbers or compost), in body paragraphs, with distinct anchors", async () => {
    const res = await generate(
      t,
      cookie,
      manualPayload(siteId, `Growing ${VEG}s at home`, {
        includeImages: false,
        wordCount: 600,
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const { article } = await storedGeneration(t, manualGenerateResponseSchema.parse(res.json()).data.article_id);
    if (article.wordpressPostId) created.push(article.wordpressPostId);
    const links = findElements(
      parseHtml(article.content),
      (el) => el.name === 'a' && 'data-abp-site-link' in el.attribs,
    );
    const linkedIds = links.map((a) => Number(a.attribs['data-abp-site-link']));
    expect(linkedIds.length).toBeGreaterThanOrEqual(2);
    for (const id of linkedIds) expect([ids.sowing, ids.harvest, ids.canker, ids.older]).toContain(id);
    expect(linkedIds).not.toContain(ids.cucumber);
    expect(linkedIds).not.toContain(ids.compost);
    expect(new Set(linkedIds).size).toBe(linkedIds.length);
    // In body text (never a heading), on distinct words.
    for (const a of links) {
      for (let parent = a.parent; parent && 'name' in parent; parent = parent.parent)
        expect(parent.name).not.toMatch(/^h[1-6]$/);
    }
    const anchors = links.map((a) => findText(a).toLowerCase());
    expect(new Set(anchors).size).toBe(anchors.length);
  }, 120_000);

  it('proposes a backlink from an older post that fits by subject without a phrase of the new title, on its own words', async () => {
    const article = await insertArticle(t, {
      siteId,
      siteName: `Subject links ${runId}`,
      title: `Storing ${VEG}s through winter`,
      keywords: [],
      status: 'published',
    });
    const published = await publish(t, cookie, article.id, { site_id: siteId });
    expect(published.statusCode, published.body).toBe(200);
    created.push(published.json<{ wordpress_post_id: number }>().wordpress_post_id);
    const proposed = await t.request({ method: 'POST', url: `/api/articles/${article.id}/backlinks`, cookie });
    expect(proposed.statusCode, proposed.body).toBe(200);
    const fromOlder = proposed.json<BacklinkProposalList>().items.find((item) => item.source_post_id === ids.older);
    expect(fromOlder, proposed.body).toBeDefined();
    expect(fromOlder!.paragraph_index).toBe(1);
    // The older post's own words ("parsnips keep best stored"), not the title's "Storing … through winter".
    expect(fromOlder!.anchor.toLowerCase()).toContain(`${VEG}s`);
    expect(posts.older.content).toContain(fromOlder!.anchor);
  }, 120_000);
});

function findText(node: { children?: unknown[]; data?: string }): string {
  if (typeof node.data === 'string') return node.data;
  return (node.children ?? []).map((child) => findText(child as { children?: unknown[]; data?: string })).join('');
}
