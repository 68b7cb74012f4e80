import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import { articleProductions, articles } from '../../db/schema/index.js';
import type { ProductionResult, ProductionUnit } from './production-unit.js';

export type ProductionRow = typeof articleProductions.$inferSelect;

/**
 * The units of the article pipeline. Every change after the unit was created is fenced by the
 * queue entry that owns it (`queue_job_id`): only that entry's runs move it on, so a duplicated
 * entry changes nothing and a retry of the owning entry (pg-boss' own, after a worker died) carries on.
 */
export class ProductionsRepository {
  constructor(private readonly db: Database) {}

  /**
   * In the producer's transaction, beside its own row: a unit and its queue entry commit together.
   * A finished unit under the same key starts again from the new brief (the producer's "Retry");
   * false when one under the key is still queued or running (it keeps its entry).
   */
  async insert(tx: Tx, unit: ProductionUnit, queueJobId: string): Promise<boolean> {
    const origin = unit.brief.origin;
    const rows = await tx
      .insert(articleProductions)
      .values({ originKey: unit.originKey, origin, brief: unit.brief, policy: unit.policy, context: unit.context ?? {}, queueJobId })
      .onConflictDoUpdate({
        target: articleProductions.originKey,
        set: { brief: unit.brief, policy: unit.policy, context: unit.context ?? {}, queueJobId, state: 'queued', articleId: null, attempts: 0, result: null, error: null, updatedAt: new Date(), finishedAt: null },
        setWhere: eq(articleProductions.state, 'finished'),
      })
      .returning({ key: articleProductions.originKey });
    return rows.length === 1;
  }

  /** Takes the unit for a run of its owning entry; null for any other entry, or when it is finished. */
  async claim(originKey: string, queueJobId: string): Promise<ProductionRow | null> {
    const [row] = await this.db
      .update(articleProductions)
      .set({ state: 'running', attempts: sql`${articleProductions.attempts} + 1`, updatedAt: new Date() })
      .where(and(eq(articleProductions.originKey, originKey), eq(articleProductions.queueJobId, queueJobId), ne(articleProductions.state, 'finished')))
      .returning();
    return row ?? null;
  }

  /** The stored article, recorded before it is published (so a retry publishes it instead of writing another). */
  async recordArticle(originKey: string, queueJobId: string, articleId: number): Promise<boolean> {
    const rows = await this.db
      .update(articleProductions)
      .set({ articleId, updatedAt: new Date() })
      .where(and(eq(articleProductions.originKey, originKey), eq(articleProductions.queueJobId, queueJobId), eq(articleProductions.state, 'running')))
      .returning({ key: articleProductions.originKey });
    return rows.length === 1;
  }

  /** Hands the unit to a new entry that runs later (a wait, or another try); false when the run no longer owns it. */
  async handOver(tx: Tx, originKey: string, queueJobId: string, nextQueueJobId: string): Promise<boolean> {
    const rows = await tx
      .update(articleProductions)
      .set({ state: 'queued', queueJobId: nextQueueJobId, updatedAt: new Date() })
      .where(and(eq(articleProductions.originKey, originKey), eq(articleProductions.queueJobId, queueJobId), ne(articleProductions.state, 'finished')))
      .returning({ key: articleProductions.originKey });
    return rows.length === 1;
  }

  async finish(tx: Tx, originKey: string, queueJobId: string, end: ProductionResult): Promise<boolean> {
    const rows = await tx
      .update(articleProductions)
      .set({
        state: 'finished',
        result: end.result,
        error: end.result === 'failed' ? end.error : end.result === 'skipped' ? end.reason : null,
        ...(end.articleId !== null ? { articleId: end.articleId } : {}),
        updatedAt: new Date(),
        finishedAt: new Date(),
      })
      .where(and(eq(articleProductions.originKey, originKey), eq(articleProductions.queueJobId, queueJobId), ne(articleProductions.state, 'finished')))
      .returning({ key: articleProductions.originKey });
    return rows.length === 1;
  }

  /** Units a migration carried over from the old per-producer machinery: they get their queue entry at start. */
  async unqueued(limit: number): Promise<string[]> {
    const rows = await this.db
      .select({ key: articleProductions.originKey })
      .from(articleProductions)
      .where(and(isNull(articleProductions.queueJobId), ne(articleProductions.state, 'finished')))
      .orderBy(asc(articleProductions.createdAt))
      .limit(limit);
    return rows.map((row) => row.key);
  }

  async assignQueueJob(tx: Tx, originKey: string, queueJobId: string): Promise<boolean> {
    const rows = await tx
      .update(articleProductions)
      .set({ queueJobId })
      .where(and(eq(articleProductions.originKey, originKey), isNull(articleProductions.queueJobId)))
      .returning({ key: articleProductions.originKey });
    return rows.length === 1;
  }

  async find(originKey: string): Promise<ProductionRow | null> {
    const [row] = await this.db.select().from(articleProductions).where(eq(articleProductions.originKey, originKey)).limit(1);
    return row ?? null;
  }

  /** The status of the unit's recorded article (null: deleted since). */
  async articleStatus(articleId: number): Promise<string | null> {
    const [row] = await this.db.select({ status: articles.status }).from(articles).where(eq(articles.id, articleId)).limit(1);
    return row?.status ?? null;
  }

  /** Drops the failed article of an attempt that will be tried again (the next attempt stores its own). */
  async deleteFailedArticle(articleId: number): Promise<void> {
    await this.db.delete(articles).where(and(eq(articles.id, articleId), eq(articles.status, 'failed')));
  }

  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }
}
