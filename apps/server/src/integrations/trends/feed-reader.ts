import type { OutboundHttp } from '../../lib/outbound/index.js';
import { type FeedErrorKind, isFeedError } from './feed-error.js';
import type { FeedTrend } from './feed-types.js';
import { fetchFeed } from './fetch-feed.js';
import { parseFeed } from './parse-feed.js';
import { normaliseTrendTitle } from './trend-title.js';

export interface FeedReaderOptions {
  timeoutMs?: number;
  maxBytes?: number;
  userAgent?: string;
  outbound?: OutboundHttp;
}

export interface FeedFailure {
  feedUrl: string;
  kind: FeedErrorKind | 'internal';
  message: string;
}

export interface FeedsReadResult {
  /** Every trend of every readable feed, one per normalised title (first feed wins, news merged). */
  trends: FeedTrend[];
  failures: FeedFailure[];
}

const DEFAULTS = { timeoutMs: 15_000, maxBytes: 2 * 1024 * 1024, userAgent: 'AutomatedBlogPoster/1.3 (trend monitor)' };

/** Reads trend feeds; a feed that fails is reported, never thrown, so the others still count. */
export class FeedReader {
  private readonly options: Required<Omit<FeedReaderOptions, 'outbound'>> & Pick<FeedReaderOptions, 'outbound'>;

  constructor(options: FeedReaderOptions = {}) {
    this.options = { ...DEFAULTS, ...options };
  }

  /** One feed; throws FeedError. */
  async read(feedUrl: string, signal?: AbortSignal): Promise<FeedTrend[]> {
    const { text, contentType } = await fetchFeed(feedUrl, { ...this.options, ...(signal ? { signal } : {}) });
    return parseFeed(text, feedUrl, contentType).trends;
  }

  async readAll(feedUrls: readonly string[], signal?: AbortSignal): Promise<FeedsReadResult> {
    const settled = await Promise.allSettled(feedUrls.map((url) => this.read(url, signal)));
    signal?.throwIfAborted();
    const failures: FeedFailure[] = [];
    const lists: FeedTrend[][] = [];
    settled.forEach((outcome, index) => {
      const feedUrl = feedUrls[index] ?? '';
      if (outcome.status === 'fulfilled') lists.push(outcome.value);
      else failures.push(toFailure(feedUrl, outcome.reason));
    });
    return { trends: mergeTrends(lists.flat()), failures };
  }
}

function toFailure(feedUrl: string, reason: unknown): FeedFailure {
  if (isFeedError(reason)) return { feedUrl, kind: reason.kind, message: reason.message };
  return {
    feedUrl,
    kind: 'internal',
    message: `Reading the feed failed unexpectedly: ${reason instanceof Error ? reason.message : String(reason)}`,
  };
}

/** The same trend in two feeds (or twice in one) becomes one, with the news items of both. */
export function mergeTrends(trends: readonly FeedTrend[]): FeedTrend[] {
  const byKey = new Map<string, FeedTrend>();
  for (const trend of trends) {
    const key = normaliseTrendTitle(trend.title);
    if (!key) continue;
    const seen = byKey.get(key);
    if (!seen) {
      byKey.set(key, { ...trend, newsItems: [...trend.newsItems] });
      continue;
    }
    const urls = new Set(seen.newsItems.map((news) => news.url));
    for (const news of trend.newsItems) if (!urls.has(news.url)) seen.newsItems.push(news);
    seen.description ||= trend.description;
    seen.url ??= trend.url;
    seen.publishedDate ??= trend.publishedDate;
    seen.approxTraffic ??= trend.approxTraffic;
  }
  return [...byKey.values()];
}
