import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { articles, blogConfigs, siteInventoryItems, sites } from '../../db/schema/index.js';
import { postsTodaySql } from '../posting-policy/index.js';

/** A bound on one answer's rows of each source (a range is at most 62 days). */
const MAX_ROWS = 5000;

export interface CalendarSiteRow {
  siteId: number;
  siteName: string;
  siteActive: boolean;
  configId: number | null;
  configActive: boolean | null;
  nextPostAt: Date | null;
  intervalMin: number | null;
  intervalMax: number | null;
  maxPostsPerDay: number | null;
  rampStartPerDay: number | null;
  rampWeeks: number | null;
  rampStartedAt: Date | null;
  postsToday: number | null;
}

export type CalendarArticleRow = Awaited<ReturnType<CalendarRepository['articlesBetween']>>[number];
export type MovableArticleRow = NonNullable<Awaited<ReturnType<CalendarRepository['findArticle']>>>;

/** The calendar's reads: sites with their configurations, the app's articles, the sites' own posts. */
export class CalendarRepository {
  constructor(private readonly db: Database) {}

  async sites(siteId: number | undefined, dayStart: Date): Promise<CalendarSiteRow[]> {
    const rows = await this.db
      .select({
        siteId: sites.id,
        siteName: sites.name,
        siteActive: sql<boolean>`(${sites.isActive} and ${sites.deletingSince} is null)`,
        configId: blogConfigs.id,
        configActive: blogConfigs.isActive,
        nextPostAt: blogConfigs.nextPostAt,
        intervalMin: blogConfigs.postingIntervalMin,
        intervalMax: blogConfigs.postingIntervalMax,
        maxPostsPerDay: blogConfigs.maxPostsPerDay,
        rampStartPerDay: blogConfigs.rampStartPerDay,
        rampWeeks: blogConfigs.rampWeeks,
        rampStartedAt: blogConfigs.rampStartedAt,
        postsToday: sql<number | null>`case when ${blogConfigs.id} is null then null else ${postsTodaySql(
          blogConfigs.id,
          sites.id,
          dayStart,
        )} end`,
      })
      .from(sites)
      .leftJoin(blogConfigs, eq(blogConfigs.siteId, sites.id))
      .where(and(isNull(sites.deletingSince), siteId === undefined ? undefined : eq(sites.id, siteId)))
      .orderBy(asc(sites.name), asc(sites.id));
    return rows.map((r) => ({ ...r, postsToday: r.postsToday === null ? null : Number(r.postsToday) }));
  }

  /** The app's articles with a date in [start, end): published, scheduled, waiting for the operator. */
  articlesBetween(siteIds: number[], start: Date, end: Date) {
    const within = (column: AnyPgColumn) => and(gte(column, start), lt(column, end));
    return this.db
      .select({
        id: articles.id,
        siteId: articles.siteId,
        title: articles.title,
        status: articles.status,
        publishedAt: articles.publishedAt,
        scheduledAt: articles.scheduledAt,
        reviewReason: articles.reviewReason,
        reviewSince: articles.reviewSince,
        releaseAt: articles.releaseAt,
        permalink: articles.wordpressPermalink,
      })
      .from(articles)
      .where(
        and(
          inArray(articles.siteId, siteIds),
          or(
            and(eq(articles.reviewReason, 'delayed'), within(articles.releaseAt)),
            and(
              isNotNull(articles.reviewReason),
              sql`${articles.reviewReason} <> 'delayed'`,
              within(articles.reviewSince),
            ),
            and(isNull(articles.reviewReason), eq(articles.status, 'published'), within(articles.publishedAt)),
            and(isNull(articles.reviewReason), eq(articles.status, 'scheduled'), within(articles.scheduledAt)),
          ),
        ),
      )
      .orderBy(asc(articles.id))
      .limit(MAX_ROWS);
  }

  /** The sites' published posts from their inventories that are not the app's articles. */
  sitePostsBetween(siteIds: number[], start: Date, end: Date) {
    return this.db
      .select({
        siteId: siteInventoryItems.siteId,
        wpId: siteInventoryItems.wpId,
        title: siteInventoryItems.title,
        link: siteInventoryItems.link,
        publishedAt: siteInventoryItems.publishedAt,
      })
      .from(siteInventoryItems)
      .where(
        and(
          inArray(siteInventoryItems.siteId, siteIds),
          eq(siteInventoryItems.kind, 'post'),
          eq(siteInventoryItems.status, 'publish'),
          gte(siteInventoryItems.publishedAt, start),
          lt(siteInventoryItems.publishedAt, end),
          sql`not exists (select 1 from ${articles} where ${articles.siteId} = ${siteInventoryItems.siteId}
            and ${articles.wordpressPostId} = ${siteInventoryItems.wpId})`,
        ),
      )
      .orderBy(asc(siteInventoryItems.publishedAt))
      .limit(MAX_ROWS);
  }

  async findArticle(id: number) {
    const [row] = await this.db
      .select({
        id: articles.id,
        status: articles.status,
        scheduledAt: articles.scheduledAt,
        reviewReason: articles.reviewReason,
        releaseAt: articles.releaseAt,
        wordpressPostId: articles.wordpressPostId,
        wordpressStatus: articles.wordpressStatus,
      })
      .from(articles)
      .where(eq(articles.id, id))
      .limit(1);
    return row ?? null;
  }
}
