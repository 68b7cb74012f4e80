export type { FeedNewsItem, FeedTrend, FeedFormat, ParsedFeed } from './feed-types.js';
export { FeedError, isFeedError, type FeedErrorKind } from './feed-error.js';
export { fetchFeed, parseRetryAfter, type FetchFeedOptions, type FetchedFeed } from './fetch-feed.js';
export { parseFeed, MAX_TRENDS_PER_FEED } from './parse-feed.js';
export { FeedReader, mergeTrends, type FeedFailure, type FeedReaderOptions, type FeedsReadResult } from './feed-reader.js';
export { normaliseTrendTitle } from './trend-title.js';
export { googleTrendsFeedUrl, googleTrendUrl } from './google-trends.js';
export { trendEnvSchema, trendEnvConfig, TREND_FEEDS_MAX, TREND_INTERVAL_MAX_HOURS, type TrendEnvConfig } from './trend-env.js';
