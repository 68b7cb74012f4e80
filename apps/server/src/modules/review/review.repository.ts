import type { ArticleStatus, ReviewReason } from '@abp/contracts';
import { and, asc, desc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { articles, sites } from '../../db/schema/index.js';

/** Which waiting articles: of one site, for one reason. */
export interface WaitingArticleFilter {
  siteId?: number | undefined;
  reason?: ReviewReason | undefined;
}

const waitingColumns = {
  id: articles.id,
  siteId: articles.siteId,
  siteName: sql<string>`coalesce(${sites.name}, ${articles.siteName})`,
  title: articles.title,
  content: articles.content,
  status: articles.status,
  scheduledAt: articles.scheduledAt,
  reviewReason: articles.reviewReason,
  reviewSince: articles.reviewSince,
  releaseAt: articles.releaseAt,
  wordpressPostId: articles.wordpressPostId,
  wordpressPermalink: articles.wordpressPermalink,
  wordpressStatus: articles.wordpressStatus,
  qualityReport: articles.qualityReport,
};

export interface WaitingArticleRow {
  id: number;
  siteId: number | null;
  siteName: string;
  title: string;
  content: string;
  status: ArticleStatus;
  scheduledAt: Date | null;
  reviewReason: ReviewReason | null;
  reviewSince: Date | null;
  releaseAt: Date | null;
  wordpressPostId: number | null;
  wordpressPermalink: string | null;
  wordpressStatus: string | null;
  qualityReport: unknown;
}

/**
 * What the Review inbox reads of articles (issue #33): the waiting ones (review_reason set), across
 * sites. Read only: the articles module writes articles (its ReviewRecords take them in and out).
 */
export class ReviewRepository {
  constructor(private readonly db: Database) {}

  /** The first `limit` waiting articles, oldest (or newest) first. */
  async listWaiting(
    filter: WaitingArticleFilter,
    order: 'oldest' | 'newest',
    limit: number,
  ): Promise<WaitingArticleRow[]> {
    const rows = await this.db
      .select(waitingColumns)
      .from(articles)
      .leftJoin(sites, eq(sites.id, articles.siteId))
      .where(waitingWhere(filter))
      .orderBy(
        ...(order === 'oldest'
          ? [asc(articles.reviewSince), asc(articles.id)]
          : [desc(articles.reviewSince), desc(articles.id)]),
      )
      .limit(limit);
    return rows;
  }

  async waitingSummary(filter: WaitingArticleFilter): Promise<{ count: number; oldest: Date | null }> {
    const [row] = await this.db
      .select({ count: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${articles.reviewSince})` })
      .from(articles)
      .where(waitingWhere(filter));
    return { count: Number(row?.count ?? 0), oldest: row?.oldest ? new Date(row.oldest) : null };
  }

  /** One article as the inbox decides on it (waiting or not); null when it does not exist. */
  async find(id: number): Promise<WaitingArticleRow | null> {
    const [row] = await this.db
      .select(waitingColumns)
      .from(articles)
      .leftJoin(sites, eq(sites.id, articles.siteId))
      .where(eq(articles.id, id))
      .limit(1);
    return row ?? null;
  }

  /** Site names by id (for link proposals, which carry only the id). */
  async siteNames(ids: readonly number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select({ id: sites.id, name: sites.name })
      .from(sites)
      .where(inArray(sites.id, [...new Set(ids)]));
    return new Map(rows.map((row) => [row.id, row.name]));
  }
}

function waitingWhere(filter: WaitingArticleFilter): SQL | undefined {
  return and(
    isNotNull(articles.reviewReason),
    filter.siteId === undefined ? undefined : eq(articles.siteId, filter.siteId),
    filter.reason === undefined ? undefined : eq(articles.reviewReason, filter.reason),
  );
}
