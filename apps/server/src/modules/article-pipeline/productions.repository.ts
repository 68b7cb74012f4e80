import { hostname } from 'node:os';
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import { articleProductions, articles } from '../../db/schema/index.js';
import type { ProductionResult, ProductionUnit, StoredBrief, StoredPublishPolicy } from './production-unit.js';

/** A unit as stored, its brief and policy typed as the pipeline wrote them. */
export type ProductionRow = Omit<typeof articleProductions.$inferSelect, 'brief' | 'policy'> & {
  brief: StoredBrief;
  policy: StoredPublishPolicy;
};

/**
 * The units of the article pipeline. Every change after the unit was created is fenced by the
 * queue entry that owns it (`queue_job_id`): only that entry's runs move it on, so a duplicated
 * entry changes nothing and a retry of the owning entry (pg-boss' own, after a worker died) carries on.
 */
export class ProductionsRepository {
  constructor(
    private readonly db: Database,
    /** Names this process on the units it runs (run_by). */
    private readonly runner: string = `${hostname()}:${process.pid}`,
  ) {}

  /**
   * In the producer's transaction, beside its own row: a unit and its queue entry commit together.
   * A finished unit under the same key starts again from the new brief (the producer's "Retry");
   * false when one under the key is still queued or running (it keeps its entry).
   */
  async insert(tx: Tx, unit: ProductionUnit, queueJobId: string): Promise<boolean> {
    return (await this.insertMany(tx, [{ unit, queueJobId }])).length === 1;
  }

  /** As insert, for many units in one statement; returns the keys that were queued. */
  async insertMany(tx: Tx, entries: readonly { unit: ProductionUnit; queueJobId: string }[]): Promise<string[]> {
    if (entries.length === 0) return [];
    const rows = await tx
      .insert(articleProductions)
      .values(
        entries.map(({ unit, queueJobId }) => ({
          originKey: unit.originKey,
          origin: unit.brief.origin,
          brief: unit.brief,
          policy: unit.policy,
          context: unit.context ?? {},
          articleId: unit.articleId ?? null,
          queueJobId,
        })),
      )
      .onConflictDoUpdate({
        target: articleProductions.originKey,
        // A finished unit starts again from the new row's brief (the producer's Retry).
        set: {
          brief: sql`excluded.brief`,
          policy: sql`excluded.policy`,
          context: sql`excluded.context`,
          queueJobId: sql`excluded.queue_job_id`,
          articleId: sql`excluded.article_id`,
          state: 'queued',
          attempts: 0,
          failures: 0,
          result: null,
          error: null,
          updatedAt: new Date(),
          finishedAt: null,
        },
        setWhere: eq(articleProductions.state, 'finished'),
      })
      .returning({ key: articleProductions.originKey });
    return rows.map((row) => row.key);
  }

  /** Finishes the units that are waiting for their entry (not running) as cancelled; returns those entries' ids. */
  async withdrawQueued(tx: Tx, originKeys: readonly string[]): Promise<string[]> {
    const rows = await tx
      .update(articleProductions)
      .set({ state: 'finished', result: 'cancelled', updatedAt: new Date(), finishedAt: new Date() })
      .where(and(inArray(articleProductions.originKey, [...originKeys]), eq(articleProductions.state, 'queued')))
      .returning({ queueJobId: articleProductions.queueJobId });
    return rows.flatMap((row) => (row.queueJobId ? [row.queueJobId] : []));
  }

  /** Ends units whatever their state, in the producer's transaction (Clear Stuck Jobs); returns their entries' ids. */
  async abandon(tx: Tx, originKeys: readonly string[], reason: string): Promise<string[]> {
    if (originKeys.length === 0) return [];
    const rows = await tx
      .update(articleProductions)
      .set({ state: 'finished', result: 'failed', error: reason, updatedAt: new Date(), finishedAt: new Date() })
      .where(and(inArray(articleProductions.originKey, [...originKeys]), ne(articleProductions.state, 'finished')))
      .returning({ queueJobId: articleProductions.queueJobId });
    return rows.flatMap((row) => (row.queueJobId ? [row.queueJobId] : []));
  }

  /**
   * Takes the unit for a run of its owning entry; null for any other entry, or when it is finished.
   * A unit still marked running under this entry was cut off (pg-boss delivers the entry again after
   * its worker died or its process stopped): that run counts as a failure.
   */
  async claim(originKey: string, queueJobId: string): Promise<ProductionRow | null> {
    const [row] = await this.db
      .update(articleProductions)
      .set({
        state: 'running',
        attempts: sql`${articleProductions.attempts} + 1`,
        // SET reads the row as it was: running means the previous run of this entry never ended.
        failures: sql`${articleProductions.failures} + case when ${articleProductions.state} = 'running' then 1 else 0 end`,
        runBy: this.runner,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(articleProductions.originKey, originKey),
          eq(articleProductions.queueJobId, queueJobId),
          ne(articleProductions.state, 'finished'),
        ),
      )
      .returning();
    return (row as ProductionRow | undefined) ?? null;
  }

  /** The stored article, recorded before it is published (so a retry publishes it instead of writing another). */
  async recordArticle(originKey: string, queueJobId: string, articleId: number): Promise<boolean> {
    const rows = await this.db
      .update(articleProductions)
      .set({ articleId, updatedAt: new Date() })
      .where(
        and(
          eq(articleProductions.originKey, originKey),
          eq(articleProductions.queueJobId, queueJobId),
          eq(articleProductions.state, 'running'),
        ),
      )
      .returning({ key: articleProductions.originKey });
    return rows.length === 1;
  }

  /**
   * Hands the unit to a new entry that runs later (a wait, or another try); false when the run no
   * longer owns it. `failed`: the run that ends here failed (or was cut off), which counts.
   */
  async handOver(
    tx: Tx,
    originKey: string,
    queueJobId: string,
    nextQueueJobId: string,
    failed = false,
  ): Promise<boolean> {
    const rows = await tx
      .update(articleProductions)
      .set({
        state: 'queued',
        queueJobId: nextQueueJobId,
        ...(failed ? { failures: sql`${articleProductions.failures} + 1` } : {}),
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(articleProductions.originKey, originKey),
          eq(articleProductions.queueJobId, queueJobId),
          ne(articleProductions.state, 'finished'),
        ),
      )
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
      .where(
        and(
          eq(articleProductions.originKey, originKey),
          eq(articleProductions.queueJobId, queueJobId),
          ne(articleProductions.state, 'finished'),
        ),
      )
      .returning({ key: articleProductions.originKey });
    return rows.length === 1;
  }

  /** A new number for a unit that has no producer row to be named after (`manual:<n>`). */
  async nextRequestNumber(): Promise<number> {
    const result = await this.db.execute(sql`select nextval('production_request_seq')::int as n`);
    return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
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

  /** Units a run was working on (state running), with the entry that owns each. */
  async running(limit: number): Promise<{ originKey: string; queueJobId: string | null }[]> {
    return this.db
      .select({ originKey: articleProductions.originKey, queueJobId: articleProductions.queueJobId })
      .from(articleProductions)
      .where(eq(articleProductions.state, 'running'))
      .orderBy(asc(articleProductions.createdAt))
      .limit(limit);
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
    const [row] = await this.db
      .select()
      .from(articleProductions)
      .where(eq(articleProductions.originKey, originKey))
      .limit(1);
    return (row as ProductionRow | undefined) ?? null;
  }

  /** The status of the unit's recorded article (null: deleted since). */
  async articleStatus(articleId: number): Promise<string | null> {
    const [row] = await this.db
      .select({ status: articles.status })
      .from(articles)
      .where(eq(articles.id, articleId))
      .limit(1);
    return row?.status ?? null;
  }

  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }
}
