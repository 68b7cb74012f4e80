import { and, desc, eq, gte, inArray, isNotNull, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import {
  articleProductions,
  articles,
  processedTrends,
  type TrendRunErrorRecord,
  trendExecutionLogs,
} from '../../db/schema/index.js';

export type TrendRunRow = typeof trendExecutionLogs.$inferSelect;
export type ProcessedTrendRow = typeof processedTrends.$inferSelect;
export interface TrendRunItemRow {
  id: number;
  title: string;
  siteId: number | null;
  siteName: string;
  url: string | null;
  processedAt: Date | null;
  articleId: number | null;
  articleTitle: string | null;
  articleStatus: (typeof articles.$inferSelect)['status'] | null;
  postUrl: string | null;
}

/** The origin key of a claimed trend's article: its unit in the article pipeline. */
export const trendOriginKey = (claimId: number): string => `trend-claim:${claimId}`;

/** A unit of the article pipeline for the claim (id given as SQL) that has not finished yet. */
function unitUnderWay(claimId: SQL): SQL {
  return sql`select 1 from ${articleProductions} u where u.origin_key = 'trend-claim:' || ${claimId} and u.state <> 'finished'`;
}

/** Execution logs and the figures of the trend monitor screen. */
export class TrendRunsRepository {
  constructor(private readonly db: Database) {}

  async start(trigger: 'manual' | 'schedule', jobId: string | null): Promise<TrendRunRow> {
    const [row] = await this.db.insert(trendExecutionLogs).values({ trigger, jobId, status: 'running' }).returning();
    return row!;
  }

  /**
   * The check itself failed: the run fails with what it found and its problems appended, keeping
   * the figures of any of its articles that already ended (those still under way add theirs).
   */
  async failCheck(id: number, found: { trendsFound: number; errors: TrendRunErrorRecord[] }): Promise<void> {
    await this.db
      .update(trendExecutionLogs)
      .set({
        status: 'failed',
        trendsFound: found.trendsFound,
        errors: sql`${trendExecutionLogs.errors} || ${JSON.stringify(found.errors)}::jsonb`,
        plannedAt: new Date(),
        finishedAt: new Date(),
        executionTimeMs: sql`least(2147483647, greatest(1, (extract(epoch from now() - ${trendExecutionLogs.createdAt}) * 1000)::bigint))::int`,
      })
      .where(eq(trendExecutionLogs.id, id));
  }

  /**
   * Runs left 'running' by a check whose worker died before it had queued its articles: marked
   * failed, and the trends they had claimed without a unit under way are released so they can be
   * picked again. A run waiting for its articles (planned) is not interrupted: its units finish it.
   * Only called while no other check can run (the check job's queue lets one job be active at a time).
   */
  async closeInterrupted(message: string): Promise<number> {
    return this.db.transaction(async (tx) => {
      const stale = await tx
        .update(trendExecutionLogs)
        .set({
          status: 'failed',
          finishedAt: new Date(),
          executionTimeMs: sql`least(2147483647, greatest(0, (extract(epoch from now() - ${trendExecutionLogs.createdAt}) * 1000)::bigint))::int`,
          errors: sql`${trendExecutionLogs.errors} || ${JSON.stringify([{ scope: 'run', target: 'trend check', kind: 'interrupted', message }])}::jsonb`,
        })
        .where(and(eq(trendExecutionLogs.status, 'running'), isNull(trendExecutionLogs.plannedAt)))
        .returning({ id: trendExecutionLogs.id });
      const ids = stale.map((row) => row.id);
      if (ids.length > 0) {
        await tx
          .delete(processedTrends)
          .where(
            and(
              inArray(processedTrends.executionLogId, ids),
              isNull(processedTrends.processedAt),
              sql`not exists (${unitUnderWay(sql.raw('"processed_trends"."id"'))})`,
            ),
          );
      }
      return ids.length;
    });
  }

  /**
   * The check has chosen its trends and queued their articles: the run records what the check
   * found, and completes at once when no article of it is under way (else its last unit completes it).
   */
  async planned(id: number, found: { trendsFound: number; errors: TrendRunErrorRecord[] }): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .update(trendExecutionLogs)
        .set({
          plannedAt: new Date(),
          trendsFound: found.trendsFound,
          errors: sql`${trendExecutionLogs.errors} || ${JSON.stringify(found.errors)}::jsonb`,
        })
        .where(eq(trendExecutionLogs.id, id));
      await this.completeIfDone(tx, id);
    });
  }

  /**
   * One of the run's articles ended (in the unit's finishing transaction): its figures and problems
   * go on the run, and the last one completes it. The row lock keeps two units from each thinking
   * the other is still under way.
   */
  async articleEnded(
    tx: Tx,
    id: number,
    change: {
      generated: boolean;
      published: boolean;
      error: TrendRunErrorRecord | null;
      halt: { provider?: boolean; siteId?: number } | null;
    },
  ): Promise<void> {
    const [run] = await tx
      .select({ halted: trendExecutionLogs.halted })
      .from(trendExecutionLogs)
      .where(eq(trendExecutionLogs.id, id))
      .for('update');
    if (!run) return;
    const halted = { ...run.halted };
    if (change.halt?.provider) halted.provider = true;
    if (change.halt?.siteId !== undefined) halted.sites = [...new Set([...(halted.sites ?? []), change.halt.siteId])];
    await tx
      .update(trendExecutionLogs)
      .set({
        articlesGenerated: sql`${trendExecutionLogs.articlesGenerated} + ${change.generated ? 1 : 0}`,
        articlesPublished: sql`${trendExecutionLogs.articlesPublished} + ${change.published ? 1 : 0}`,
        ...(change.error
          ? { errors: sql`${trendExecutionLogs.errors} || ${JSON.stringify([change.error])}::jsonb` }
          : {}),
        halted,
      })
      .where(eq(trendExecutionLogs.id, id));
    await this.completeIfDone(tx, id);
  }

  /**
   * Cancel (the run's page): a running run is halted for every article not yet written (each unit
   * asks at its start, and running ones are stopped by the pipeline's cancel check), with the reason
   * in its log; its last unit completes it as usual. False when the run is not running.
   */
  async cancel(id: number, message: string): Promise<boolean> {
    const rows = await this.db
      .update(trendExecutionLogs)
      .set({
        halted: sql`${trendExecutionLogs.halted} || '{"cancelled": true}'::jsonb`,
        errors: sql`${trendExecutionLogs.errors} || ${JSON.stringify([{ scope: 'run', target: 'trend check', kind: 'cancelled', message }])}::jsonb`,
      })
      .where(
        and(
          eq(trendExecutionLogs.id, id),
          eq(trendExecutionLogs.status, 'running'),
          sql`not (${trendExecutionLogs.halted} ? 'cancelled')`,
        ),
      )
      .returning({ id: trendExecutionLogs.id });
    return rows.length > 0;
  }

  /** Of these runs, the ones cancelled. */
  async cancelledAmong(ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .select({ id: trendExecutionLogs.id })
      .from(trendExecutionLogs)
      .where(and(inArray(trendExecutionLogs.id, [...ids]), sql`${trendExecutionLogs.halted} ? 'cancelled'`));
    return new Set(rows.map((row) => row.id));
  }

  /** What earlier articles of the run (or a Cancel) stopped for the rest of it. */
  async halted(id: number): Promise<{ provider?: boolean; sites?: number[]; cancelled?: boolean }> {
    const [run] = await this.db
      .select({ halted: trendExecutionLogs.halted })
      .from(trendExecutionLogs)
      .where(eq(trendExecutionLogs.id, id))
      .limit(1);
    return run?.halted ?? {};
  }

  private async completeIfDone(tx: Tx, id: number): Promise<void> {
    await tx
      .update(trendExecutionLogs)
      .set({
        status: 'completed',
        finishedAt: new Date(),
        executionTimeMs: sql`least(2147483647, greatest(1, (extract(epoch from now() - ${trendExecutionLogs.createdAt}) * 1000)::bigint))::int`,
      })
      .where(
        and(
          eq(trendExecutionLogs.id, id),
          eq(trendExecutionLogs.status, 'running'),
          isNotNull(trendExecutionLogs.plannedAt),
          sql`not exists (select 1 from ${processedTrends} where ${processedTrends.executionLogId} = ${id} and exists (${unitUnderWay(sql.raw('"processed_trends"."id"'))}))`,
        ),
      );
  }

  list(limit: number, offset: number): Promise<TrendRunRow[]> {
    return this.db
      .select()
      .from(trendExecutionLogs)
      .orderBy(desc(trendExecutionLogs.createdAt), desc(trendExecutionLogs.id))
      .limit(limit)
      .offset(offset);
  }

  async get(id: number): Promise<TrendRunRow | null> {
    const [row] = await this.db.select().from(trendExecutionLogs).where(eq(trendExecutionLogs.id, id)).limit(1);
    return row ?? null;
  }

  /** The trends a run matched to sites (its claims still held), with their articles, in claim order. */
  itemsOf(id: number): Promise<TrendRunItemRow[]> {
    return this.db
      .select({
        id: processedTrends.id,
        title: processedTrends.title,
        siteId: processedTrends.siteId,
        siteName: processedTrends.siteName,
        url: processedTrends.url,
        processedAt: processedTrends.processedAt,
        articleId: processedTrends.articleId,
        articleTitle: articles.title,
        articleStatus: articles.status,
        postUrl: articles.wordpressPermalink,
      })
      .from(processedTrends)
      .leftJoin(articles, eq(articles.id, processedTrends.articleId))
      .where(eq(processedTrends.executionLogId, id))
      .orderBy(processedTrends.id);
  }

  async lastStarted(): Promise<Date | null> {
    const [row] = await this.db
      .select({ createdAt: trendExecutionLogs.createdAt })
      .from(trendExecutionLogs)
      .orderBy(desc(trendExecutionLogs.createdAt))
      .limit(1);
    return row?.createdAt ?? null;
  }

  async lastFinished(): Promise<TrendRunRow | null> {
    const [row] = await this.db
      .select()
      .from(trendExecutionLogs)
      .where(ne(trendExecutionLogs.status, 'running'))
      .orderBy(desc(trendExecutionLogs.createdAt), desc(trendExecutionLogs.id))
      .limit(1);
    return row ?? null;
  }

  async countRunning(): Promise<number> {
    const [row] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(trendExecutionLogs)
      .where(eq(trendExecutionLogs.status, 'running'));
    return Number(row?.count ?? 0);
  }

  /** Trends that produced an article (claims still being written are not counted). */
  async countProcessed(): Promise<number> {
    const [row] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(processedTrends)
      .where(isNotNull(processedTrends.processedAt));
    return Number(row?.count ?? 0);
  }

  /**
   * Articles created in the last `days` days — all of them, as the Dashboard's "Recent Articles"
   * counts them (issue #17 item 18: one figure means one thing) — and of those the ones trends made.
   */
  async countRecentArticles(days: number): Promise<{ all: number; fromTrends: number }> {
    const [row] = await this.db
      .select({
        all: sql<number>`count(*)::int`,
        fromTrends: sql<number>`(count(*) filter (where ${articles.origin} = 'trend'))::int`,
      })
      .from(articles)
      .where(gte(articles.createdAt, sql`now() - ${days} * interval '1 day'`));
    return { all: Number(row?.all ?? 0), fromTrends: Number(row?.fromTrends ?? 0) };
  }

  listProcessed(limit: number, offset: number): Promise<ProcessedTrendRow[]> {
    return this.db
      .select()
      .from(processedTrends)
      .where(isNotNull(processedTrends.processedAt))
      .orderBy(desc(processedTrends.processedAt), desc(processedTrends.id))
      .limit(limit)
      .offset(offset);
  }
}
