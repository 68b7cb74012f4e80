import { and, desc, eq, gte, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { articles, processedTrends, trendExecutionLogs, type TrendRunErrorRecord } from '../../db/schema/index.js';

export type TrendRunRow = typeof trendExecutionLogs.$inferSelect;
export type ProcessedTrendRow = typeof processedTrends.$inferSelect;

export interface FinishedRun {
  status: 'completed' | 'failed';
  trendsFound: number;
  articlesGenerated: number;
  articlesPublished: number;
  executionTimeMs: number;
  errors: TrendRunErrorRecord[];
}

/** Execution logs and the figures of the trend monitor screen. */
export class TrendRunsRepository {
  constructor(private readonly db: Database) {}

  async start(trigger: 'manual' | 'schedule', jobId: string | null): Promise<TrendRunRow> {
    const [row] = await this.db.insert(trendExecutionLogs).values({ trigger, jobId, status: 'running' }).returning();
    return row!;
  }

  async finish(id: number, run: FinishedRun): Promise<void> {
    await this.db
      .update(trendExecutionLogs)
      .set({ ...run, finishedAt: new Date() })
      .where(eq(trendExecutionLogs.id, id));
  }

  /**
   * Runs left 'running' by a worker that died: marked failed, and the trends they had claimed but
   * not written are released so they can be picked again. Only called while no other check can
   * run (the check job's queue lets one job be active at a time).
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
        .where(eq(trendExecutionLogs.status, 'running'))
        .returning({ id: trendExecutionLogs.id });
      const ids = stale.map((row) => row.id);
      if (ids.length > 0) {
        await tx.delete(processedTrends).where(and(inArray(processedTrends.executionLogId, ids), isNull(processedTrends.processedAt)));
      }
      return ids.length;
    });
  }

  list(limit: number, offset: number): Promise<TrendRunRow[]> {
    return this.db.select().from(trendExecutionLogs).orderBy(desc(trendExecutionLogs.createdAt), desc(trendExecutionLogs.id)).limit(limit).offset(offset);
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
    const [row] = await this.db.select({ count: sql<number>`count(*)::int` }).from(trendExecutionLogs).where(eq(trendExecutionLogs.status, 'running'));
    return Number(row?.count ?? 0);
  }

  /** Trends that produced an article (claims still being written are not counted). */
  async countProcessed(): Promise<number> {
    const [row] = await this.db.select({ count: sql<number>`count(*)::int` }).from(processedTrends).where(isNotNull(processedTrends.processedAt));
    return Number(row?.count ?? 0);
  }

  async countTrendArticlesSince(days: number): Promise<number> {
    const [row] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(articles)
      .where(and(eq(articles.origin, 'trend'), gte(articles.createdAt, sql`now() - ${days} * interval '1 day'`)));
    return Number(row?.count ?? 0);
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
