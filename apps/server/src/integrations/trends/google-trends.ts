/** Google Trends' trending-searches RSS feed for a country (ISO 3166-1 alpha-2, e.g. US, GB, DE). */
export const googleTrendsFeedUrl = (geo: string): string =>
  `https://trends.google.com/trending/rss?geo=${encodeURIComponent(geo.toUpperCase())}`;

/**
 * Google's items all link to the feed itself; the Explore page of the search term is the page
 * that tells the operator about one trend.
 */
export function googleTrendUrl(title: string, itemLink: string, feedUrl: string): string {
  if (itemLink && !itemLink.includes('/trending/rss')) return itemLink;
  let geo = '';
  try {
    geo = new URL(feedUrl).searchParams.get('geo') ?? '';
  } catch {
    geo = '';
  }
  const query = new URLSearchParams({ q: title, date: 'now 1-d', ...(geo ? { geo } : {}) });
  return `https://trends.google.com/trends/explore?${query.toString()}`;
}
