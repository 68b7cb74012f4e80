export { FeedError, type FeedErrorKind, isFeedError } from './feed-error.js';
export {
  type FeedFailure,
  FeedReader,
  type FeedReaderOptions,
  type FeedsReadResult,
  mergeTrends,
} from './feed-reader.js';
export type { FeedFormat, FeedNewsItem, FeedTrend, ParsedFeed } from './feed-types.js';
export { type FetchedFeed, type FetchFeedOptions, fetchFeed, parseRetryAfter } from './fetch-feed.js';
export { googleTrendsFeedUrl, googleTrendUrl } from './google-trends.js';
export { MAX_TRENDS_PER_FEED, parseFeed } from './parse-feed.js';
export {
  TREND_FEEDS_MAX,
  TREND_INTERVAL_MAX_HOURS,
  type TrendEnvConfig,
  trendEnvConfig,
  trendEnvSchema,
} from './trend-env.js';
export { normaliseTrendTitle } from './trend-title.js';
