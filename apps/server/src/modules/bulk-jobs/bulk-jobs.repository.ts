import type { ReviewReason } from '@abp/contracts';
import { and, asc, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import { articles, type BulkJobOptionsRow, bulkJobItems, bulkJobs, sites } from '../../db/schema/index.js';
import type { ArticlePipeline } from '../article-pipeline/article-pipeline.module.js';
import { itemKey, itemUnit } from './bulk-item-unit.js';
import { stuckJob } from './bulk-stuck-rule.js';

/** What the bulk jobs need of the article pipeline: their items are its units. */
export type BulkPipeline = Pick<ArticlePipeline, 'queue' | 'enqueueMany' | 'withdraw' | 'abandon'>;

export type BulkJobRow = typeof bulkJobs.$inferSelect;
export type BulkItemRow = typeof bulkJobItems.$inferSelect;
/** An item as its job's results list it: with its article's review state (held, delayed until …). */
export type ListedItemRow = BulkItemRow & { reviewReason?: ReviewReason | null; releaseAt?: Date | null };

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
    private readonly pipeline: BulkPipeline,
  ) {}

  /** The job, its items and one unit of the article pipeline per item (with its queue entry), all or nothing. */
  async create(job: NewBulkJob): Promise<void> {
    await this.pipeline.queue.prepare();
    await this.db.transaction(async (tx) => {
      await tx.insert(bulkJobs).values({
        id: job.id,
        siteId: job.siteId,
        taskType: job.taskType,
        options: job.options,
        total: job.items.length,
      });
      // Chunked: 1,000 items × 6 columns stays far below the 65,535 bind parameters of one statement.
      for (let start = 0; start < job.items.length; start += 500) {
        const chunk = job.items.slice(start, start + 500);
        const rows = await tx
          .insert(bulkJobItems)
          .values(chunk.map((item, index) => ({ jobId: job.id, position: start + index, ...item })))
          .returning({ id: bulkJobItems.id, topic: bulkJobItems.topic });
        await this.pipeline.enqueueMany(
          tx,
          rows.map((item) => itemUnit(job, item)),
        );
      }
    });
    this.pipeline.queue.wake();
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
        mean: sql<
          string | null
        >`avg(extract(epoch from (${bulkJobItems.finishedAt} - ${bulkJobItems.startedAt}))) filter (where ${finished})`,
        running: sql<string | number>`count(*) filter (where ${bulkJobItems.status} = 'running')`,
      })
      .from(bulkJobItems)
      .where(eq(bulkJobItems.jobId, jobId));
    const mean = row?.mean ?? null;
    return { meanItemSeconds: mean === null ? null : Number(mean), runningItems: Number(row?.running ?? 0) };
  }

  /** The items that ended: succeeded, failed, or cancelled before they ran; with whether their article waits for review (issue #33). */
  async finishedItems(jobId: string): Promise<ListedItemRow[]> {
    return this.db
      .select({
        ...getTableColumns(bulkJobItems),
        reviewReason: articles.reviewReason,
        releaseAt: articles.releaseAt,
      })
      .from(bulkJobItems)
      .leftJoin(articles, eq(articles.id, bulkJobItems.articleId))
      .where(and(eq(bulkJobItems.jobId, jobId), inArray(bulkJobItems.status, ['succeeded', 'failed', 'cancelled'])))
      .orderBy(asc(bulkJobItems.position));
  }

  /** The latest jobs, newest first, with their site's name and how many items never ran. */
  async history(limit: number) {
    return this.db
      .select({
        job: bulkJobs,
        siteName: sites.name,
        notRun: sql<number>`(select count(*)::int from ${bulkJobItems} i where i.job_id = ${bulkJobs.id} and i.status = 'cancelled')`,
      })
      .from(bulkJobs)
      .leftJoin(sites, eq(sites.id, bulkJobs.siteId))
      .orderBy(desc(bulkJobs.createdAt), desc(bulkJobs.id))
      .limit(limit);
  }

  /**
   * Stops the job: no item starts any more (pending items are cancelled with their queue entries);
   * running items are left to their runs, which see the request and abort. The job turns
   * 'cancelled' now if nothing runs, else when its last running item has stopped. Returns false
   * when the job was no longer active.
   */
  async cancel(jobId: string, finalise: (tx: Tx, jobId: string) => Promise<void>): Promise<boolean> {
    await this.pipeline.queue.prepare();
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
        .returning({ id: bulkJobItems.id });
      await this.pipeline.withdraw(
        tx,
        pending.map((item) => itemKey(item.id)),
      );
      await finalise(tx, jobId);
      return true;
    });
  }

  /**
   * Failed items, and the items a cancel stopped before they ran, back to pending (the failed ones'
   * counters taken back), the job queued again. Returns how many.
   */
  async retryFailed(jobId: string, position?: number): Promise<number> {
    await this.pipeline.queue.prepare();
    // One item (the job page's Retry on a row) or all of them: the same queries, one more condition.
    const which = position === undefined ? undefined : eq(bulkJobItems.position, position);
    const retried = await this.db.transaction(async (tx) => {
      const [{ failedCount } = { failedCount: 0 }] = await tx
        .select({ failedCount: sql<number>`count(*)::int` })
        .from(bulkJobItems)
        .where(and(eq(bulkJobItems.jobId, jobId), eq(bulkJobItems.status, 'failed'), which));
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
        .where(and(eq(bulkJobItems.jobId, jobId), inArray(bulkJobItems.status, ['failed', 'cancelled']), which))
        .returning({ id: bulkJobItems.id, topic: bulkJobItems.topic, articleId: bulkJobItems.articleId });
      if (items.length === 0) return 0;
      const [job] = await tx
        .update(bulkJobs)
        .set({
          status: 'queued',
          stage:
            position !== undefined
              ? `Retrying item ${position + 1}`
              : failedCount === items.length
                ? 'Retrying failed items'
                : 'Retrying the items that failed or never ran',
          error: null,
          finishedAt: null,
          cancelRequestedAt: null,
          processed: sql`${bulkJobs.processed} - ${failedCount}`,
          failed: sql`${bulkJobs.failed} - ${failedCount}`,
          lastProgressAt: sql`now()`,
        })
        .where(eq(bulkJobs.id, jobId))
        .returning();
      // A job whose site was deleted has nothing to write for: its items fail again at once, saying so.
      const unitJob = { ...job!, siteId: job!.siteId ?? 0 };
      await this.pipeline.enqueueMany(
        tx,
        items.map((item) => itemUnit(unitJob, item)),
      );
      return items.length;
    });
    if (retried > 0) this.pipeline.queue.wake();
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
    await this.pipeline.queue.prepare();
    return this.db.transaction(async (tx) => {
      const [job] = await tx
        .select({ id: bulkJobs.id })
        .from(bulkJobs)
        .where(and(eq(bulkJobs.id, jobId), stuckJob(cutoffMinutes)))
        .for('update');
      if (!job) return false;
      const items = await tx
        .update(bulkJobItems)
        .set({ status: 'failed', error: reason, finishedAt: sql`now()`, notBefore: null })
        .where(and(eq(bulkJobItems.jobId, jobId), inArray(bulkJobItems.status, OPEN_ITEMS)))
        .returning({ id: bulkJobItems.id });
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
      // Their units end too, with their queue entries: a run still going (a frozen worker) can no longer record anything.
      await this.pipeline.abandon(
        tx,
        items.map((item) => itemKey(item.id)),
        reason,
      );
      return true;
    });
  }
}
