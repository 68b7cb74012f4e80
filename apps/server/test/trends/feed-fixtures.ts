/* Feeds shaped like the real ones: Google Trends' trending RSS (with ht:), Atom 1.0, RSS 2.0. */

export interface FixtureNews {
  title: string;
  url: string;
  source?: string;
  snippet?: string;
}

export interface FixtureTrend {
  title: string;
  traffic?: string;
  description?: string;
  pubDate?: string;
  news?: FixtureNews[];
}

const esc = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function googleTrendsFeed(trends: FixtureTrend[], geo = 'US'): string {
  const items = trends
    .map(
      (trend) => `
    <item>
      <title>${esc(trend.title)}</title>
      <ht:approx_traffic>${trend.traffic ?? '10,000+'}</ht:approx_traffic>
      <description>${esc(trend.description ?? '')}</description>
      <link>https://trends.google.com/trending/rss?geo=${geo}</link>
      <pubDate>${trend.pubDate ?? 'Tue, 3 Nov 2026 05:50:00 -0800'}</pubDate>
      <ht:picture>https://encrypted-tbn1.gstatic.com/images?q=tbn:${encodeURIComponent(trend.title)}</ht:picture>
      <ht:picture_source>Example News</ht:picture_source>${(trend.news ?? [])
        .map(
          (news) => `
      <ht:news_item>
        <ht:news_item_title>${esc(news.title)}</ht:news_item_title>
        <ht:news_item_snippet>${esc(news.snippet ?? '')}</ht:news_item_snippet>
        <ht:news_item_url>${esc(news.url)}</ht:news_item_url>
        <ht:news_item_picture>https://encrypted-tbn2.gstatic.com/images?q=news</ht:news_item_picture>
        <ht:news_item_source>${esc(news.source ?? 'Example News')}</ht:news_item_source>
      </ht:news_item>`,
        )
        .join('')}
    </item>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss xmlns:atom="http://www.w3.org/2005/Atom" xmlns:ht="https://trends.google.com/trending/rss" version="2.0">
  <channel>
    <title>Daily Search Trends</title>
    <description>Recent searches</description>
    <link>https://trends.google.com/trending/rss?geo=${geo}</link>
    <atom:link href="https://trends.google.com/trending/rss?geo=${geo}" rel="self" type="application/rss+xml"/>${items}
  </channel>
</rss>`;
}

export interface FixtureEntry {
  title: string;
  url: string;
  summary?: string;
  updated?: string;
}

export function atomFeed(entries: FixtureEntry[], title = 'Garden Weekly'): string {
  const body = entries
    .map(
      (entry, i) => `
  <entry>
    <title type="text">${esc(entry.title)}</title>
    <link rel="alternate" type="text/html" href="${esc(entry.url)}"/>
    <link rel="enclosure" href="https://cdn.example/${i}.jpg"/>
    <id>urn:uuid:entry-${i}</id>
    <updated>${entry.updated ?? '2026-11-03T10:00:00Z'}</updated>
    <summary type="html">${esc(entry.summary ?? '')}</summary>
  </entry>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <title>${esc(title)}</title>
  <link href="https://garden.example/"/>
  <updated>2026-11-03T10:00:00Z</updated>
  <id>urn:uuid:feed</id>${body}
</feed>`;
}

export function rssFeed(items: FixtureEntry[], title = 'Tech Daily'): string {
  const body = items
    .map(
      (item) => `
    <item>
      <title><![CDATA[${item.title}]]></title>
      <link>${esc(item.url)}</link>
      <guid isPermaLink="false">id-${esc(item.url)}</guid>
      <description><![CDATA[<p>${item.summary ?? ''}</p>]]></description>
      <pubDate>Wed, 04 Nov 2026 08:00:00 GMT</pubDate>
    </item>`,
    )
    .join('');
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>${esc(title)}</title><link>https://tech.example/</link>${body}</channel></rss>`;
}

/** Two gardening trends (one also in the Atom feed), one about football, one about an election. */
export const GOOGLE_TRENDS: FixtureTrend[] = [
  {
    title: 'Tomato blight',
    traffic: '50,000+',
    news: [
      {
        title: 'Tomato blight spreads across allotments',
        url: 'https://news.example/tomato-blight',
        source: 'Garden News',
        snippet: 'Growers report early blight.',
      },
      { title: 'How to stop blight in your garden', url: 'https://news.example/stop-blight', source: 'Daily Planet' },
    ],
  },
  {
    title: 'Champions League final',
    traffic: '2M+',
    news: [{ title: 'Final tickets sold out', url: 'https://sport.example/final', source: 'Sport Now' }],
  },
  {
    title: 'Rose pruning',
    traffic: '20,000+',
    news: [
      {
        title: 'Why rose pruning matters this autumn',
        url: 'https://news.example/rose-pruning',
        source: 'Garden News',
      },
    ],
  },
  {
    title: 'Election results',
    traffic: '1M+',
    news: [{ title: 'Results night live', url: 'https://politics.example/results', source: 'The Ledger' }],
  },
];

export const ATOM_ENTRIES: FixtureEntry[] = [
  {
    title: 'Tomato Blight!',
    url: 'https://garden.example/tomato-blight-guide',
    summary: 'A guide to <b>blight</b> on tomatoes.',
  },
  {
    title: 'Composting in winter',
    url: 'https://garden.example/winter-compost',
    summary: 'Keep your compost garden heap warm.',
  },
];
