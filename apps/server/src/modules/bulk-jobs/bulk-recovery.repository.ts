import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { bulkJobItems, bulkJobs } from '../../db/schema/index.js';
import { releaseDeadPublishLeases } from '../publishing/publish-leases.js';
import type { BulkItemQueue, Tx } from './bulk-item-queue.js';

const ACTIVE = ['queued', 'processing'] as const;

/** Queries that give the items of dead runs back to the queue, and settle jobs left half-cancelled. */
export class BulkRecoveryRepository {
  constructor(
    private readonly db: Database,
    private readonly queue: BulkItemQueue,
    /** BulkItemsRepository.finaliseIfDone: the job's final status once none of its items is open. */
    private readonly finalise: (tx: Tx, jobId: string) => Promise<void>,
  ) {}

  /**
   * A safety net behind the runs: items left pending in a job being cancelled (a race with a
   * recovery) are cancelled, and every active job with no open item left gets its final status.
   */
  async settleJobs(): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .update(bulkJobItems)
        .set({ status: 'cancelled', finishedAt: sql`now()` })
        .where(
          and(
            eq(bulkJobItems.status, 'pending'),
            sql`exists (select 1 from bulk_jobs j where j.id = ${bulkJobItems.jobId} and j.cancel_requested_at is not null and j.status in ('queued', 'processing'))`,
          ),
        );
      const done = await tx
        .select({ id: bulkJobs.id })
        .from(bulkJobs)
        .where(and(inArray(bulkJobs.status, ACTIVE), sql`not exists (select 1 from bulk_job_items i where i.job_id = ${bulkJobs.id} and i.status in ('pending', 'running'))`));
      for (const job of done) await this.finalise(tx, job.id);
    });
  }

  /**
   * Runs whose process died: items still 'running' after their lease lapsed (or, with `all`, every
   * running item not claimed by this process — right for the embedded database, which only one
   * process can open) go back to
   * pending with a fresh queue entry. The articles they were publishing get their publish lease
   * back, since the publish that held it died with the process.
   */
  async recoverAbandoned(all: boolean, ownTokenPrefix: string): Promise<number> {
    await this.queue.prepare();
    const recovered = await this.db.transaction(async (tx) => {
      const abandoned = all ? sql`${bulkJobItems.claimedBy} not like ${`${ownTokenPrefix}:%`}` : lt(bulkJobItems.claimExpiresAt, sql`now()`);
      const stopped = sql`exists (select 1 from bulk_jobs j where j.id = ${bulkJobItems.jobId} and (j.cancel_requested_at is not null or j.status not in ('queued', 'processing')))`;
      const released = await tx
        .update(bulkJobItems)
        .set({ status: sql`case when ${stopped} then 'cancelled' else 'pending' end`, claimedBy: null, claimExpiresAt: null })
        .where(and(eq(bulkJobItems.status, 'running'), abandoned))
        .returning({ id: bulkJobItems.id, jobId: bulkJobItems.jobId, articleId: bulkJobItems.articleId, status: bulkJobItems.status });
      for (const jobId of new Set(released.filter((item) => item.status === 'cancelled').map((item) => item.jobId))) await this.finalise(tx, jobId);
      const items = released.filter((item) => item.status === 'pending');
      if (all) await this.requeueStranded(tx, items.map((item) => item.id));
      if (items.length === 0) return 0;
      const queueIds = await this.queue.add(tx, items.map((item) => ({ jobId: item.jobId, itemId: item.id })));
      for (const [index, item] of items.entries()) {
        await tx.update(bulkJobItems).set({ queueJobId: queueIds[index] }).where(eq(bulkJobItems.id, item.id));
      }
      const articleIds = items.flatMap((item) => (item.articleId === null ? [] : [item.articleId]));
      if (all) await releaseDeadPublishLeases(tx, articleIds);
      return items.length;
    });
    if (recovered > 0 || all) this.queue.wakeLocalWorkers();
    return recovered;
  }

  /**
   * At an embedded start, a pending item's entry may have been taken by the dead process just
   * before it claimed the item; pg-boss would give it back only when it expires. A second entry
   * costs nothing (the claim lets one run through), so every pending item of an active job gets one.
   */
  private async requeueStranded(tx: Tx, skip: readonly number[]): Promise<void> {
    const pending = await tx
      .select({ id: bulkJobItems.id, jobId: bulkJobItems.jobId, notBefore: bulkJobItems.notBefore })
      .from(bulkJobItems)
      .innerJoin(bulkJobs, eq(bulkJobs.id, bulkJobItems.jobId))
      .where(and(eq(bulkJobItems.status, 'pending'), inArray(bulkJobs.status, ACTIVE), isNull(bulkJobs.cancelRequestedAt)));
    const entries = pending.filter((item) => !skip.includes(item.id)).map((item) => ({ jobId: item.jobId, itemId: item.id, ...(item.notBefore ? { startAfter: item.notBefore } : {}) }));
    await this.queue.add(tx, entries);
  }
}
