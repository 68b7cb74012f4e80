import { type SQL, sql } from 'drizzle-orm';
import { bulkJobs } from '../../db/schema/index.js';
import { entryRunsLive } from '../../jobs/queue.js';

/** A running item of the job `job` (a column) whose unit's queue entry a live worker is running now. */
function itemRunsLive(job: SQL): SQL {
  const entry = sql`(select p.queue_job_id from article_productions p where p.origin_key = 'bulk-item:' || l.id)`;
  return sql`exists (select 1 from bulk_job_items l where l.job_id = ${job} and l.status = 'running' and ${entryRunsLive('articleProduce', entry)})`;
}

/**
 * The one rule of "stuck", for finding stuck jobs and for the re-check inside the clearing
 * transaction alike (there is no other stuck listing): an active job that made no
 * progress (an item starting, finishing or being rescheduled) for `cutoffMinutes`, unless
 * - one of its items is running in a live worker (its unit's queue entry is active with a fresh
 *   heartbeat): a live process is working on it, however slowly;
 * - it only has pending items while another active job is healthy (made progress within the
 *   cutoff, or has an item running in a live worker): the queue hands out entries oldest first, so
 *   this job is waiting its turn behind that one.
 * A job whose runs' heartbeats lapsed (their process died or froze) and that nothing else holds up is stuck.
 */
export function stuckJob(cutoffMinutes: number): SQL {
  const cutoff = sql`now() - ${cutoffMinutes} * interval '1 minute'`;
  const hasPending = sql`exists (select 1 from bulk_job_items p where p.job_id = ${bulkJobs.id} and p.status = 'pending')`;
  const hasRunning = sql`exists (select 1 from bulk_job_items r where r.job_id = ${bulkJobs.id} and r.status = 'running')`;
  const otherHealthyJob = sql`exists (select 1 from bulk_jobs o where o.id <> ${bulkJobs.id} and o.status in ('queued', 'processing') and (o.last_progress_at >= ${cutoff} or ${itemRunsLive(sql`o.id`)}))`;
  return sql`${bulkJobs.status} in ('queued', 'processing') and ${bulkJobs.lastProgressAt} < ${cutoff}
    and not ${itemRunsLive(sql`${bulkJobs.id}`)} and not (${hasPending} and not ${hasRunning} and ${otherHealthyJob})`;
}
