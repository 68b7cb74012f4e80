import {
  type BulkJob,
  type BulkJobItemResult,
  type BulkJobStatus,
  isFinalBulkJobStatus,
  parseItemsList,
} from '@abp/contracts';
import { delay, HttpResponse, http } from 'msw';

interface FakeJob {
  job: BulkJob;
  successful: BulkJobItemResult[];
  failed: BulkJobItemResult[];
  notRun: BulkJobItemResult[];
  createdAt: string;
}

type ItemLists = { successful?: BulkJobItemResult[]; failed?: BulkJobItemResult[]; notRun?: BulkJobItemResult[] };

export interface RecordedRequest {
  method: string;
  path: string;
  body: unknown;
}

export function makeItem(position: number, overrides: Partial<BulkJobItemResult> = {}): BulkJobItemResult {
  return {
    position,
    originalItem: `Topic ${position + 1}`,
    topic: `Topic ${position + 1}`,
    attempts: 1,
    refusal_recovered: false,
    refusal_matches: [],
    error: null,
    article_id: 100 + position,
    wordpress_post_id: 500 + position,
    wordpress_link: `https://garden.example/?p=${500 + position}`,
    ...overrides,
  };
}

/**
 * The server's bulk-job routes with the same shapes and rules: start validates like the server,
 * unknown jobs are 404 { error: 'Job not found' }, cancel stops an active job, retry re-queues the
 * failed items of a final job. Tests move jobs along with `update`.
 */
export function createFakeBulkJobsApi() {
  const jobs = new Map<string, FakeJob>();
  const requests: RecordedRequest[] = [];
  const state = {
    nextId: 1,
    statusDelayMs: 0,
    failCancel: null as string | null,
    statusError: null as number | null,
    startNotices: [] as string[],
  };

  const add = (job: Partial<BulkJob> & { job_id: string }, items: ItemLists = {}) => {
    const full: BulkJob = {
      status: 'queued',
      stage: 'Waiting to start',
      progress: { processed: 0, total: 0, successful: 0, failed: 0 },
      estimated_completion: null,
      error: null,
      cost: {
        spent_usd: 0,
        calls: 0,
        input_tokens: 0,
        output_tokens: 0,
        estimated: false,
        estimate_to_finish_usd: null,
      },
      ...job,
    };
    jobs.set(job.job_id, {
      job: full,
      successful: items.successful ?? [],
      failed: items.failed ?? [],
      notRun: items.notRun ?? [],
      createdAt: new Date(Date.UTC(2026, 10, 20, 8, jobs.size)).toISOString(),
    });
    return full;
  };
  const notFound = () => HttpResponse.json({ error: 'Job not found', code: 'not_found' }, { status: 404 });
  const record = async (request: Request, path: string) => {
    const text = await request.clone().text();
    requests.push({ method: request.method, path, body: text ? (JSON.parse(text) as unknown) : undefined });
  };

  const handlers = [
    http.post('/api/bulk-jobs/start', async ({ request }) => {
      await record(request, '/api/bulk-jobs/start');
      const body = (await request.json()) as { items_list: string; site_id: number };
      const items = parseItemsList(body.items_list);
      if (items.length === 0)
        return HttpResponse.json(
          { error: 'items_list: Please enter at least one item', code: 'validation' },
          { status: 400 },
        );
      const jobId = `job-${state.nextId++}`;
      add({ job_id: jobId, progress: { processed: 0, total: items.length, successful: 0, failed: 0 } });
      return HttpResponse.json({ job_id: jobId, notices: state.startNotices });
    }),
    http.post('/api/bulk-jobs/clear-stuck', async ({ request }) => {
      await record(request, '/api/bulk-jobs/clear-stuck');
      const stuck = [...jobs.values()].filter((j) => j.job.stage === 'stuck' && !isFinalBulkJobStatus(j.job.status));
      for (const j of stuck)
        j.job = {
          ...j.job,
          status: 'failed',
          stage: 'Cleared as stuck',
          error: 'No item made progress for 30 minutes',
        };
      return HttpResponse.json({ cleared: stuck.length, job_ids: stuck.map((j) => j.job.job_id) });
    }),
    http.get('/api/bulk-jobs', async ({ request }) => {
      await record(request, '/api/bulk-jobs');
      const newestFirst = [...jobs.values()].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
      return HttpResponse.json({
        jobs: newestFirst.map(({ job, notRun, createdAt }) => ({
          job_id: job.job_id,
          status: job.status,
          site_id: 1,
          site_name: 'Garden Blog',
          task_type: 'Blog Post',
          progress: job.progress,
          not_run: notRun.length,
          error: job.error,
          created_at: createdAt,
          finished_at: isFinalBulkJobStatus(job.status) ? createdAt : null,
        })),
      });
    }),
    http.get('/api/bulk-jobs/:id/status', async ({ request, params }) => {
      await record(request, `/api/bulk-jobs/${String(params.id)}/status`);
      if (state.statusDelayMs) await delay(state.statusDelayMs);
      if (state.statusError)
        return HttpResponse.json({ error: 'Internal server error', code: 'internal' }, { status: state.statusError });
      const found = jobs.get(String(params.id));
      return found ? HttpResponse.json({ job: found.job }) : notFound();
    }),
    http.get('/api/bulk-jobs/:id/results', async ({ request, params }) => {
      await record(request, `/api/bulk-jobs/${String(params.id)}/results`);
      const found = jobs.get(String(params.id));
      return found
        ? HttpResponse.json({
            job: {
              ...found.job,
              results: { successful: found.successful, failed: found.failed, not_run: found.notRun },
            },
          })
        : notFound();
    }),
    http.post('/api/bulk-jobs/:id/retry', async ({ request, params }) => {
      await record(request, `/api/bulk-jobs/${String(params.id)}/retry`);
      const found = jobs.get(String(params.id));
      if (!found) return notFound();
      if (!isFinalBulkJobStatus(found.job.status))
        return HttpResponse.json({ error: 'The job is still running', code: 'conflict' }, { status: 409 });
      const failed = found.failed.length;
      const retried = failed + found.notRun.length;
      if (retried === 0)
        return HttpResponse.json(
          { error: 'The job has no failed or unrun items to retry', code: 'conflict' },
          { status: 409 },
        );
      const { progress } = found.job;
      found.job = {
        ...found.job,
        status: 'queued',
        error: null,
        progress: { ...progress, processed: progress.processed - failed, failed: progress.failed - failed },
      };
      found.failed = [];
      found.notRun = [];
      return HttpResponse.json({ job_id: found.job.job_id, retried, status: 'queued' });
    }),
    http.post('/api/bulk-jobs/:id/items/:position/retry', async ({ request, params }) => {
      await record(request, `/api/bulk-jobs/${String(params.id)}/items/${String(params.position)}/retry`);
      const found = jobs.get(String(params.id));
      if (!found) return notFound();
      const position = Number(params.position);
      const wasFailed = found.failed.some((item) => item.position === position);
      if (!wasFailed && !found.notRun.some((item) => item.position === position))
        return HttpResponse.json({ error: `Item ${position} did not fail`, code: 'conflict' }, { status: 409 });
      found.failed = found.failed.filter((item) => item.position !== position);
      found.notRun = found.notRun.filter((item) => item.position !== position);
      const { progress } = found.job;
      const less = wasFailed ? 1 : 0;
      found.job = {
        ...found.job,
        status: 'queued',
        progress: { ...progress, processed: progress.processed - less, failed: progress.failed - less },
      };
      return HttpResponse.json({ job_id: found.job.job_id, retried: 1, status: 'queued' });
    }),
    http.delete('/api/bulk-jobs/:id', async ({ request, params }) => {
      await record(request, `/api/bulk-jobs/${String(params.id)}`);
      if (state.failCancel) return HttpResponse.json({ error: state.failCancel, code: 'internal' }, { status: 409 });
      const found = jobs.get(String(params.id));
      if (!found) return notFound();
      if (!isFinalBulkJobStatus(found.job.status))
        found.job = { ...found.job, status: 'cancelled', stage: 'Cancelled', estimated_completion: null };
      return HttpResponse.json({
        job_id: found.job.job_id,
        status: found.job.status,
        message: 'Bulk job cancellation requested',
      });
    }),
  ];

  return {
    handlers,
    requests,
    state,
    add,
    job: (id: string) => jobs.get(id)?.job,
    /** Moves a job along (status, progress, …) and sets its result lists. */
    update(id: string, change: Partial<BulkJob> & { status?: BulkJobStatus }, items?: ItemLists) {
      const found = jobs.get(id);
      if (!found) throw new Error(`no job ${id}`);
      found.job = { ...found.job, ...change };
      if (items?.successful) found.successful = items.successful;
      if (items?.failed) found.failed = items.failed;
      if (items?.notRun) found.notRun = items.notRun;
    },
    remove: (id: string) => jobs.delete(id),
    requestsTo: (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path),
  };
}
