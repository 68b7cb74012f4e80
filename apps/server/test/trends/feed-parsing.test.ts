import { describe, expect, it } from 'vitest';
import { FeedError, mergeTrends, normaliseTrendTitle, parseFeed } from '../../src/integrations/trends/index.js';
import { ATOM_ENTRIES, atomFeed, GOOGLE_TRENDS, googleTrendsFeed, rssFeed } from './feed-fixtures.js';

const FEED = 'https://trends.google.com/trending/rss?geo=GB';

function parseError(xml: string, contentType = ''): FeedError {
  try {
    parseFeed(xml, 'https://feeds.example/x', contentType);
  } catch (error) {
    if (error instanceof FeedError) return error;
    throw error;
  }
  throw new Error('parsed without error');
}

describe('Google Trends feed (ht: namespace)', () => {
  const feed = parseFeed(googleTrendsFeed(GOOGLE_TRENDS, 'GB'), FEED);

  it('reads every item with its traffic, picture, date and news items', () => {
    expect(feed.format).toBe('google-trends');
    expect(feed.trends.map((t) => t.title)).toEqual([
      'Tomato blight',
      'Champions League final',
      'Rose pruning',
      'Election results',
    ]);
    const [blight] = feed.trends;
    expect(blight).toMatchObject({ approxTraffic: '50,000+', feedUrl: FEED });
    expect(blight!.picture).toMatch(/^https:\/\/encrypted-tbn1\.gstatic\.com\/images/);
    expect(blight!.publishedDate?.toISOString()).toBe('2026-11-03T13:50:00.000Z');
    expect(blight!.newsItems).toEqual([
      {
        title: 'Tomato blight spreads across allotments',
        url: 'https://news.example/tomato-blight',
        source: 'Garden News',
        snippet: 'Growers report early blight.',
        picture: 'https://encrypted-tbn2.gstatic.com/images?q=news',
      },
      {
        title: 'How to stop blight in your garden',
        url: 'https://news.example/stop-blight',
        source: 'Daily Planet',
        snippet: null,
        picture: 'https://encrypted-tbn2.gstatic.com/images?q=news',
      },
    ]);
  });

  it('describes a trend by its first news item when the feed has no description', () => {
    expect(feed.trends[0]!.description).toBe('Growers report early blight.');
    expect(feed.trends[1]!.description).toBe('Final tickets sold out');
  });

  it("links a trend to its Explore page in the feed's country instead of the feed itself", () => {
    const url = new URL(feed.trends[0]!.url!);
    expect(url.origin + url.pathname).toBe('https://trends.google.com/trends/explore');
    expect(url.searchParams.get('q')).toBe('Tomato blight');
    expect(url.searchParams.get('geo')).toBe('GB');
  });

  it('reads a single item with a single news item (no arrays in the XML)', () => {
    const one = parseFeed(
      googleTrendsFeed([{ title: 'Solo', news: [{ title: 'Only news', url: 'https://n.example/1' }] }]),
      FEED,
    );
    expect(one.trends).toHaveLength(1);
    expect(one.trends[0]!.newsItems.map((n) => n.url)).toEqual(['https://n.example/1']);
  });
});

describe('Atom and RSS feeds', () => {
  it('reads Atom entries: the alternate link is the trend URL and its news source', () => {
    const feed = parseFeed(atomFeed(ATOM_ENTRIES), 'https://garden.example/feed.atom');
    expect(feed.format).toBe('atom');
    expect(feed.trends[0]).toMatchObject({
      title: 'Tomato Blight!',
      url: 'https://garden.example/tomato-blight-guide',
      description: 'A guide to blight on tomatoes.',
      approxTraffic: null,
    });
    expect(feed.trends[0]!.newsItems).toEqual([
      {
        title: 'Tomato Blight!',
        url: 'https://garden.example/tomato-blight-guide',
        source: 'Garden Weekly',
        snippet: 'A guide to blight on tomatoes.',
        picture: null,
      },
    ]);
    expect(feed.trends[0]!.publishedDate?.toISOString()).toBe('2026-11-03T10:00:00.000Z');
  });

  it('reads RSS 2.0 items with CDATA titles and HTML descriptions', () => {
    const feed = parseFeed(
      rssFeed([
        { title: 'Chips & <code>', url: 'https://tech.example/chips', summary: 'New <em>chips</em> &amp; boards' },
      ]),
      'https://tech.example/rss',
    );
    expect(feed.format).toBe('rss');
    expect(feed.trends[0]).toMatchObject({
      title: 'Chips & <code>',
      url: 'https://tech.example/chips',
      description: 'New chips & boards',
    });
    expect(feed.trends[0]!.newsItems[0]).toMatchObject({ url: 'https://tech.example/chips', source: 'Tech Daily' });
  });

  it('resolves relative links against the feed address and drops non-web links', () => {
    const xml =
      '<rss version="2.0"><channel><title>T</title><item><title>A</title><link>/a</link></item><item><title>B</title><link>javascript:alert(1)</link></item></channel></rss>';
    const feed = parseFeed(xml, 'https://site.example/feed/');
    expect(feed.trends.map((t) => t.url)).toEqual(['https://site.example/a', null]);
    expect(feed.trends[1]!.newsItems).toEqual([]);
  });

  it('reads RSS 1.0 (RDF) feeds', () => {
    const xml = `<?xml version="1.0"?><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/">
      <channel rdf:about="https://r.example/"><title>R</title></channel>
      <item rdf:about="https://r.example/1"><title>First</title><link>https://r.example/1</link></item></rdf:RDF>`;
    const feed = parseFeed(xml, 'https://r.example/rdf');
    expect(feed.format).toBe('rdf');
    expect(feed.trends.map((t) => t.url)).toEqual(['https://r.example/1']);
  });

  it('skips items without a title', () => {
    const xml =
      '<rss version="2.0"><channel><item><link>https://x.example/1</link></item><item><title>Kept</title></item></channel></rss>';
    expect(parseFeed(xml, 'https://x.example/').trends.map((t) => t.title)).toEqual(['Kept']);
  });
});

describe('bad answers are classified', () => {
  it('malformed XML names the line', () => {
    const error = parseError('<?xml version="1.0"?>\n<rss><channel><item><title>Broken</item></channel></rss>');
    expect(error.kind).toBe('malformed');
    expect(error.message).toMatch(/not well-formed XML: .*line 2/);
  });

  it('an HTML page or JSON is not XML', () => {
    expect(parseError('<!DOCTYPE html><html><body>Consent</body></html>', 'text/html').kind).toBe('not_xml');
    const json = parseError('{"items": []}', 'application/json');
    expect(json.kind).toBe('not_xml');
    expect(json.message).toContain('application/json');
  });

  it('XML that is no feed', () => {
    expect(parseError('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"></svg>').kind).toBe('not_a_feed');
  });

  it('entity expansion is bounded (billion laughs)', () => {
    const lol = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">${Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`).join('')}]><rss><channel><item><title>&lol9;</title></item></channel></rss>`;
    const started = Date.now();
    const feed = parseFeed(lol, 'https://x.example/');
    // Nested entities are not expanded: the title stays tiny instead of a billion "lol"s.
    expect(feed.trends[0]!.title.length).toBeLessThan(100);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe('one trend per normalised title', () => {
  it('ignores case, accents, punctuation and spacing', () => {
    expect(normaliseTrendTitle('  Café  Society!! ')).toBe('cafe society');
    expect(normaliseTrendTitle('Tomato Blight!')).toBe(normaliseTrendTitle('tomato   blight'));
  });

  it('merges the same trend from two feeds, keeping the first and adding the news of both', () => {
    const google = parseFeed(googleTrendsFeed(GOOGLE_TRENDS), FEED).trends;
    const atom = parseFeed(atomFeed(ATOM_ENTRIES), 'https://garden.example/feed.atom').trends;
    const merged = mergeTrends([...google, ...atom]);
    expect(merged.map((t) => t.title)).toEqual([
      'Tomato blight',
      'Champions League final',
      'Rose pruning',
      'Election results',
      'Composting in winter',
    ]);
    expect(merged[0]!.newsItems.map((n) => n.url)).toEqual([
      'https://news.example/tomato-blight',
      'https://news.example/stop-blight',
      'https://garden.example/tomato-blight-guide',
    ]);
  });
});
