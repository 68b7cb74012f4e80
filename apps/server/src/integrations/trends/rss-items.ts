import type { FeedNewsItem, FeedTrend, ParsedFeed } from './feed-types.js';
import { googleTrendUrl } from './google-trends.js';
import { plainText, titleText } from './plain-text.js';
import {
  absoluteUrl,
  asArray,
  attr,
  childrenByLocalName,
  childText,
  isNode,
  localText,
  parseDate,
  type XmlNode,
} from './xml-values.js';

/** RSS 2.0 (and RSS 1.0/RDF) items; Google Trends items carry the `ht:` extension. */
export function readRssItems(items: unknown[], channel: XmlNode, feedUrl: string, isRdf: boolean): ParsedFeed {
  const channelTitle = plainText(childText(channel, 'title'), 200) || null;
  const nodes = items.filter(isNode);
  const google = nodes.some(
    (item) =>
      childrenByLocalName(item, 'approx_traffic').length > 0 || childrenByLocalName(item, 'news_item').length > 0,
  );
  const trends: FeedTrend[] = [];
  for (const item of nodes) {
    const trend = google ? readGoogleItem(item, feedUrl) : readPlainItem(item, feedUrl, channelTitle);
    if (trend) trends.push(trend);
  }
  return { format: google ? 'google-trends' : isRdf ? 'rdf' : 'rss', title: channelTitle, trends };
}

function readGoogleItem(item: XmlNode, feedUrl: string): FeedTrend | null {
  const title = titleText(childText(item, 'title'));
  if (!title) return null;
  const newsItems = childrenByLocalName(item, 'news_item')
    .filter(isNode)
    .map((news): FeedNewsItem | null => {
      const url = absoluteUrl(localText(news, 'news_item_url'), feedUrl);
      if (!url) return null;
      return {
        title: titleText(localText(news, 'news_item_title')) || url,
        url,
        source: plainText(localText(news, 'news_item_source'), 200) || null,
        snippet: plainText(localText(news, 'news_item_snippet'), 500) || null,
        picture: absoluteUrl(localText(news, 'news_item_picture'), feedUrl),
      };
    })
    .filter((news): news is FeedNewsItem => news !== null);
  const first = newsItems[0];
  return {
    title,
    description: plainText(childText(item, 'description')) || first?.snippet || first?.title || '',
    publishedDate: parseDate(childText(item, 'pubDate')),
    url: googleTrendUrl(title, childText(item, 'link'), feedUrl),
    newsItems,
    approxTraffic: localText(item, 'approx_traffic') || null,
    picture: absoluteUrl(localText(item, 'picture'), feedUrl),
    feedUrl,
  };
}

/** A plain feed's item is a news article itself: its link is the news source. */
function readPlainItem(item: XmlNode, feedUrl: string, channelTitle: string | null): FeedTrend | null {
  const title = titleText(childText(item, 'title'));
  if (!title) return null;
  const guid = asArray(item.guid)[0];
  const guidIsLink = attr(guid, 'isPermaLink') !== 'false';
  const url =
    absoluteUrl(childText(item, 'link'), feedUrl) ??
    (guidIsLink ? absoluteUrl(childText(item, 'guid'), feedUrl) : null);
  const description = plainText(childText(item, 'description', 'content:encoded'));
  return {
    title,
    description,
    publishedDate: parseDate(childText(item, 'pubDate', 'dc:date')),
    url,
    newsItems: url ? [{ title, url, source: channelTitle, snippet: description || null, picture: null }] : [],
    approxTraffic: null,
    picture: null,
    feedUrl,
  };
}
