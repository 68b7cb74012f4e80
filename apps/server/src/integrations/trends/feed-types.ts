/** One news article attached to a trend: Google Trends' `ht:news_item`, or the entry of a plain feed. */
export interface FeedNewsItem {
  title: string;
  url: string;
  source: string | null;
  snippet: string | null;
  picture: string | null;
}

/** A trend as read from one feed, before it is matched to sites. */
export interface FeedTrend {
  /** The trending topic (the item's or entry's title), trimmed, never empty. */
  title: string;
  /** Plain text; empty when the feed gives none and no news item can stand in. */
  description: string;
  publishedDate: Date | null;
  /** Where the operator can read about the trend; null when the feed gives no usable link. */
  url: string | null;
  newsItems: FeedNewsItem[];
  /** Google Trends' `ht:approx_traffic` ("200,000+"), null for other feeds. */
  approxTraffic: string | null;
  picture: string | null;
  /** The feed the trend came from. */
  feedUrl: string;
}

export type FeedFormat = 'google-trends' | 'rss' | 'atom' | 'rdf';

export interface ParsedFeed {
  format: FeedFormat;
  title: string | null;
  trends: FeedTrend[];
}
