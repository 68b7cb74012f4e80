import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { articles, bulkJobItems, bulkJobs, type BulkJobOptionsRow } from '../../db/schema/index.js';
import type { BulkItemQueue, Tx } from './bulk-item-queue.js';
import type { ClaimedItem, ClaimedJob, ItemOutcome, RefusalFigures } from './bulk-item-types.js';

export type { ClaimedItem, ClaimedJob, ItemOutcome, RefusalFigures } from './bulk-item-types.js';

interface ClaimRow {
  id: number;
  job_id: string;
  topic: string;
  article_id: number | null;
  runs: number;
  job_row: string | null;
  site_id: number | null;
  task_type: string | null;
  options: BulkJobOptionsRow | null;
}

interface FinishRow {
  id: string;
  processed: number;
  total: number;
  stopping: boolean;
  cancelled: number;
}

/** Both drivers answer a raw statement with `{ rows }`. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The database, or a transaction on it. */
type Executor = Database | Tx;

const ACTIVE = ['queued', 'processing'] as const;

/**
 * Item execution queries. Every change is conditional on the run's claim token, so a run that lost
 * its item (cleared as stuck, recovered after its lease lapsed) can no longer write to it.
 */
export class BulkItemsRepository {
  constructor(
    private readonly db: Database,
    private readonly queue: BulkItemQueue,
  ) {}

  /**
   * Takes a pending item of an active job for one run, and marks the job as processing, in one
   * statement (one round trip, one commit: this runs for every item). Null when there is nothing
   * to do: the item is done, taken, not due yet, or its job stopped.
   */
  async claim(itemId: number, token: string, leaseMs: number): Promise<{ item: ClaimedItem; job: ClaimedJob } | null> {
    const result = await this.db.execute(sql`
      with claimed as (
        update bulk_job_items i
           set status = 'running', claimed_by = ${token}, claim_expires_at = now() + ${leaseMs} * interval '1 millisecond',
               runs = i.runs + 1, started_at = now(), not_before = null
         where i.id = ${itemId} and i.status = 'pending' and (i.not_before is null or i.not_before <= now())
           and exists (select 1 from bulk_jobs j where j.id = i.job_id and j.status in ('queued', 'processing') and j.cancel_requested_at is null)
        returning i.id, i.job_id, i.topic, i.article_id, i.runs
      ), job as (
        update bulk_jobs j
           set status = 'processing', started_at = coalesce(j.started_at, now()), last_progress_at = now(),
               stage = case when (j.options ->> 'postToWordPress')::boolean then 'Generating and publishing articles' else 'Generating articles' end
         where j.id = (select job_id from claimed) and j.status in ('queued', 'processing') and j.cancel_requested_at is null
        returning j.id, j.site_id, j.task_type, j.options
      )
      select c.id, c.job_id, c.topic, c.article_id, c.runs, j.id as job_row, j.site_id, j.task_type, j.options
        from claimed c left join job j on true`);
    const [row] = rowsOf<ClaimRow>(result);
    if (!row) return null;
    const item: ClaimedItem = { id: row.id, jobId: row.job_id, topic: row.topic, articleId: row.article_id, runs: row.runs };
    if (row.job_row === null) {
      // Cancelled between the two updates: hand the item back to the cancellation.
      await this.finish(item.id, token, { status: 'cancelled' });
      return null;
    }
    return { item, job: { id: row.job_row, siteId: row.site_id, taskType: row.task_type!, options: row.options! } };
  }

  /** Keeps the leases of this process' runs alive. */
  async renewClaims(tokens: readonly string[], leaseMs: number): Promise<void> {
    if (tokens.length === 0) return;
    await this.db
      .update(bulkJobItems)
      .set({ claimExpiresAt: sql`now() + ${leaseMs} * interval '1 millisecond'` })
      .where(and(inArray(bulkJobItems.claimedBy, [...tokens]), eq(bulkJobItems.status, 'running')));
  }

  /** Of these jobs, the ones being cancelled or no longer active (cleared): their runs must stop. */
  async inactiveJobs(jobIds: readonly string[]): Promise<string[]> {
    if (jobIds.length === 0) return [];
    const rows = await this.db
      .select({ id: bulkJobs.id })
      .from(bulkJobs)
      .where(and(inArray(bulkJobs.id, [...jobIds]), sql`(${bulkJobs.status} not in ('queued', 'processing') or ${bulkJobs.cancelRequestedAt} is not null)`));
    return rows.map((row) => row.id);
  }

  /** Recorded before publishing: from now on a re-run publishes this article instead of writing another. */
  async recordArticle(itemId: number, token: string, articleId: number, refusal: RefusalFigures): Promise<boolean> {
    const rows = await this.db
      .update(bulkJobItems)
      .set({ articleId, attempts: refusal.attempts, refusalRecovered: refusal.refusal_recovered, refusalMatches: refusal.refusal_matches })
      .where(and(eq(bulkJobItems.id, itemId), eq(bulkJobItems.claimedBy, token), eq(bulkJobItems.status, 'running')))
      .returning({ id: bulkJobItems.id });
    return rows.length === 1;
  }

  async articleStatus(articleId: number): Promise<string | null> {
    const [row] = await this.db.select({ status: articles.status }).from(articles).where(eq(articles.id, articleId)).limit(1);
    return row?.status ?? null;
  }

  /**
   * Ends the run: the item's outcome and the job's counters in one statement, so they commit
   * together (and with one round trip, for every item). The counter update takes the job row's
   * lock, so of two runs finishing the last two items the later one reads the counts of both and
   * finalises the job. Returns false when the run no longer held the item.
   */
  async finish(itemId: number, token: string, outcome: ItemOutcome): Promise<boolean> {
    const succeeded = outcome.status === 'succeeded' ? 1 : 0;
    const failed = outcome.status === 'failed' ? 1 : 0;
    const article = outcome.article;
    const result = await this.db.execute(sql`
      with item as (
        update bulk_job_items
           set status = ${outcome.status}, error = ${outcome.error ?? null}, wordpress_post_id = ${outcome.wordpressPostId ?? null},
               wordpress_link = ${outcome.wordpressLink ?? null}, finished_at = now(), claim_expires_at = null
               ${article ? sql`, article_id = ${article.articleId}, attempts = ${article.attempts}, refusal_recovered = ${article.refusal_recovered}, refusal_matches = ${JSON.stringify(article.refusal_matches)}::jsonb` : sql``}
         where id = ${itemId} and claimed_by = ${token} and status = 'running'
        returning job_id
      )
      update bulk_jobs j
         set processed = j.processed + ${succeeded + failed}, successful = j.successful + ${succeeded}, failed = j.failed + ${failed}, last_progress_at = now()
       where j.id = (select job_id from item)
      returning j.id, j.processed, j.total, j.cancel_requested_at is not null or j.status not in ('queued', 'processing') as stopping,
        (select count(*) from bulk_job_items c where c.job_id = j.id and c.status = 'cancelled')::int as cancelled`);
    const [job] = rowsOf<FinishRow>(result);
    if (!job) return false;
    // This statement cannot see its own item as cancelled: count it.
    const cancelled = job.cancelled + (outcome.status === 'cancelled' ? 1 : 0);
    if (job.stopping || job.processed + cancelled >= job.total) await this.finaliseIfDone(this.db, job.id);
    return true;
  }

  /**
   * Hands the item back for a later run (rate limit, a passing failure, a stopped process): pending
   * again with a new queue entry due at `notBefore`, in one transaction. The article id stays. The
   * job row is locked first, as Cancel does, so a cancellation is never missed: an item of a job
   * being cancelled is cancelled instead.
   */
  async release(itemId: number, jobId: string, token: string, notBefore: Date, stage?: string): Promise<boolean> {
    await this.queue.prepare();
    return this.db.transaction(async (tx) => {
      const [job] = await tx
        .select({ cancelling: sql<boolean>`(${bulkJobs.cancelRequestedAt} is not null or ${bulkJobs.status} not in ('queued', 'processing'))` })
        .from(bulkJobs)
        .where(eq(bulkJobs.id, jobId))
        .for('update');
      const cancelling = job?.cancelling ?? true;
      const [item] = await tx
        .update(bulkJobItems)
        .set({ status: cancelling ? 'cancelled' : 'pending', claimExpiresAt: null, notBefore: cancelling ? null : notBefore, ...(cancelling ? { finishedAt: sql`now()` } : { claimedBy: null }) })
        .where(and(eq(bulkJobItems.id, itemId), eq(bulkJobItems.claimedBy, token), eq(bulkJobItems.status, 'running')))
        .returning({ id: bulkJobItems.id });
      if (!item) return false;
      if (cancelling) {
        await this.finaliseIfDone(tx, jobId);
        return true;
      }
      const [queueJobId] = await this.queue.add(tx, [{ jobId, itemId: item.id, startAfter: notBefore }]);
      await tx.update(bulkJobItems).set({ queueJobId }).where(eq(bulkJobItems.id, item.id));
      // Waiting is not being stuck: progress is counted from when the item may run again.
      await tx
        .update(bulkJobs)
        .set({ lastProgressAt: sql`greatest(now(), ${notBefore.toISOString()}::timestamptz)`, ...(stage ? { stage } : {}) })
        .where(eq(bulkJobs.id, jobId));
      return true;
    });
  }

  /** The job's final status once none of its items is pending or running; nothing otherwise. */
  readonly finaliseIfDone = async (tx: Executor, jobId: string): Promise<void> => {
    const firstError = sql`(select i.error from bulk_job_items i where i.job_id = ${jobId} and i.status = 'failed' order by i.position limit 1)`;
    const hasCancelled = sql`(${bulkJobs.cancelRequestedAt} is not null or exists (select 1 from bulk_job_items i where i.job_id = ${jobId} and i.status = 'cancelled'))`;
    await tx
      .update(bulkJobs)
      .set({
        status: sql`case when ${hasCancelled} then 'cancelled' when ${bulkJobs.failed} = 0 then 'completed' when ${bulkJobs.successful} = 0 then 'failed' else 'completed_with_errors' end`,
        stage: sql`case when ${hasCancelled} then 'Cancelled' else 'Finished' end`,
        error: sql`case when ${bulkJobs.successful} = 0 and ${bulkJobs.failed} > 0 then 'All ' || ${bulkJobs.failed} || ' items failed; the first error: ' || coalesce(${firstError}, 'unknown') else null end`,
        finishedAt: sql`now()`,
      })
      .where(
        and(
          eq(bulkJobs.id, jobId),
          inArray(bulkJobs.status, ACTIVE),
          sql`not exists (select 1 from bulk_job_items i where i.job_id = ${jobId} and i.status in ('pending', 'running'))`,
        ),
      );
  };
}
