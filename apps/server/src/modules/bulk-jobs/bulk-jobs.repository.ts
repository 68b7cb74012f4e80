import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { bulkJobItems, bulkJobs, type BulkJobOptionsRow } from '../../db/schema/index.js';
import type { BulkItemQueue, Tx } from './bulk-item-queue.js';
import { stuckJob } from './bulk-stuck-rule.js';

export type BulkJobRow = typeof bulkJobs.$inferSelect;
export type BulkItemRow = typeof bulkJobItems.$inferSelect;

export interface NewBulkJob {
  id: string;
  siteId: number;
  taskType: string;
  options: BulkJobOptionsRow;
  items: { originalItem: string; topic: string }[];
}

export interface ItemTiming {
  meanItemSeconds: number | null;
  runningItems: number;
}

const ACTIVE = ['queued', 'processing'] as const;
const OPEN_ITEMS = ['pending', 'running'] as const;

/** Job-level queries: creating, reading, cancelling, retrying and clearing bulk jobs. */
export class BulkJobsRepository {
  constructor(
    private readonly db: Database,
    private readonly queue: BulkItemQueue,
  ) {}

  /** The job, its items and one queue entry per item, all or nothing. */
  async create(job: NewBulkJob): Promise<void> {
    await this.queue.prepare();
    await this.db.transaction(async (tx) => {
      await tx.insert(bulkJobs).values({ id: job.id, siteId: job.siteId, taskType: job.taskType, options: job.options, total: job.items.length });
      // Chunked: 1,000 items × 6 columns stays far below the 65,535 bind parameters of one statement.
      for (let start = 0; start < job.items.length; start += 500) {
        const chunk = job.items.slice(start, start + 500);
        const rows = await tx
          .insert(bulkJobItems)
          .values(chunk.map((item, index) => ({ jobId: job.id, position: start + index, ...item })))
          .returning({ id: bulkJobItems.id });
        await this.attachQueueEntries(tx, job.id, rows.map((row) => row.id));
      }
    });
    this.queue.wakeLocalWorkers();
  }

  async find(id: string): Promise<BulkJobRow | null> {
    const [row] = await this.db.select().from(bulkJobs).where(eq(bulkJobs.id, id)).limit(1);
    return row ?? null;
  }

  /**
   * What the estimate is made of: the mean seconds an item took from its (last) start to its end,
   * over the finished items, and how many of the job's items are running now, in every process.
   */
  async itemTiming(jobId: string): Promise<ItemTiming> {
    const finished = sql`${bulkJobItems.status} in ('succeeded', 'failed') and ${bulkJobItems.startedAt} is not null`;
    const [row] = await this.db
      .select({
        mean: sql<string | null>`avg(extract(epoch from (${bulkJobItems.finishedAt} - ${bulkJobItems.startedAt}))) filter (where ${finished})`,
        running: sql<string | number>`count(*) filter (where ${bulkJobItems.status} = 'running')`,
      })
      .from(bulkJobItems)
      .where(eq(bulkJobItems.jobId, jobId));
    const mean = row?.mean ?? null;
    return { meanItemSeconds: mean === null ? null : Number(mean), runningItems: Number(row?.running ?? 0) };
  }

  async finishedItems(jobId: string): Promise<BulkItemRow[]> {
    return this.db
      .select()
      .from(bulkJobItems)
      .where(and(eq(bulkJobItems.jobId, jobId), inArray(bulkJobItems.status, ['succeeded', 'failed'])))
      .orderBy(asc(bulkJobItems.position));
  }

  /**
   * Stops the job: no item starts any more (pending items are cancelled with their queue entries);
   * running items are left to their runs, which see the request and abort. The job turns
   * 'cancelled' now if nothing runs, else when its last running item has stopped. Returns false
   * when the job was no longer active.
   */
  async cancel(jobId: string, finalise: (tx: Tx, jobId: string) => Promise<void>): Promise<boolean> {
    await this.queue.prepare();
    return this.db.transaction(async (tx) => {
      const [job] = await tx
        .update(bulkJobs)
        .set({ cancelRequestedAt: sql`coalesce(${bulkJobs.cancelRequestedAt}, now())`, stage: 'Cancelling' })
        .where(and(eq(bulkJobs.id, jobId), inArray(bulkJobs.status, ACTIVE)))
        .returning({ id: bulkJobs.id });
      if (!job) return false;
      const pending = await tx
        .update(bulkJobItems)
        .set({ status: 'cancelled', finishedAt: sql`now()` })
        .where(and(eq(bulkJobItems.jobId, jobId), eq(bulkJobItems.status, 'pending')))
        .returning({ queueJobId: bulkJobItems.queueJobId });
      await this.queue.remove(tx, pending.flatMap((item) => (item.queueJobId ? [item.queueJobId] : [])));
      await finalise(tx, jobId);
      return true;
    });
  }

  /** Failed items back to pending (counters taken back), the job queued again. Returns how many. */
  async retryFailed(jobId: string): Promise<number> {
    await this.queue.prepare();
    const retried = await this.db.transaction(async (tx) => {
      const items = await tx
        .update(bulkJobItems)
        .set({
          status: 'pending',
          error: null,
          finishedAt: null,
          runs: 0,
          notBefore: null,
          // A failed generation is generated again; an article that only failed to publish is published again.
          articleId: sql`case when exists (select 1 from articles a where a.id = ${bulkJobItems.articleId} and a.status = 'failed') then null else ${bulkJobItems.articleId} end`,
        })
        .where(and(eq(bulkJobItems.jobId, jobId), eq(bulkJobItems.status, 'failed')))
        .returning({ id: bulkJobItems.id });
      if (items.length === 0) return 0;
      await tx
        .update(bulkJobs)
        .set({
          status: 'queued',
          stage: 'Retrying failed items',
          error: null,
          finishedAt: null,
          cancelRequestedAt: null,
          processed: sql`${bulkJobs.processed} - ${items.length}`,
          failed: sql`${bulkJobs.failed} - ${items.length}`,
          lastProgressAt: sql`now()`,
        })
        .where(eq(bulkJobs.id, jobId));
      await this.attachQueueEntries(tx, jobId, items.map((item) => item.id));
      return items.length;
    });
    if (retried > 0) this.queue.wakeLocalWorkers();
    return retried;
  }

  /** The active jobs that are stuck (see `stuckJob`): what Clear Stuck Jobs clears. */
  async findStuck(cutoffMinutes: number): Promise<string[]> {
    const rows = await this.db.select({ id: bulkJobs.id }).from(bulkJobs).where(stuckJob(cutoffMinutes));
    return rows.map((row) => row.id);
  }

  /**
   * Fails a stuck job: its open items become failed (so Retry Failed can take them up again), the
   * counters stay exact, and the queue entries go. Checked again inside the transaction, so a job
   * that moved meanwhile is left alone.
   */
  async clearStuck(jobId: string, cutoffMinutes: number, reason: string): Promise<boolean> {
    await this.queue.prepare();
    return this.db.transaction(async (tx) => {
      const [job] = await tx
        .select({ id: bulkJobs.id })
        .from(bulkJobs)
        .where(and(eq(bulkJobs.id, jobId), stuckJob(cutoffMinutes)))
        .for('update');
      if (!job) return false;
      const items = await tx
        .update(bulkJobItems)
        .set({ status: 'failed', error: reason, finishedAt: sql`now()`, claimedBy: null, claimExpiresAt: null })
        .where(and(eq(bulkJobItems.jobId, jobId), inArray(bulkJobItems.status, OPEN_ITEMS)))
        .returning({ queueJobId: bulkJobItems.queueJobId });
      await tx
        .update(bulkJobs)
        .set({
          status: 'failed',
          stage: 'Cleared as stuck',
          error: reason,
          finishedAt: sql`now()`,
          processed: sql`${bulkJobs.processed} + ${items.length}`,
          failed: sql`${bulkJobs.failed} + ${items.length}`,
        })
        .where(eq(bulkJobs.id, jobId));
      await this.queue.remove(tx, items.flatMap((item) => (item.queueJobId ? [item.queueJobId] : [])));
      return true;
    });
  }

  private async attachQueueEntries(tx: Tx, jobId: string, itemIds: number[]): Promise<void> {
    const queueIds = await this.queue.add(tx, itemIds.map((itemId) => ({ jobId, itemId })));
    if (itemIds.length === 0) return;
    // One statement for the whole chunk: item id → its queue entry's id.
    const pairs = sql.join(itemIds.map((itemId, index) => sql`(${itemId}::int, ${queueIds[index]}::text)`), sql`, `);
    await tx.execute(sql`update bulk_job_items as i set queue_job_id = v.queue_job_id from (values ${pairs}) as v(item_id, queue_job_id) where i.id = v.item_id`);
  }
}
