import { SEO_SCHEMA_TYPES } from '@abp/contracts';
import { describe, expect, it } from 'vitest';
import { findElements, isHeading, parseHtml } from '../../src/lib/html/html-tree.js';
import { placeInternalLinks, rewriteLinkTargets } from '../../src/modules/seo/optimisation/link-placement.js';
import { type LinkableArticle, linkCandidates } from '../../src/modules/seo/optimisation/link-planner.js';
import { isValidMeta, offlineMeta } from '../../src/modules/seo/optimisation/meta-descriptions.js';
import { articleGraph } from '../../src/modules/seo/optimisation/schema-markup.js';
import { withJsonLd } from '../../src/modules/seo/shared/json-ld.js';
import { extractJsonLd, linksOf } from './seo-html.js';

const pillar: LinkableArticle = {
  id: 1,
  type: 'pillar',
  title: 'The Complete Guide to Coffee Grinders',
  pillarParent: '',
  keywords: ['coffee grinders', 'burr grinder'],
  href: 'https://s.example/guide/',
};
const clusterA: LinkableArticle = {
  id: 2,
  type: 'cluster',
  title: 'How to Clean a Grinder',
  pillarParent: pillar.title,
  keywords: ['clean a grinder'],
  href: 'https://s.example/clean/',
};
const clusterB: LinkableArticle = {
  id: 3,
  type: 'cluster',
  title: 'Grind Size Chart',
  pillarParent: pillar.title,
  keywords: ['grind size'],
  href: 'https://s.example/size/',
};
const other: LinkableArticle = {
  id: 4,
  type: 'pillar',
  title: 'Espresso at Home',
  pillarParent: '',
  keywords: ['espresso'],
  href: 'https://s.example/espresso/',
};
const all = [pillar, clusterA, clusterB, other];

describe('internal link planning', () => {
  it('puts the cluster ↔ pillar links first and never the article itself', () => {
    expect(linkCandidates(clusterA, all).map((c) => [c.target.id, c.relation])).toEqual([
      [1, 'pillar'],
      [3, 'sibling'],
      [4, 'related'],
    ]);
    expect(
      linkCandidates(pillar, all)
        .slice(0, 2)
        .map((c) => [c.target.id, c.relation]),
    ).toEqual([
      [2, 'cluster'],
      [3, 'cluster'],
    ]);
    for (const source of all) expect(linkCandidates(source, all).some((c) => c.target.id === source.id)).toBe(false);
  });
});

describe('internal link placement', () => {
  const html = [
    '<h2>Coffee grinders and grind size</h2>',
    '<p>Choosing between coffee grinders starts with <a href="https://elsewhere.example">the burr grinder debate</a>.</p>',
    // (One link per paragraph since issue #18 item 9: "Espresso" has a paragraph of its own.)
    '<p>A good grind size matters. Learn to clean a grinder weekly.</p><p>Espresso needs care.</p>',
    '<h3>Espresso</h3><ul><li>Burr grinder basics</li></ul>',
  ].join('');

  it('links body text only: never in headings, never inside an existing link, at most max', () => {
    const { html: out, links } = placeInternalLinks(html, linkCandidates(clusterA, all), 5);
    const placed = linksOf(out);
    expect(placed.every((l) => !l.inHeading && !l.nested)).toBe(true);
    expect(links.map((l) => l.target_article_id)).toEqual([1, 3, 4]);
    // "coffee grinders" is first in the h2 and in the first paragraph: the paragraph one is linked.
    const pillarLink = placed.find((l) => l.href === pillar.href)!;
    expect(pillarLink.text.toLowerCase()).toBe('coffee grinders');
    expect(placed.find((l) => l.href === 'https://elsewhere.example')?.text).toBe('the burr grinder debate');
    expect(placed.some((l) => l.href === clusterA.href)).toBe(false);
    expect(out).toContain('<h3>Espresso</h3>');

    const limited = placeInternalLinks(html, linkCandidates(pillar, all), 1);
    expect(limited.links).toHaveLength(1);
  });

  it('replaces its own links on a new run instead of adding more', () => {
    const once = placeInternalLinks(html, linkCandidates(clusterA, all), 5).html;
    const twice = placeInternalLinks(once, linkCandidates(clusterA, all), 5).html;
    expect(linksOf(twice)).toHaveLength(linksOf(once).length);
    expect(twice).toBe(once);
  });

  it('adds a Related reading paragraph for a pillar link whose words do not occur', () => {
    const { html: out, links } = placeInternalLinks(
      '<h2>Intro</h2><p>Nothing related here.</p>',
      linkCandidates(clusterB, all),
      5,
    );
    expect(links).toEqual([{ target_article_id: 1, anchor: pillar.title, href: pillar.href, relation: 'pillar' }]);
    expect(out).toMatch(
      /<p data-abp-related="1">Related reading:<\/p><ul data-abp-related="1"><li><a href="https:\/\/s\.example\/guide\/"/,
    );
  });

  it('reads naturally: one anchor text per target, one link per paragraph, never inside a title in the text (issue #18 item 9)', () => {
    // Five targets that all carry the same keyword, as the pillar's clusters of one niche do.
    const shared = (id: number, title: string, own: string): LinkableArticle => ({
      id,
      type: 'cluster',
      title,
      pillarParent: 'Hub',
      keywords: ['organic vegetable gardening', own],
      href: `https://s.example/${id}/`,
    });
    const targets = [
      shared(11, 'Soil for Vegetables', 'soil preparation'),
      shared(12, 'Watering Vegetables', 'watering schedule'),
      shared(13, 'Companion Planting', 'companion planting'),
    ];
    const text = [
      '<p>Read The Complete Guide to Organic Vegetable Gardening before you start.</p>',
      '<p>Organic vegetable gardening begins with soil preparation and a watering schedule.</p>',
      '<p>Good soil preparation pays off. Companion planting helps too.</p>',
      '<p>A steady watering schedule keeps roots deep; organic vegetable gardening rewards patience.</p>',
    ].join('');
    const { html: out, links } = placeInternalLinks(
      text,
      targets.map((target) => ({ target, relation: 'cluster' as const })),
      5,
    );
    const anchors = links.map((l) => l.anchor.toLowerCase());
    expect(new Set(anchors).size).toBe(anchors.length);
    const paragraphs = findElements(parseHtml(out), (el) => el.name === 'p');
    for (const p of paragraphs) expect(findElements(p, (el) => el.name === 'a').length).toBeLessThanOrEqual(1);
    // The title written in the first paragraph is left whole.
    expect(out).toContain('<p>Read The Complete Guide to Organic Vegetable Gardening before you start.</p>');
    expect(links.map((l) => l.target_article_id).sort()).toEqual([11, 12, 13]);
  });

  it('points links at real permalinks after publishing', () => {
    const { html: out } = placeInternalLinks(html, linkCandidates(clusterA, all), 5);
    const moved = rewriteLinkTargets(out, new Map([[1, 'https://s.example/?p=77']]));
    expect(linksOf(moved).map((l) => l.href)).toContain('https://s.example/?p=77');
    expect(rewriteLinkTargets(moved, new Map([[1, 'https://s.example/?p=77']]))).toBe(moved);
  });
});

describe('meta descriptions', () => {
  it('are at most 160 characters and contain the primary keyword', () => {
    for (const keyword of ['coffee', 'how to get started with home coffee brewing', 'x'.repeat(100)]) {
      for (const articleType of ['pillar', 'cluster'] as const) {
        const meta = offlineMeta({
          id: 1,
          title: 'T',
          primaryKeyword: keyword,
          articleType,
          companyName: 'A Company With A Rather Long Name Ltd',
        });
        expect(meta.length).toBeLessThanOrEqual(160);
        expect(isValidMeta(meta, keyword)).toBe(true);
      }
    }
    expect(isValidMeta('a'.repeat(161), 'a')).toBe(false);
    expect(isValidMeta('Nothing about it', 'coffee')).toBe(false);
  });
});

describe('JSON-LD', () => {
  const site = {
    siteName: 'Site',
    siteUrl: 'https://s.example',
    organizationName: 'Bean <There>',
    description: '',
    contact: null,
  };
  const facts = {
    title: 'A'.repeat(130),
    description: 'desc',
    url: 'https://s.example/a/',
    datePublished: new Date('2026-01-02T03:04:05Z'),
    dateModified: new Date('2026-01-03T03:04:05Z'),
    imageUrl: null,
    keywords: ['k'],
    breadcrumb: [
      { name: 'Home', url: 'https://s.example/' },
      { name: 'A', url: 'https://s.example/a/' },
    ],
  };

  it('embeds one block that survives a round trip and is replaced, not duplicated', () => {
    const graph = articleGraph(SEO_SCHEMA_TYPES, site, facts);
    const html = withJsonLd('<p>Body</p>', graph);
    expect(html).not.toContain('<There>');
    const again = withJsonLd(html, graph);
    expect(extractJsonLd(again)).toEqual([graph]);
    expect(withJsonLd(again, null)).toBe('<p>Body</p>');
    const article = (graph['@graph'] as Record<string, unknown>[]).find((g) => g['@type'] === 'Article')!;
    expect((article.headline as string).length).toBeLessThanOrEqual(110);
    // No featured image yet: no image at all, never the site's favicon (issue #18 item 13).
    expect(article.image).toBeUndefined();
    const withImage = articleGraph(SEO_SCHEMA_TYPES, site, {
      ...facts,
      imageUrl: 'https://s.example/wp-content/uploads/card.png',
    });
    expect((withImage['@graph'] as Record<string, unknown>[]).find((g) => g['@type'] === 'Article')!.image).toEqual([
      'https://s.example/wp-content/uploads/card.png',
    ]);
  });

  it('keeps a hostile title inside its <script>: no "</script", values decoded to plain text', () => {
    const title = '</script><script>alert(1)</script> &amp; Grinders\u2028Guide';
    const graph = articleGraph(SEO_SCHEMA_TYPES, site, {
      ...facts,
      title,
      breadcrumb: [{ name: title, url: facts.url }],
    });
    const html = withJsonLd('<p>Body</p>', graph);
    expect(html.toLowerCase().match(/<\/script/g)).toHaveLength(1); // only the block's own end tag
    expect(html).not.toContain('\u2028');
    expect(html).not.toContain('<script>alert');
    const [parsed] = extractJsonLd(html) as { '@graph': Record<string, unknown>[] }[];
    const article = parsed!['@graph'].find((g) => g['@type'] === 'Article')!;
    expect(article.headline).toBe('</script><script>alert(1)</script> & Grinders Guide');
  });

  it('has no headings with links after parsing our placement output', () => {
    const { html } = placeInternalLinks(
      '<h2>coffee grinders</h2><p>coffee grinders</p>',
      linkCandidates(clusterA, all),
      5,
    );
    const doc = parseHtml(html);
    expect(findElements(doc, (el) => isHeading(el) && findElements(el, (a) => a.name === 'a').length > 0)).toHaveLength(
      0,
    );
  });
});
