import type { PublishItemResult } from '@abp/contracts';
import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { isUniqueViolation } from '../../../db/pg-errors.js';
import { seoPublishRuns } from '../../../db/schema/index.js';
import type { JobQueue } from '../../../jobs/queue.js';

export type SeoPublishRunRow = typeof seoPublishRuns.$inferSelect;
export type NewSeoPublishRun = Pick<
  typeof seoPublishRuns.$inferInsert,
  'projectId' | 'kind' | 'targetStatus' | 'itemIds' | 'updateExistingIds'
>;

const ACTIVE = ['queued', 'running'] as const;
const STALE_ERROR =
  'Publishing stopped: the worker carrying it out stopped answering. Publish again to push the items that are left.';

export class PublishRunsRepository {
  constructor(
    private readonly db: Database,
    private readonly queue: JobQueue,
  ) {}

  get(id: number): Promise<SeoPublishRunRow | undefined> {
    return this.db.query.seoPublishRuns.findFirst({ where: eq(seoPublishRuns.id, id) });
  }

  active(projectId: number, kind: SeoPublishRunRow['kind']): Promise<SeoPublishRunRow | undefined> {
    return this.db.query.seoPublishRuns.findFirst({
      where: and(
        eq(seoPublishRuns.projectId, projectId),
        eq(seoPublishRuns.kind, kind),
        inArray(seoPublishRuns.state, [...ACTIVE]),
      ),
    });
  }

  /** The project's latest runs, newest first (the wizard picks up a run still going after a reload). */
  latest(projectId: number, limit = 10): Promise<SeoPublishRunRow[]> {
    return this.db
      .select()
      .from(seoPublishRuns)
      .where(eq(seoPublishRuns.projectId, projectId))
      .orderBy(desc(seoPublishRuns.id))
      .limit(limit);
  }

  /**
   * Stores the run and its job entry in one transaction: a run never exists without the job that
   * will carry it out. Null when another unfinished run of the same kind got there first.
   */
  async insertQueued(run: NewSeoPublishRun): Promise<SeoPublishRunRow | null> {
    await this.queue.prepareForTx('seoPublish');
    try {
      return await this.db.transaction(async (tx) => {
        const [row] = await tx.insert(seoPublishRuns).values(run).returning();
        await this.queue.sendInTx(tx, 'seoPublish', [{ data: { runId: row!.id } }]);
        return row!;
      });
    } catch (error) {
      if (isUniqueViolation(error)) return null;
      throw error;
    }
  }

  /**
   * A run still "running" long after every attempt of its job must have ended (a worker killed on
   * each attempt) is marked failed, so it neither blocks the next publish nor keeps the wizard waiting.
   */
  async failStale(projectId: number): Promise<void> {
    await this.db
      .update(seoPublishRuns)
      .set({ state: 'failed', error: STALE_ERROR, finishedAt: new Date() })
      .where(
        and(
          eq(seoPublishRuns.projectId, projectId),
          eq(seoPublishRuns.state, 'running'),
          lt(seoPublishRuns.startedAt, sql`now() - interval '3 hours'`),
        ),
      );
  }

  /**
   * queued → running under this worker's lease (a resumed run stays running). 'busy' when another
   * worker holds a live lease on it; null when the run is over or gone.
   */
  async start(id: number, token: string, leaseMs: number): Promise<SeoPublishRunRow | 'busy' | null> {
    const [row] = await this.db
      .update(seoPublishRuns)
      .set({
        state: 'running',
        startedAt: sql`coalesce(${seoPublishRuns.startedAt}, now())`,
        lockToken: token,
        lockExpiresAt: sql`now() + ${leaseMs} * interval '1 millisecond'`,
      })
      .where(
        and(
          eq(seoPublishRuns.id, id),
          inArray(seoPublishRuns.state, [...ACTIVE]),
          or(isNull(seoPublishRuns.lockToken), lt(seoPublishRuns.lockExpiresAt, sql`now()`)),
        ),
      )
      .returning();
    if (row) return row;
    const current = await this.get(id);
    return current && (ACTIVE as readonly string[]).includes(current.state) ? 'busy' : null;
  }

  /** False when the run is no longer this worker's: cancelled (its lease was dropped) or taken over. */
  async renewLease(id: number, token: string, leaseMs: number): Promise<boolean> {
    const held = await this.db
      .update(seoPublishRuns)
      .set({ lockExpiresAt: sql`now() + ${leaseMs} * interval '1 millisecond'` })
      .where(and(eq(seoPublishRuns.id, id), eq(seoPublishRuns.lockToken, token)))
      .returning({ id: seoPublishRuns.id });
    return held.length > 0;
  }

  /**
   * Cancel: an unfinished run ends 'failed' with the reason, and its lease is dropped so the worker
   * carrying it out stops after the item it is pushing (RunProgress.record). False when already over.
   */
  async cancel(id: number, reason: string): Promise<boolean> {
    const rows = await this.db
      .update(seoPublishRuns)
      .set({ state: 'failed', error: reason, finishedAt: new Date(), lockToken: null, lockExpiresAt: null })
      .where(and(eq(seoPublishRuns.id, id), inArray(seoPublishRuns.state, [...ACTIVE])))
      .returning({ id: seoPublishRuns.id });
    return rows.length > 0;
  }

  /** Lets the queue's next attempt take the run at once (this worker gives it up). */
  async releaseLease(id: number, token: string): Promise<void> {
    await this.db
      .update(seoPublishRuns)
      .set({ lockToken: null, lockExpiresAt: null })
      .where(and(eq(seoPublishRuns.id, id), eq(seoPublishRuns.lockToken, token)));
  }

  /** Adds one item's result, replacing an earlier one of the same item (a second push after the links changed). */
  async recordResult(id: number, result: PublishItemResult): Promise<void> {
    await this.db
      .update(seoPublishRuns)
      .set({
        results: sql`(select coalesce(jsonb_agg(r), '[]'::jsonb) from jsonb_array_elements(${seoPublishRuns.results}) r where (r->>'id')::int <> ${result.id}) || ${JSON.stringify([result])}::jsonb`,
      })
      .where(eq(seoPublishRuns.id, id));
  }

  async addWarning(id: number, warning: string): Promise<void> {
    await this.db
      .update(seoPublishRuns)
      .set({
        warnings: sql`case when ${seoPublishRuns.warnings} @> ${JSON.stringify([warning])}::jsonb then ${seoPublishRuns.warnings} else ${seoPublishRuns.warnings} || ${JSON.stringify([warning])}::jsonb end`,
      })
      .where(eq(seoPublishRuns.id, id));
  }

  /** Ends the run this worker holds (a run cancelled meanwhile keeps its cancellation). */
  async finish(id: number, token: string, state: 'done' | 'failed', error: string | null = null): Promise<void> {
    await this.db
      .update(seoPublishRuns)
      .set({ state, error, finishedAt: new Date(), lockToken: null, lockExpiresAt: null })
      .where(and(eq(seoPublishRuns.id, id), eq(seoPublishRuns.lockToken, token)));
  }
}
