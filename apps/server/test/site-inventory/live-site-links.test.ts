import { describe, expect, it } from 'vitest';
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
      { wpId: 1, title: 'Growing heirloom squash', href: posts[0]!.link, anchor: 'Growing heirloom squash' },
      { wpId: 2, title: 'Storing winter squash', href: posts[1]!.link, anchor: 'Storing winter squash' },
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
});
