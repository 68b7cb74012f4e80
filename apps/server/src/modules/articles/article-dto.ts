import {
  type Article,
  type ArticleSummary,
  type ArticleTrendSource,
  qualityReportSchema,
  type UsageTotals,
  type WordPressState,
} from '@abp/contracts';
import { DELETED_POST_STATUS } from '../../db/schema/index.js';
import type { ArticleDetailRow, ArticleSummaryRow } from './articles.repository.js';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function toArticleSummary(row: ArticleSummaryRow): ArticleSummary {
  return {
    id: row.id,
    title: row.title,
    status: row.status,
    site_id: row.siteId,
    site_name: row.currentSiteName ?? row.siteNameSnapshot,
    site_url: row.siteUrl,
    source_type: row.hasSources ? 'trend' : 'manual',
    task_type: row.taskType,
    persona: row.persona,
    origin: row.origin,
    keywords: row.keywords,
    tags: row.tags,
    demo: row.writtenOffline,
    source_urls: row.sourceUrls,
    word_count: row.wordCount,
    attempts: row.attempts,
    refusal_recovered: row.refusalRecovered,
    refusal_matches: row.refusalMatches,
    wordpress_post_id: row.wordpressPostId,
    wordpress_permalink: row.wordpressPermalink,
    wordpress_state: wordpressStateOf(row.wordpressPostId, row.wordpressStatus),
    featured_image_url: row.featuredImageUrl,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    scheduled_at: iso(row.scheduledAt),
    published_at: iso(row.publishedAt),
    live_check:
      row.liveState && row.liveCheckedAt
        ? { state: row.liveState, reason: row.liveReason, checked_at: row.liveCheckedAt.toISOString() }
        : null,
    review_reason: row.reviewReason,
    review_since: iso(row.reviewSince),
    release_at: iso(row.releaseAt),
    review_note: row.reviewNote,
  };
}

/** What WordPress has, from the post status the last push stored (a private or unknown one reads as a draft: not public). */
export function wordpressStateOf(postId: number | null, postStatus: string | null): WordPressState {
  if (postId === null) return 'not_sent';
  switch (postStatus) {
    case 'publish':
      return 'live';
    case 'future':
      return 'scheduled';
    case 'pending':
      return 'pending';
    case 'trash':
      return 'trashed';
    case DELETED_POST_STATUS:
      return 'deleted';
    default:
      return 'draft';
  }
}

export function toArticle(row: ArticleDetailRow, usage: UsageTotals | null = null): Article {
  // Stored by the engine with the same schema; an older or foreign shape is shown as "no report".
  const report = qualityReportSchema.safeParse(row.qualityReport);
  return {
    ...toArticleSummary(row),
    content: row.content,
    meta_description: row.metaDescription,
    slug: row.slug,
    focus_keyword: row.keywords[0] ?? null,
    category_ids: row.wpCategoryIds,
    failure_reason: row.failureReason,
    quality_report: report.success ? report.data : null,
    usage,
  };
}

export function toTrendSource(row: {
  topic: string;
  description: string;
  publishedDate: Date | null;
  trendUrl: string | null;
}): ArticleTrendSource {
  return {
    topic: row.topic,
    description: row.description,
    published_date: iso(row.publishedDate),
    trend_url: row.trendUrl,
  };
}
