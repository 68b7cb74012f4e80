import { expect, it } from 'vitest';
import { OfflineWriterProvider } from '../../src/integrations/llm/offline/offline-provider.js';
import { ArticleGenerator } from '../../src/modules/generation/engine/article-generator.js';
import { englishFrequencies } from '../../src/modules/site-knowledge/english-frequencies.js';
import { relatedIn } from '../../src/modules/site-knowledge/knowledge-queries.js';
import { KNOWLEDGE_PARAMETERS as P } from '../../src/modules/site-knowledge/parameters.js';
import { SiteIndex } from '../../src/modules/site-knowledge/site-index.js';

/*
 * Links on a small site (fifteen posts, as a new blog or a test site has): there every word's site
 * IDF is flat, so an article's everyday words ("makes", "month", "need", "at home") tied a short post
 * on another subject to it nearly as strongly as the subject's own name. The offline writer's text
 * for these two topics linked the compost post from a vegetable article (the flaky real-WordPress
 * test's case, whose vegetable's name is random per run); the shipped English frequencies keep
 * everyday words light.
 */

const VEGETABLES = ['mwznkasveqlparsnip', 'mwznkaxviijparsnip'];

function siteOf(veg: string): SiteIndex {
  const posts: Record<string, [string, string]> = {
    sowing: [
      `Sowing ${veg}s in cold soil`,
      `${veg}s are sown straight into the bed in early spring; the seed is slow and fickle, so sow thickly. Fresh seed matters more for a ${veg} than for any other root: last year's packet rarely comes up.`,
    ],
    harvest: [
      `When to harvest a ${veg}`,
      `Lift ${veg} roots after the first frosts, which turn their starch to sugar. Leave the rest of the ${veg} row in the ground and dig them as the kitchen needs them.`,
    ],
    canker: [
      `${veg} canker and how to avoid it`,
      `Canker shows as orange-brown patches on the shoulders of ${veg} roots. Resistant ${veg} varieties and later sowing keep it away; so does a bed with lime.`,
    ],
    cucumber: [
      'Growing cucumbers at home on a trellis',
      'Cucumbers climb a trellis in a greenhouse; pinch out the side shoots and water every day.',
    ],
    compost: [
      'Making compost at home from kitchen scraps',
      'A compost heap needs greens and browns in layers; turn it every month to let air in.',
    ],
    older: [
      'A winter kitchen garden',
      `The winter garden is quiet, but it still feeds the kitchen. Our ${veg}s keep best stored in damp sand in a cool shed, where they last until spring.`,
    ],
  };
  for (const plant of ['beans', 'lettuce', 'garlic', 'onions', 'chillies', 'strawberries', 'peas', 'radishes'])
    posts[plant] = [
      `Growing ${plant} at home`,
      `Growing ${plant} at home starts with good soil and a sunny spot. Water ${plant} in dry spells, and feed them once a month while they grow.`,
    ];
  // As the service builds a site's index: with the shipped English frequencies.
  const index = new SiteIndex(1, P, englishFrequencies());
  for (const [key, [title, body]] of Object.entries(posts))
    index.upsert({
      key: `post:${key}`,
      siteId: 1,
      kind: 'post',
      title,
      link: `https://garden.example/${key}`,
      categoryIds: [],
      headings: [],
      body,
    });
  return index;
}

it('an article on a vegetable links only to posts on it on a small site, not to a post sharing its everyday words', async () => {
  for (const veg of VEGETABLES) {
    const index = siteOf(veg);
    const article = await new ArticleGenerator({ provider: new OfflineWriterProvider() }).generate({
      topic: `Growing ${veg}s at home`,
      taskType: 'Blog Post',
      persona: '',
      wordCount: 600,
      keywords: [],
      sources: {},
      includeImages: false,
      siteName: 'Garden',
      method: 'manual',
      avoidTitles: [],
      isTitleInUse: async () => false,
    } as Parameters<ArticleGenerator['generate']>[0]);
    const text = article.content.replace(/<[^>]+>/g, ' ');
    const chosen = relatedIn(index, { title: article.title, body: text }, 5, P, new Set(), true);
    const keys = chosen.map((doc) => doc.doc.key);
    expect(keys.length, veg).toBeGreaterThanOrEqual(2);
    for (const key of keys) expect(['post:sowing', 'post:harvest', 'post:canker', 'post:older'], veg).toContain(key);
  }
});
