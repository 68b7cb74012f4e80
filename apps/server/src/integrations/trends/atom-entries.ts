import type { FeedTrend, ParsedFeed } from './feed-types.js';
import { plainText, titleText } from './plain-text.js';
import { absoluteUrl, asArray, attr, childText, isNode, parseDate, textOf, type XmlNode } from './xml-values.js';

/** Atom 1.0 entries; each entry is a news article, its alternate link the source. */
export function readAtomFeed(feed: XmlNode, feedUrl: string): ParsedFeed {
  const feedTitle = plainText(textOf(feed.title), 200) || null;
  const trends: FeedTrend[] = [];
  for (const entry of asArray(feed.entry).filter(isNode)) {
    const title = titleText(textOf(entry.title));
    if (!title) continue;
    const url = entryLink(entry, feedUrl);
    const description = plainText(childText(entry, 'summary', 'content'));
    const source = plainText(textOf(isNode(entry.source) ? entry.source.title : undefined), 200) || feedTitle;
    trends.push({
      title,
      description,
      publishedDate: parseDate(childText(entry, 'published', 'updated')),
      url,
      newsItems: url ? [{ title, url, source, snippet: description || null, picture: null }] : [],
      approxTraffic: null,
      picture: null,
      feedUrl,
    });
  }
  return { format: 'atom', title: feedTitle, trends };
}

/** rel="alternate" (or no rel) first, as Atom defines; any other link only as a last resort. */
function entryLink(entry: XmlNode, feedUrl: string): string | null {
  const links = asArray(entry.link);
  const alternate = links.find((link) => (attr(link, 'rel') || 'alternate') === 'alternate') ?? links[0];
  const href = attr(alternate, 'href') || textOf(alternate);
  return absoluteUrl(href, feedUrl);
}
