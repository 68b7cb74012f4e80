import { describe, expect, it } from 'vitest';
import { findElements, parseHtml } from '../../src/lib/html/html-tree.js';
import {
  buildPostIndex,
  chooseTargets,
  type LinkablePost,
  placeSiteLinks,
} from '../../src/modules/site-inventory/live-site-links.js';

const posts: LinkablePost[] = [
  {
    wpId: 1,
    title: 'Growing heirloom squash',
    link: 'https://blog.example/growing-heirloom-squash/',
    excerpt: 'Seeds, soil and sun for squash.',
  },
  {
    wpId: 2,
    title: 'Storing winter squash',
    link: 'https://blog.example/storing-winter-squash/',
    excerpt: 'Keep squash through the winter.',
  },
  {
    wpId: 3,
    title: 'Quarterly tax filing for freelancers',
    link: 'https://blog.example/tax-filing/',
    excerpt: 'Deadlines and forms.',
  },
  {
    wpId: 4,
    title: 'Pruning roses in spring',
    link: 'https://blog.example/pruning-roses/',
    excerpt: 'When and how to cut back roses.',
  },
];

describe('links into the live site', () => {
  it('chooses the posts that fit (BM25 over titles and excerpts), not the unrelated ones, and never the article itself', () => {
    const index = buildPostIndex(posts);
    const chosen = chooseTargets(
      index,
      'Squash growing guide squash harvest',
      'squash growing',
      3,
      (post) => post.wpId === 2,
    );
    expect(chosen.map((p) => p.wpId)).toEqual([1]);
    expect(chooseTargets(index, 'storing winter squash', 'winter squash', 3, () => false)[0]?.wpId).toBe(2);
    // A post that shares a word of the title but nothing of the subject is no fit.
    expect(chooseTargets(index, 'A practical guide to quarterly planting', 'planting', 3, () => false)).toEqual([]);
    expect(chooseTargets(index, 'quantum chromodynamics', 'quantum', 3, () => false)).toEqual([]);
  });

  it("places links on the article's own words in body text, never in a heading, never twice to one post", () => {
    const html =
      '<h2>Growing heirloom squash</h2><p>Most gardeners start with growing heirloom squash from seed.</p><p>Later, storing winter squash matters.</p>';
    const { html: linked, links } = placeSiteLinks(html, [posts[0]!, posts[1]!, posts[0]!]);
    expect(links).toEqual([
      // The anchor is the article's own words (issue #32), not the title's spelling of them.
      { wpId: 1, title: 'Growing heirloom squash', href: posts[0]!.link, anchor: 'growing heirloom squash' },
      { wpId: 2, title: 'Storing winter squash', href: posts[1]!.link, anchor: 'storing winter squash' },
    ]);
    expect(linked).toContain('<h2>Growing heirloom squash</h2>'); // the heading is left alone
    expect(linked).toContain(
      `start with <a href="${posts[0]!.link}" data-abp-site-link="1">growing heirloom squash</a> from seed`,
    );
    expect(linked.match(/growing-heirloom-squash/g)).toHaveLength(1);
  });

  it('a post whose words do not occur goes into one "Related reading" line; one the article already links to is skipped', () => {
    const html = `<p>Roses need <a href="${posts[3]!.link}">pruning</a>.</p>`;
    const { html: linked, links } = placeSiteLinks(html, [posts[3]!, posts[1]!]);
    expect(links).toEqual([{ wpId: 2, title: 'Storing winter squash', href: posts[1]!.link, anchor: null }]);
    expect(linked).toContain(
      `<p>Related reading: <a href="${posts[1]!.link}" data-abp-site-link="2">Storing winter squash</a>.</p>`,
    );
    expect(placeSiteLinks('<p>Nothing to link.</p>', [])).toEqual({ html: '<p>Nothing to link.</p>', links: [] });
  });

  const tomatoPosts: LinkablePost[] = [
    { wpId: 11, title: 'How to grow a tomato in containers', link: 'https://blog.example/tomato-pots/', excerpt: '' },
    { wpId: 12, title: 'Pruning tomato plants', link: 'https://blog.example/pruning-tomato/', excerpt: '' },
    { wpId: 13, title: 'Staking tomato plants', link: 'https://blog.example/staking-tomato/', excerpt: '' },
  ];
  const anchorsIn = (html: string) =>
    findElements(parseHtml(html), (el) => el.name === 'a' && 'data-abp-site-link' in el.attribs).map((a) => ({
      id: a.attribs['data-abp-site-link'],
      text: (a.children[0] as { data?: string }).data,
      block: (a.parent as { name?: string }).name,
    }));

  it('finds the words stemmed (plurals, -ing) in body paragraphs: links in the text, not a "Related reading" line', () => {
    const html =
      '<h2>Tomatoes in containers</h2><p>Growing tomatoes in containers suits a balcony.</p><p>Pruned tomato plants crop earlier.</p>';
    const { html: linked, links } = placeSiteLinks(html, [tomatoPosts[0]!, tomatoPosts[1]!]);
    expect(links.map((l) => l.anchor)).toEqual(['Growing tomatoes in containers', 'Pruned tomato plants']);
    expect(linked).not.toContain('Related reading');
    expect(linked).toContain('<h2>Tomatoes in containers</h2>');
    expect(anchorsIn(linked).map((a) => a.block)).toEqual(['p', 'p']);
  });

  it('never gives two look-alike posts the same anchor, and puts each link in a paragraph of its own', () => {
    const html =
      '<h2>Tomato plants</h2><p>Healthy tomato plants need support.</p><p>Pruning them gives bigger fruit.</p><p>Staking tall tomato plants keeps them upright.</p><p>More on tomato plants below.</p>';
    const { html: linked, links } = placeSiteLinks(html, [tomatoPosts[1]!, tomatoPosts[2]!]);
    const anchors = anchorsIn(linked);
    expect(anchors).toHaveLength(2);
    expect(new Set(links.map((l) => l.anchor?.toLowerCase())).size).toBe(2);
    expect(anchors.find((a) => a.id === '13')?.text).toBe('Staking tall tomato plants');
    expect(linked).toContain('<h2>Tomato plants</h2>');
    // Two links, two paragraphs.
    const paragraphs = findElements(parseHtml(linked), (el) => el.name === 'p').filter(
      (p) => findElements(p, (el) => el.name === 'a').length > 0,
    );
    expect(paragraphs).toHaveLength(2);
  });

  it('keeps the links a writer given the candidates placed in sentences, drops one it put in a heading, places the rest', () => {
    const html = `<h2><a href="${tomatoPosts[2]!.link}">Staking</a></h2><p>See <a href="${tomatoPosts[0]!.link}">our container guide</a> first.</p><p>Pruned tomato plants crop earlier.</p>`;
    const { html: linked, links } = placeSiteLinks(html, tomatoPosts, () => 1, true);
    expect(links).toEqual([
      { wpId: 11, title: tomatoPosts[0]!.title, href: tomatoPosts[0]!.link, anchor: 'our container guide' },
      { wpId: 12, title: tomatoPosts[1]!.title, href: tomatoPosts[1]!.link, anchor: 'Pruned tomato plants' },
      { wpId: 13, title: tomatoPosts[2]!.title, href: tomatoPosts[2]!.link, anchor: null },
    ]);
    expect(linked).toContain('<h2>Staking</h2>');
    expect(linked).toContain(`<a href="${tomatoPosts[0]!.link}" data-abp-site-link="11">our container guide</a>`);
  });
});
