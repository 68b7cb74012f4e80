import type { ProcessedTrend, TrendExecutionLog, TrendLastExecution, TrendRunItem } from '@abp/contracts';
import type { ProcessedTrendRow, TrendRunItemRow, TrendRunRow } from './trend-runs.repository.js';

export function toExecutionLog(row: TrendRunRow): TrendExecutionLog {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
    status: row.status,
    trigger: row.trigger,
    trends_found: row.trendsFound,
    articles_generated: row.articlesGenerated,
    articles_published: row.articlesPublished,
    execution_time_ms: row.executionTimeMs,
    errors: row.errors,
  };
}

export function toLastExecution(row: TrendRunRow): TrendLastExecution {
  return {
    trends_found: row.trendsFound,
    articles_generated: row.articlesGenerated,
    articles_published: row.articlesPublished,
    execution_time_ms: row.executionTimeMs,
    created_at: row.createdAt.toISOString(),
    unreachable_feeds: row.errors
      .filter((error) => error.scope === 'feed')
      .map((error) => ({ feed: error.target, reason: error.message })),
  };
}

export function toProcessedTrend(row: ProcessedTrendRow): ProcessedTrend {
  return {
    id: row.id,
    title: row.title,
    site_id: row.siteId,
    site_name: row.siteName,
    url: row.url,
    article_id: row.articleId,
    processed_at: (row.processedAt ?? row.claimedAt).toISOString(),
  };
}

export function toTrendRunItem(row: TrendRunItemRow): TrendRunItem {
  return {
    id: row.id,
    title: row.title,
    site_id: row.siteId,
    site_name: row.siteName,
    url: row.url,
    state: row.processedAt ? 'written' : 'writing',
    article_id: row.articleId,
    article_title: row.articleTitle,
    article_status: row.articleStatus,
    post_url: row.postUrl,
  };
}
