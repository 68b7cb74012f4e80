import {
  type BulkJob,
  type BulkJobResultsResponse,
  bulkJobResultsResponseSchema,
  bulkJobStatusResponseSchema,
} from '@abp/contracts';
import { eq, sql } from 'drizzle-orm';
import { articles, bulkJobItems, bulkJobs } from '../../src/db/schema/index.js';
import { JOBS } from '../../src/jobs/catalogue.js';
import { type TestApp, waitFor } from '../test-app.js';

export interface BulkOptions {
  includeImages?: boolean;
  publishStatus?: 'draft' | 'publish';
  wordCount?: number | string | null;
  persona?: string;
  postToWordPress?: boolean;
}

export function bulkPayload(
  siteId: number | null,
  items: string | string[],
  options: BulkOptions = {},
): Record<string, unknown> {
  return {
    items_list: items,
    site_id: siteId,
    task_type: 'Blog Post',
    options: {
      includeImages: false,
      publishStatus: 'draft',
      wordCount: 500,
      persona: '',
      postToWordPress: true,
      ...options,
    },
  };
}

export function startBulk(t: TestApp, cookie: string, payload: Record<string, unknown>) {
  return t.request({ method: 'POST', url: '/api/bulk-jobs/start', payload, cookie });
}

export async function startedJob(t: TestApp, cookie: string, payload: Record<string, unknown>): Promise<string> {
  const res = await startBulk(t, cookie, payload);
  if (res.statusCode !== 200) throw new Error(`start failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { job_id: string }).job_id;
}

export async function jobStatus(t: TestApp, cookie: string, jobId: string): Promise<BulkJob> {
  const res = await t.request({ method: 'GET', url: `/api/bulk-jobs/${jobId}/status`, cookie });
  if (res.statusCode !== 200) throw new Error(`status failed: ${res.statusCode} ${res.body}`);
  return bulkJobStatusResponseSchema.parse(res.json()).job;
}

export async function jobResults(t: TestApp, cookie: string, jobId: string): Promise<BulkJobResultsResponse['job']> {
  const res = await t.request({ method: 'GET', url: `/api/bulk-jobs/${jobId}/results`, cookie });
  if (res.statusCode !== 200) throw new Error(`results failed: ${res.statusCode} ${res.body}`);
  return bulkJobResultsResponseSchema.parse(res.json()).job;
}

/** Polls the status until `done` holds; returns every distinct status seen on the way. */
export async function waitForJob(
  t: TestApp,
  cookie: string,
  jobId: string,
  done: (job: BulkJob) => boolean,
  timeoutMs = 30_000,
) {
  const seen: string[] = [];
  const job = await waitFor(
    async () => {
      const current = await jobStatus(t, cookie, jobId);
      if (seen.at(-1) !== current.status) seen.push(current.status);
      return done(current) ? current : null;
    },
    timeoutMs,
    50,
  );
  return { job, seen };
}

export const isFinal = (job: BulkJob) =>
  ['completed', 'completed_with_errors', 'failed', 'cancelled'].includes(job.status);

export async function itemRows(t: TestApp, jobId: string) {
  return t.ctx.handle.db
    .select()
    .from(bulkJobItems)
    .where(eq(bulkJobItems.jobId, jobId))
    .orderBy(bulkJobItems.position);
}

export async function jobRow(t: TestApp, jobId: string) {
  const [row] = await t.ctx.handle.db.select().from(bulkJobs).where(eq(bulkJobs.id, jobId));
  return row!;
}

export async function articleRow(t: TestApp, articleId: number) {
  const [row] = await t.ctx.handle.db.select().from(articles).where(eq(articles.id, articleId));
  return row!;
}

export async function bulkArticles(t: TestApp) {
  return t.ctx.handle.db.select().from(articles).where(eq(articles.origin, 'bulk')).orderBy(articles.id);
}

/** Makes the job look idle for `minutes`: no item started, finished or was rescheduled since. */
export async function ageJob(t: TestApp, jobId: string, minutes: number): Promise<void> {
  await t.ctx.handle.db
    .update(bulkJobs)
    .set({ lastProgressAt: sql`now() - ${minutes} * interval '1 minute'` })
    .where(eq(bulkJobs.id, jobId));
}

/** The job's queue entries not run yet: article.produce entries of its items' units. */
export async function queuedEntriesOf(t: TestApp, jobId: string): Promise<string[]> {
  const keys = new Set((await itemRows(t, jobId)).map((item) => `bulk-item:${item.id}`));
  const entries = await t.ctx.queue.boss.findJobs<{ originKey: string }>(JOBS.articleProduce.name, { queued: true });
  return entries.filter((entry) => keys.has(entry.data.originKey)).map((entry) => entry.id);
}

/**
 * What the running items of a job whose worker froze or died look like to everyone else: the
 * heartbeats of their units' queue entries lapsed (pg-boss' sign of a live worker). The runs of
 * this process stand in for the frozen worker's: they hang on a model that never answers.
 */
export async function lapseHeartbeats(t: TestApp, jobId: string): Promise<void> {
  await t.ctx.handle.db.execute(sql`
    update pgboss.job q set heartbeat_on = now() - interval '1 hour', started_on = now() - interval '1 hour'
     where q.name = ${JOBS.articleProduce.name} and q.state = 'active'
       and q.id::text in (select p.queue_job_id from article_productions p join bulk_job_items i on p.origin_key = 'bulk-item:' || i.id
                           where i.job_id = ${jobId} and i.status = 'running')`);
}
