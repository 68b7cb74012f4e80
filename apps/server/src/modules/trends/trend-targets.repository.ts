import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import { articles, blogConfigs, processedTrends, sites } from '../../db/schema/index.js';
import type { ContentRevisions } from '../articles/article-store.js';
import { effectiveCapSql, postsTodaySql } from '../posting-policy/index.js';

/** An active site with its active configuration: where trend articles may go. */
export interface TrendTarget {
  siteId: number;
  siteName: string;
  /** WordPress rejected the site's credentials: the check skips the site and says so. */
  credentialsRejected: boolean;
  configId: number;
  topics: string[];
  taskType: string;
  persona: string;
  wordCount: number;
  postStatus: 'draft' | 'published';
  /** The configuration's own model providers (ids, in order); null: the default chain. */
  providers: string[] | null;
}

export interface TrendClaim {
  normalizedTitle: string;
  title: string;
  siteId: number;
  siteName: string;
  url: string | null;
  executionLogId: number;
}

/** Sites, configurations, processed-trend claims and the daily cap, as the trend check needs them. */
export class TrendTargetsRepository {
  constructor(
    private readonly db: Database,
    /** The articles module: a trend article's Sources section is written there. */
    private readonly articleStore: ContentRevisions,
  ) {}

  targets(): Promise<TrendTarget[]> {
    return this.db
      .select({
        siteId: sites.id,
        siteName: sites.name,
        credentialsRejected: sql<boolean>`(${sites.credentialsRejectedAt} is not null)`,
        configId: blogConfigs.id,
        topics: blogConfigs.topics,
        taskType: blogConfigs.taskType,
        persona: blogConfigs.contentPersona,
        wordCount: blogConfigs.wordCount,
        postStatus: blogConfigs.postStatus,
        providers: blogConfigs.providers,
      })
      .from(blogConfigs)
      .innerJoin(sites, eq(sites.id, blogConfigs.siteId))
      .where(and(eq(blogConfigs.isActive, true), eq(sites.isActive, true), isNull(sites.deletingSince)))
      .orderBy(asc(sites.name), asc(sites.id));
  }

  async isStillTarget(siteId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: sites.id })
      .from(sites)
      .innerJoin(blogConfigs, eq(blogConfigs.siteId, sites.id))
      .where(
        and(
          eq(sites.id, siteId),
          eq(sites.isActive, true),
          isNull(sites.deletingSince),
          eq(blogConfigs.isActive, true),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  /** Which of these normalised titles the site already has (written or being written). */
  async processedKeys(siteId: number, keys: string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const rows = await this.db
      .select({ key: processedTrends.normalizedTitle })
      .from(processedTrends)
      .where(and(eq(processedTrends.siteId, siteId), inArray(processedTrends.normalizedTitle, keys)));
    return new Set(rows.map((row) => row.key));
  }

  /** Takes the (trend, site) pair (in the transaction that queues its article); null when it was taken already. */
  async claim(claim: TrendClaim, tx: Tx | Database = this.db): Promise<number | null> {
    const [row] = await tx
      .insert(processedTrends)
      .values(claim)
      .onConflictDoNothing()
      .returning({ id: processedTrends.id });
    return row?.id ?? null;
  }

  async complete(claimId: number, articleId: number): Promise<void> {
    await this.db
      .update(processedTrends)
      .set({ articleId, processedAt: new Date() })
      .where(eq(processedTrends.id, claimId));
  }

  /** A claim that produced no article is removed, so the trend can still match the site later. */
  async release(claimId: number, tx: Tx | Database = this.db): Promise<void> {
    await tx.delete(processedTrends).where(and(eq(processedTrends.id, claimId), isNull(processedTrends.processedAt)));
  }

  /**
   * The configuration's posts today, as the daily cap counts them: the scheduler's slots (as the
   * scheduler counts them) plus the trend articles of the site that did not fail.
   */
  /**
   * How many more posts the configuration may have today: its cap for the day (with its ramp-up, as
   * the scheduler counts it) less the posts today already counts (scheduled and trend ones alike).
   */
  async roomToday(target: Pick<TrendTarget, 'configId' | 'siteId'>, dayStart: Date): Promise<number> {
    const [row] = await this.db
      .select({
        cap: effectiveCapSql(dayStart),
        posts: postsTodaySql(target.configId, target.siteId, dayStart),
      })
      .from(blogConfigs)
      .where(eq(blogConfigs.id, target.configId));
    return row ? row.cap - row.posts : 0;
  }

  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  async articleContent(articleId: number): Promise<string | null> {
    const [row] = await this.db
      .select({ content: articles.content })
      .from(articles)
      .where(eq(articles.id, articleId))
      .limit(1);
    return row?.content ?? null;
  }

  /** The Sources section appended to a trend article (the articles module writes it). */
  setArticleContent(articleId: number, content: string, wordCount: number): Promise<void> {
    return this.articleStore.replaceContent(articleId, 'trend sources', { content, wordCount });
  }
}
