import type { ArticleSourceType, ArticleStatus, WordPressState } from '@abp/contracts';
import { and, asc, eq, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  articleCounts,
  articles,
  articleTrendSources,
  DELETED_POST_STATUS,
  generationLogs,
  sites,
} from '../../db/schema/index.js';

export interface ArticleFilters {
  siteId?: number | undefined;
  status?: ArticleStatus | undefined;
  sourceType?: ArticleSourceType | undefined;
  /** 'live': proven live; 'not_live': its post failed the last live check. */
  live?: 'live' | 'not_live' | undefined;
  /** What WordPress has of it (issue #17). */
  wordpressState?: WordPressState | undefined;
  /** Text found in the title or the keywords, case ignored (issue #37). */
  search?: string | undefined;
}

/** The post statuses each WordPress state stands for ('not_sent': no post). */
const POST_STATUSES_OF: Record<Exclude<WordPressState, 'not_sent'>, string> = {
  draft: 'draft',
  pending: 'pending',
  scheduled: 'future',
  live: 'publish',
  trashed: 'trash',
  deleted: DELETED_POST_STATUS,
};

export interface ArticleChanges {
  title?: string;
  content?: string;
  /** Recounted with every content edit, so the figure shown is the article's. */
  wordCount?: number;
  status?: ArticleStatus;
  scheduledAt?: Date | null;
  metaDescription?: string | null;
  slug?: string | null;
  keywords?: string[];
  wpCategoryIds?: number[];
  tags?: string[];
}

const summaryColumns = {
  id: articles.id,
  title: articles.title,
  status: articles.status,
  siteId: articles.siteId,
  siteNameSnapshot: articles.siteName,
  currentSiteName: sites.name,
  siteUrl: sites.url,
  hasSources: articles.hasSources,
  taskType: articles.taskType,
  persona: articles.persona,
  origin: articles.origin,
  keywords: articles.keywords,
  tags: articles.tags,
  writtenOffline: articles.writtenOffline,
  sourceUrls: articles.sourceUrls,
  wordCount: articles.wordCount,
  attempts: articles.attempts,
  refusalRecovered: articles.refusalRecovered,
  refusalMatches: articles.refusalMatches,
  wordpressPostId: articles.wordpressPostId,
  wordpressPermalink: articles.wordpressPermalink,
  wordpressStatus: articles.wordpressStatus,
  featuredImageUrl: articles.featuredImageUrl,
  createdAt: articles.createdAt,
  updatedAt: articles.updatedAt,
  scheduledAt: articles.scheduledAt,
  publishedAt: articles.publishedAt,
  liveState: articles.liveState,
  liveReason: articles.liveReason,
  liveCheckedAt: articles.liveCheckedAt,
  reviewReason: articles.reviewReason,
  reviewSince: articles.reviewSince,
  releaseAt: articles.releaseAt,
  reviewNote: articles.reviewNote,
};

const detailColumns = {
  ...summaryColumns,
  content: articles.content,
  metaDescription: articles.metaDescription,
  slug: articles.slug,
  wpCategoryIds: articles.wpCategoryIds,
  failureReason: articles.failureReason,
  qualityReport: articles.qualityReport,
};

// The indexes are (… created_at DESC NULLS LAST, id DESC NULLS LAST); the ORDER BY must say the
// same, or PostgreSQL sorts all matching rows instead of walking the index.
const NEWEST_FIRST = (createdAt: SQL | typeof articles.createdAt, id: SQL | typeof articles.id) => [
  sql`${createdAt} desc nulls last`,
  sql`${id} desc nulls last`,
];

export class ArticlesRepository {
  constructor(private readonly db: Database) {}

  /**
   * One page, newest first. The page's ids are found on the narrow index alone (an index-only
   * scan skips deep offsets cheaply), then only those rows are read in full and joined to sites.
   */
  async listPage(filters: ArticleFilters, limit: number, offset: number) {
    const page = this.db
      .select({ id: articles.id, createdAt: articles.createdAt })
      .from(articles)
      .where(this.where(filters))
      .orderBy(...NEWEST_FIRST(articles.createdAt, articles.id))
      .limit(limit)
      .offset(offset)
      .as('page');
    return this.db
      .select(summaryColumns)
      .from(page)
      .innerJoin(articles, eq(articles.id, page.id))
      .leftJoin(sites, eq(sites.id, articles.siteId))
      .orderBy(...NEWEST_FIRST(sql`${page.createdAt}`, sql`${page.id}`));
  }

  /** Exact total from the trigger-maintained counters: at most 200 rows to add, whatever the table size. */
  async count(filters: ArticleFilters): Promise<number> {
    // The counters know nothing of live checks, WordPress states or searches: with those filters the rows are
    // counted (the live filter on its partial index, so only articles that have a check are read).
    if (filters.live !== undefined || filters.wordpressState !== undefined || filters.search !== undefined) {
      const [counted] = await this.db
        .select({ total: sql<number>`count(*)::int` })
        .from(articles)
        .where(this.where(filters));
      return Number(counted?.total ?? 0);
    }
    const [row] = await this.db
      .select({ total: sql<number>`coalesce(sum(${articleCounts.count}), 0)::int` })
      .from(articleCounts)
      .where(
        and(
          filters.siteId === undefined ? undefined : eq(articleCounts.siteKey, filters.siteId),
          filters.status === undefined ? undefined : eq(articleCounts.status, filters.status),
          filters.sourceType === undefined ? undefined : eq(articleCounts.hasSources, filters.sourceType === 'trend'),
        ),
      );
    return Number(row?.total ?? 0);
  }

  async find(id: number) {
    const [row] = await this.db
      .select(detailColumns)
      .from(articles)
      .leftJoin(sites, eq(sites.id, articles.siteId))
      .where(eq(articles.id, id))
      .limit(1);
    return row ?? null;
  }

  async exists(id: number): Promise<boolean> {
    const [row] = await this.db.select({ id: articles.id }).from(articles).where(eq(articles.id, id)).limit(1);
    return row !== undefined;
  }

  async update(id: number, changes: ArticleChanges): Promise<boolean> {
    const rows = await this.db
      .update(articles)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(articles.id, id))
      .returning({ id: articles.id });
    return rows.length === 1;
  }

  async delete(id: number): Promise<boolean> {
    const rows = await this.db.delete(articles).where(eq(articles.id, id)).returning({ id: articles.id });
    return rows.length === 1;
  }

  async trendSources(articleId: number) {
    return this.db
      .select({
        topic: articleTrendSources.topic,
        description: articleTrendSources.description,
        publishedDate: articleTrendSources.publishedDate,
        trendUrl: articleTrendSources.trendUrl,
      })
      .from(articleTrendSources)
      .where(eq(articleTrendSources.articleId, articleId))
      .orderBy(asc(articleTrendSources.id));
  }

  async generationLog(articleId: number): Promise<unknown> {
    const [row] = await this.db
      .select({ log: generationLogs.log })
      .from(generationLogs)
      .where(eq(generationLogs.articleId, articleId))
      .limit(1);
    return row?.log ?? null;
  }

  private where(filters: ArticleFilters): SQL | undefined {
    return and(
      filters.siteId === undefined ? undefined : eq(articles.siteId, filters.siteId),
      filters.status === undefined ? undefined : eq(articles.status, filters.status),
      filters.sourceType === undefined ? undefined : eq(articles.hasSources, filters.sourceType === 'trend'),
      filters.live === undefined ? undefined : eq(articles.liveState, filters.live),
      filters.wordpressState === undefined
        ? undefined
        : filters.wordpressState === 'not_sent'
          ? isNull(articles.wordpressPostId)
          : and(
              isNotNull(articles.wordpressPostId),
              eq(articles.wordpressStatus, POST_STATUSES_OF[filters.wordpressState]),
            ),
      filters.search === undefined ? undefined : searchCondition(filters.search),
    );
  }
}

/**
 * Every word of the search in the title or the keywords (case ignored): "garden soil" finds
 * "Soil for a small garden". LIKE's own wildcards in the text are matched as themselves.
 */
function searchCondition(search: string): SQL | undefined {
  const words = search.split(/\s+/).filter(Boolean).slice(0, 10);
  return and(
    ...words.map((word) => {
      const pattern = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      return or(ilike(articles.title, pattern), ilike(sql`${articles.keywords}::text`, pattern));
    }),
  );
}

export type ArticleSummaryRow = Awaited<ReturnType<ArticlesRepository['listPage']>>[number];
export type ArticleDetailRow = NonNullable<Awaited<ReturnType<ArticlesRepository['find']>>>;
