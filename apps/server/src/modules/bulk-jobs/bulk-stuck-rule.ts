import { sql, type SQL } from 'drizzle-orm';
import { bulkJobs } from '../../db/schema/index.js';

/**
 * The one rule of "stuck", for finding stuck jobs and for the re-check inside the clearing
 * transaction alike (there is no other stuck listing): an active job that made no
 * progress (an item starting, finishing or being rescheduled) for `cutoffMinutes`, unless
 * - one of its items is running under a live lease: a live process is working on it, however
 *   slowly (lease renewals are not progress, so a single long item would look idle otherwise);
 * - it only has pending items while another active job is healthy (made progress within the
 *   cutoff, or has an item under a live lease): the queue hands out entries oldest first, so this
 *   job is waiting its turn behind that one.
 * A job whose leases lapsed (its process died or froze) and that nothing else holds up is stuck.
 */
export function stuckJob(cutoffMinutes: number): SQL {
  const cutoff = sql`now() - ${cutoffMinutes} * interval '1 minute'`;
  const liveLease = sql`exists (select 1 from bulk_job_items l where l.job_id = ${bulkJobs.id} and l.status = 'running' and l.claim_expires_at > now())`;
  const hasPending = sql`exists (select 1 from bulk_job_items p where p.job_id = ${bulkJobs.id} and p.status = 'pending')`;
  const hasRunning = sql`exists (select 1 from bulk_job_items r where r.job_id = ${bulkJobs.id} and r.status = 'running')`;
  const otherHealthyJob = sql`exists (select 1 from bulk_jobs o where o.id <> ${bulkJobs.id} and o.status in ('queued', 'processing') and (o.last_progress_at >= ${cutoff}
    or exists (select 1 from bulk_job_items ol where ol.job_id = o.id and ol.status = 'running' and ol.claim_expires_at > now())))`;
  return sql`${bulkJobs.status} in ('queued', 'processing') and ${bulkJobs.lastProgressAt} < ${cutoff}
    and not ${liveLease} and not (${hasPending} and not ${hasRunning} and ${otherHealthyJob})`;
}
