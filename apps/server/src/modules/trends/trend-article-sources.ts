import type { FeedTrend } from '../../integrations/trends/index.js';
import { linkHtml, sanitizeArticleHtml, webAddress } from '../../lib/html/index.js';
import { escapeHtmlText as escapeHtml } from '../../lib/plain-text.js';

const MAX_NEWS_SOURCES = 8;
const SOURCES_HEADING = 'Sources';

/** The news articles behind a trend: its sources, first those Google Trends lists for it. */
export function newsUrlsOf(trend: FeedTrend): string[] {
  return [...new Set(trend.newsItems.map((news) => news.url))].slice(0, MAX_NEWS_SOURCES);
}

/** What the model is told about the trend: why it is trending, in the news' own words (never copied). */
export function trendNotes(trend: FeedTrend): string {
  const lines = [
    `Trending search: ${trend.title}${trend.approxTraffic ? ` (about ${trend.approxTraffic} searches)` : ''}.`,
  ];
  if (trend.description) lines.push(trend.description);
  for (const news of trend.newsItems.slice(0, MAX_NEWS_SOURCES)) {
    lines.push(
      `- ${news.title}${news.source ? ` (${news.source})` : ''}${news.snippet && news.snippet !== news.title ? `: ${news.snippet}` : ''}`,
    );
  }
  return lines.join('\n');
}

/**
 * The "Sources" section appended to a trend article, so readers (and the WordPress post) credit
 * the news it was written from. Sanitised like model output; empty when the trend has no links.
 */
export function sourcesSection(trend: FeedTrend): string {
  const items = trend.newsItems.slice(0, MAX_NEWS_SOURCES).map((news) => {
    const source = news.source ? ` (${escapeHtml(news.source)})` : '';
    // A news item without a web address is credited by its title alone.
    return `<li>${linkHtml(news.url, escapeHtml(news.title))}${source}</li>`;
  });
  if (items.length === 0 && webAddress(trend.url))
    items.push(`<li>${linkHtml(trend.url, escapeHtml(trend.title))}</li>`);
  if (items.length === 0) return '';
  return sanitizeArticleHtml(`<h2>${SOURCES_HEADING}</h2><ul>${items.join('')}</ul>`);
}

/** Appends the section unless the content already ends with one (a retried run must not add it twice). */
export function withSourcesSection(content: string, section: string): string {
  if (!section || content.includes(`<h2>${SOURCES_HEADING}</h2>`)) return content;
  return `${content.trimEnd()}\n${section}`;
}
