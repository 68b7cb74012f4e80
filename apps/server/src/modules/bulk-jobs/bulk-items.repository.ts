import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import { bulkJobItems, bulkJobs } from '../../db/schema/index.js';
import type { ItemOutcome } from './bulk-item-types.js';

export type { ItemOutcome } from './bulk-item-types.js';

interface BeginRow {
  id: number;
  job_row: string | null;
  site_id: number | null;
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

/** What an item is when its unit begins: running (and for which site), or not wanted any more. */
export type ItemStart = { status: 'running'; siteId: number | null } | { status: 'not-wanted' };

/**
 * The item side of a bulk job's units. The pipeline makes sure only one run works on a unit at a
 * time; these statements keep the item and the job's counters in step with it.
 */
export class BulkItemsRepository {
  constructor(private readonly db: Database) {}

  /**
   * The unit's run begins: the item is running (once more, if a dead run left it so) and its job
   * processing, in one statement. Not wanted: the item is finished (cancelled, cleared) or its job
   * is being cancelled.
   */
  async begin(itemId: number): Promise<ItemStart> {
    const result = await this.db.execute(sql`
      with claimed as (
        update bulk_job_items i
           set status = 'running', runs = i.runs + 1, started_at = now(), not_before = null
         where i.id = ${itemId} and i.status in ('pending', 'running')
           and exists (select 1 from bulk_jobs j where j.id = i.job_id and j.status in ('queued', 'processing') and j.cancel_requested_at is null)
        returning i.id, i.job_id
      ), job as (
        update bulk_jobs j
           set status = 'processing', started_at = coalesce(j.started_at, now()), last_progress_at = now(),
               stage = case when (j.options ->> 'postToWordPress')::boolean then 'Generating and publishing articles' else 'Generating articles' end
         where j.id = (select job_id from claimed) and j.status in ('queued', 'processing') and j.cancel_requested_at is null
        returning j.id, j.site_id
      )
      select c.id, j.id as job_row, j.site_id from claimed c left join job j on true`);
    const [row] = rowsOf<BeginRow>(result);
    // Cancelled between the two updates: the cancellation has the item.
    if (!row || row.job_row === null) return { status: 'not-wanted' };
    return { status: 'running', siteId: row.site_id };
  }

  /**
   * Ends the item: its outcome and the job's counters in one statement, so they commit together.
   * The counter update takes the job row's lock, so of two units finishing the last two items the
   * later one reads the counts of both and finalises the job. An item no longer open (cleared as
   * stuck meanwhile) is left as it is.
   */
  async finish(tx: Tx, itemId: number, outcome: ItemOutcome): Promise<boolean> {
    const succeeded = outcome.status === 'succeeded' ? 1 : 0;
    const failed = outcome.status === 'failed' ? 1 : 0;
    const articleId = outcome.articleId ?? null;
    // The article's refusal figures (how many attempts its generation took) are the item's too.
    const refusal =
      articleId === null
        ? sql``
        : sql`, article_id = ${articleId},
               attempts = coalesce((select a.attempts from articles a where a.id = ${articleId}), bulk_job_items.attempts),
               refusal_recovered = coalesce((select a.refusal_recovered from articles a where a.id = ${articleId}), bulk_job_items.refusal_recovered),
               refusal_matches = coalesce((select a.refusal_matches from articles a where a.id = ${articleId}), bulk_job_items.refusal_matches)`;
    const result = await tx.execute(sql`
      with item as (
        update bulk_job_items
           set status = ${outcome.status}, error = ${outcome.error ?? null}, wordpress_post_id = ${outcome.wordpressPostId ?? null},
               wordpress_link = ${outcome.wordpressLink ?? null}, finished_at = now(), not_before = null ${refusal}
         where id = ${itemId} and status in ('pending', 'running')
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
    if (job.stopping || job.processed + cancelled >= job.total) await this.finaliseIfDone(tx, job.id);
    return true;
  }

  /**
   * The item waits for a later run (a rate limit, another try): pending again until `notBefore`.
   * The job row is locked first, as Cancel does, so a cancellation is never missed: false when the
   * job is being cancelled (the unit then ends as cancelled).
   */
  async wait(tx: Tx, itemId: number, jobId: string, notBefore: Date, stage?: string): Promise<boolean> {
    const [job] = await tx
      .select({
        cancelling: sql<boolean>`(${bulkJobs.cancelRequestedAt} is not null or ${bulkJobs.status} not in ('queued', 'processing'))`,
      })
      .from(bulkJobs)
      .where(eq(bulkJobs.id, jobId))
      .for('update');
    if (!job || job.cancelling) return false;
    await tx
      .update(bulkJobItems)
      .set({ status: 'pending', notBefore })
      .where(and(eq(bulkJobItems.id, itemId), eq(bulkJobItems.status, 'running')));
    // Waiting is not being stuck: progress is counted from when the item may run again.
    await tx
      .update(bulkJobs)
      .set({
        lastProgressAt: sql`greatest(now(), ${notBefore.toISOString()}::timestamptz)`,
        ...(stage ? { stage } : {}),
      })
      .where(eq(bulkJobs.id, jobId));
    return true;
  }

  /** Of these items, the ones whose job is being cancelled or no longer active (cleared): their runs must stop. */
  async stoppedAmong(itemIds: readonly number[]): Promise<number[]> {
    if (itemIds.length === 0) return [];
    const rows = await this.db
      .select({ id: bulkJobItems.id })
      .from(bulkJobItems)
      .innerJoin(bulkJobs, eq(bulkJobs.id, bulkJobItems.jobId))
      .where(
        and(
          inArray(bulkJobItems.id, [...itemIds]),
          sql`(${bulkJobs.status} not in ('queued', 'processing') or ${bulkJobs.cancelRequestedAt} is not null)`,
        ),
      );
    return rows.map((row) => row.id);
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
