import { manualGenerateResponseSchema } from '@abp/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FeedTrend } from '../../src/integrations/trends/index.js';
import { element, linkTo, renderHtml, text } from '../../src/lib/html/html-tree.js';
import { linkHtml, webAddress } from '../../src/lib/html/web-link.js';
import { findBacklinkSpot, placeBacklink } from '../../src/modules/backlinks/backlink-placement.js';
import { placeInternalLinks, rewriteLinkTargets } from '../../src/modules/seo/optimisation/link-placement.js';
import type { LinkableArticle } from '../../src/modules/seo/optimisation/link-planner.js';
import { type LinkablePost, placeSiteLinks } from '../../src/modules/site-inventory/live-site-links.js';
import { SiteInventoryRepository } from '../../src/modules/site-inventory/site-inventory.repository.js';
import { sourcesSection } from '../../src/modules/trends/trend-article-sources.js';
import { useFakeWordPress } from '../articles/publish-helpers.js';
import { generate, manualPayload } from '../manual/manual-helpers.js';
import { createSite } from '../sites/sites-helpers.js';
import { createTestApp, type TestApp } from '../test-app.js';

/*
 * Issue #31 §4: a link is never written without an address. Every writer of <a href> is given an
 * empty address (what the site inventory keeps for an unsafe link) and a 'javascript:' one: the
 * words stay, as plain text, and no <a> appears.
 */

const NO_ADDRESS = ['', 'javascript:alert(1)', '  JavaScript:alert(document.cookie)', '/relative/path/', '#top'];
const anchors = (html: string) => html.match(/<a\b[^>]*>/gi) ?? [];

describe('the one rule for a link address', () => {
  it('takes http and https addresses with a host, and nothing else', () => {
    expect(webAddress(' https://blog.example/post/ ')).toBe('https://blog.example/post/');
    expect(webAddress('http://127.0.0.1:8881/?p=5')).toBe('http://127.0.0.1:8881/?p=5');
    for (const href of [...NO_ADDRESS, null, undefined, 'https://', 'data:text/html,hi', 'mailto:a@b.example'])
      expect(webAddress(href)).toBeNull();
  });

  it('linkHtml and linkTo write the words alone without an address; element() cannot make a link at all', () => {
    for (const href of NO_ADDRESS) {
      expect(linkHtml(href, 'growing squash')).toBe('growing squash');
      expect(renderHtml(element('p', {}, [linkTo(href, { 'data-x': '1' }, text('growing squash'))]))).toBe(
        '<p>growing squash</p>',
      );
    }
    expect(linkHtml('https://a.example/?a=1&b="2"', 'x', { rel: 'noopener' })).toBe(
      '<a href="https://a.example/?a=1&amp;b=&quot;2&quot;" rel="noopener">x</a>',
    );
    expect(renderHtml(linkTo('https://a.example/', { 'data-x': '1', href: 'javascript:alert(1)' }, text('x')))).toBe(
      '<a href="https://a.example/" data-x="1">x</a>',
    );
    expect(() => element('a', { href: 'https://a.example/' })).toThrow(/linkTo/);
  });
});

describe('every writer of <a href>, given no address', () => {
  it('links into the live site: a post without a web address gets no link, in the text or in "Related reading"', () => {
    const good: LinkablePost = {
      wpId: 2,
      title: 'Storing winter squash',
      link: 'https://blog.example/storing-winter-squash/',
      excerpt: '',
    };
    for (const link of NO_ADDRESS) {
      const unsafe: LinkablePost = { wpId: 1, title: 'Growing heirloom squash', link, excerpt: '' };
      const inText = placeSiteLinks('<p>Start with growing heirloom squash from seed.</p>', [unsafe]);
      expect(inText).toEqual({ html: '<p>Start with growing heirloom squash from seed.</p>', links: [] });
      const related = placeSiteLinks('<p>Nothing matches here.</p>', [unsafe, good]);
      expect(anchors(related.html)).toEqual([`<a href="${good.link}" data-abp-site-link="2">`]);
      expect(related.html).not.toContain('Growing heirloom squash');
      expect(related.links.map((l) => l.wpId)).toEqual([2]);
    }
  });

  it('SEO internal links: a target without a web address gets none, and a permalink without one never replaces an address', () => {
    const target = (id: number, href: string): LinkableArticle => ({
      id,
      type: 'pillar',
      title: 'Coffee grinder guide',
      pillarParent: '',
      keywords: ['coffee grinders'],
      href,
    });
    for (const href of NO_ADDRESS) {
      const { html, links } = placeInternalLinks(
        '<p>Choosing coffee grinders takes care.</p>',
        [{ target: target(1, href), relation: 'pillar' }],
        5,
      );
      expect(anchors(html)).toEqual([]);
      expect(links).toEqual([]);
      const fallback = placeInternalLinks(
        '<p>Nothing related.</p>',
        [{ target: target(1, href), relation: 'pillar' }],
        5,
      );
      expect(anchors(fallback.html)).toEqual([]);
      const placed = placeInternalLinks(
        '<p>Choosing coffee grinders takes care.</p>',
        [{ target: target(1, 'https://s.example/guide/'), relation: 'pillar' }],
        5,
      ).html;
      expect(rewriteLinkTargets(placed, new Map([[1, href]]))).toBe(placed);
    }
  });

  it('backlinks from older posts: no spot and no edit without a web address for the article', () => {
    const post = '<p>Most gardeners start with growing heirloom squash.</p>';
    for (const href of NO_ADDRESS) {
      expect(findBacklinkSpot(post, href, ['growing heirloom squash'])).toBeNull();
      expect(placeBacklink(post, { paragraphIndex: 0, anchor: 'growing heirloom squash' }, href)).toBeNull();
    }
    expect(
      placeBacklink(post, { paragraphIndex: 0, anchor: 'growing heirloom squash' }, 'https://blog.example/new/'),
    ).toBe('<p>Most gardeners start with <a href="https://blog.example/new/">growing heirloom squash</a>.</p>');
  });

  it("a trend article's Sources: a news item without a web address is credited by its title alone", () => {
    const trend = (url: string | null, newsUrl: string): FeedTrend => ({
      title: 'Solar eclipse',
      description: '',
      publishedDate: null,
      url,
      newsItems:
        newsUrl === 'none'
          ? []
          : [{ title: 'Eclipse tonight', url: newsUrl, source: 'Daily', snippet: null, picture: null }],
      approxTraffic: null,
      picture: null,
      feedUrl: 'https://feeds.example/trends',
    });
    for (const href of NO_ADDRESS) {
      const section = sourcesSection(trend(null, href));
      expect(section).toContain('<li>Eclipse tonight (Daily)</li>');
      expect(anchors(section)).toEqual([]);
      expect(sourcesSection(trend(href, 'none'))).toBe('');
    }
  });
});

describe('a new article on a site whose inventory has a post with an unsafe link (through HTTP)', () => {
  let t: TestApp;
  let cookie: string;
  let siteId: number;

  beforeEach(async () => {
    t = await createTestApp();
    cookie = await t.login();
    useFakeWordPress(t);
    siteId = (await createSite(t, cookie, { name: 'Garden Blog' })).id;
  });
  afterEach(() => t.close());

  it('gets no <a> for that post: neither on its words nor in "Related reading"', async () => {
    const inventory = new SiteInventoryRepository(t.ctx.handle.db);
    // What the sync keeps for a hostile site's 'javascript:' link: an empty one.
    const post = (wpId: number, title: string, link = '') => ({
      kind: 'post' as const,
      wpId,
      title,
      slug: `post-${wpId}`,
      link,
      status: 'publish',
      publishedAt: new Date(),
      modifiedAt: new Date(),
      categoryIds: [],
      tagIds: [],
      authorId: null,
      excerpt: `${title}.`,
    });
    const good = 'https://garden.example/composting-kitchen-scraps/';
    await inventory.upsertItems(siteId, [
      post(501, 'Composting in small gardens'),
      post(502, 'Home composting for beginners'),
      post(503, 'Composting kitchen scraps at home', good),
      // A site writes on more than one subject: without others, "composting" would be in every
      // post and tell the index nothing (issue #32 judges by what sets a post apart).
      ...[
        'Pruning apple trees in winter',
        'Sowing carrots in spring',
        'Watering tomatoes in a heatwave',
        'Choosing a greenhouse heater',
        'Mulching strawberry beds',
        'Planting garlic in autumn',
      ].map((title, i) => post(510 + i, title, `https://garden.example/other-${i}/`)),
    ]);
    await inventory.markQueued(siteId, 'manual', new Date(0));
    await inventory.markSucceeded(siteId, { fetched: 2, removed: 0, cursor: new Date() });

    const res = await generate(t, cookie, manualPayload(siteId, 'Composting at home', { includeImages: false }));
    expect(res.statusCode, res.body).toBe(200);
    const { data } = manualGenerateResponseSchema.parse(res.json());
    // The post with an address is linked (the linker ran); the ones without get no <a> at all.
    expect(anchors(data.content).filter((a) => a.includes('data-abp-site-link'))).toEqual([
      `<a href="${good}" data-abp-site-link="503">`,
    ]);
    expect(anchors(data.content).filter((a) => !/href="https?:\/\/[^"]+"/.test(a))).toEqual([]);
  });
});
