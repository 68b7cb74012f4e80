import { BULK_MESSAGES } from '@abp/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BulkJobsRepository } from '../../src/modules/bulk-jobs/bulk-jobs.repository.js';
import { type FakeModelApp, startFakeModelApp } from '../llm/fake-model-app.js';
import type { ChatRequest, FakeOpenAiServer, FakeReply } from '../llm/fake-openai-server.js';
import { writerReply, writerWithOutline } from '../llm/fake-writer.js';
import { type TestApp, waitFor } from '../test-app.js';
import {
  ageJob,
  bulkArticles,
  bulkPayload,
  isFinal,
  itemRows,
  jobResults,
  jobRow,
  jobStatus,
  lapseHeartbeats,
  queuedEntriesOf,
  startedJob,
  waitForJob,
} from './bulk-helpers.js';

// A model behind a local OpenAI-compatible server: slow, refusing, rate limiting or hanging on demand.
let model: FakeOpenAiServer;
let t: TestApp;
let cookie: string;
let siteId: number;

const hangWhen =
  (pattern: RegExp) =>
  (request: ChatRequest): FakeReply =>
    pattern.test(request.prompt) ? { type: 'hang' } : writerReply(request);
const asked = (word: string) => model.requests.some((request) => request.prompt.includes(word));

let app: FakeModelApp;
async function setUp(concurrency: number) {
  app = await startFakeModelApp({ concurrency });
  ({ model, t, cookie, siteId } = app);
}

afterEach(() => app.close());

describe('titles of one job (issue #18 item 12)', () => {
  beforeEach(() => setUp(3));

  it('gives items written at the same time that plan the same title distinct ones', async () => {
    // Every outline comes back with the same title, and the three items are written at once.
    model.setHandler(writerWithOutline({ title: 'Growing Tomatoes the Easy Way' }));
    model.setLatency(100);
    const jobId = await startedJob(
      t,
      cookie,
      bulkPayload(siteId, ['Tomato seedlings', 'Tomato cages', 'Tomato feeding'], { postToWordPress: false }),
    );
    const { job } = await waitForJob(t, cookie, jobId, isFinal);
    expect(job.progress).toMatchObject({ successful: 3, failed: 0 });
    const titles = (await bulkArticles(t)).map((a) => a.title);
    expect(titles).toHaveLength(3);
    expect(new Set(titles.map((title) => title.toLowerCase())).size).toBe(3);
    expect(titles).toContain('Growing Tomatoes the Easy Way');
  });
});

describe('status transitions and the estimate', () => {
  beforeEach(() => setUp(2));

  it('goes processing → completed, with an estimated completion while it runs', async () => {
    model.setLatency(150);
    const jobId = await startedJob(t, cookie, bulkPayload(siteId, ['one', 'two', 'three', 'four', 'five', 'six']));
    const running = await waitFor(
      async () => {
        const job = await jobStatus(t, cookie, jobId);
        return job.status === 'processing' && job.progress.processed >= 1 && job.progress.processed < 6 ? job : null;
      },
      60_000,
      50,
    );
    expect(running.stage).toBe('Generating and publishing articles');
    expect(Date.parse(running.estimated_completion!)).toBeGreaterThan(Date.now());
    const { job, seen } = await waitForJob(t, cookie, jobId, isFinal, 60_000);
    expect(seen).toEqual(['processing', 'completed']);
    expect(job.progress).toEqual({ processed: 6, total: 6, successful: 6, failed: 0 });
    expect(job.estimated_completion).toBeNull();
    // Never more items at once than the concurrency (each article writes up to 4 sections at once).
    expect(model.maxInFlight).toBeLessThanOrEqual(2);
  });

  it('a refused generation fails its item only (completed_with_errors); Retry Failed writes it anew', async () => {
    model.setHandler((request) =>
      request.prompt.includes('poison')
        ? {
            type: 'error',
            status: 400,
            body: { error: { message: 'This request is not allowed', type: 'invalid_request_error' } },
          }
        : writerReply(request),
    );
    const jobId = await startedJob(t, cookie, bulkPayload(siteId, 'good apples\npoison ivy removal\ngood pears'));
    const { job } = await waitForJob(t, cookie, jobId, isFinal, 60_000);
    expect(job).toMatchObject({
      status: 'completed_with_errors',
      progress: { processed: 3, total: 3, successful: 2, failed: 1 },
      error: null,
    });
    const results = await jobResults(t, cookie, jobId);
    expect(results.results.successful.map((item) => item.topic)).toEqual(['good apples', 'good pears']);
    const [failed] = results.results.failed;
    expect(failed).toMatchObject({ topic: 'poison ivy removal', wordpress_post_id: null });
    expect(failed?.error).toMatch(/This request is not allowed/);

    model.setHandler(writerReply);
    expect((await t.request({ method: 'POST', url: `/api/bulk-jobs/${jobId}/retry`, cookie })).json()).toMatchObject({
      retried: 1,
    });
    const { job: retried } = await waitForJob(t, cookie, jobId, isFinal, 60_000);
    expect(retried).toMatchObject({
      status: 'completed',
      progress: { processed: 3, total: 3, successful: 3, failed: 0 },
    });
    const [item] = (await jobResults(t, cookie, jobId)).results.successful.filter(
      (i) => i.topic === 'poison ivy removal',
    );
    expect(item?.article_id).not.toBe(failed?.article_id);
    // The failed article of the first run stays as the record of that failure.
    expect((await bulkArticles(t)).map((a) => a.status).sort()).toEqual(['draft', 'draft', 'draft', 'failed']);
  });
});

describe('rate limits slow the job down instead of failing it', () => {
  beforeEach(() => setUp(2));

  it('a 429 puts the item back until the time the provider asked for, then it succeeds', async () => {
    let calls = 0;
    model.setHandler((request) =>
      ++calls === 1
        ? {
            type: 'error',
            status: 429,
            headers: { 'retry-after': '1' },
            body: { error: { message: 'Rate limit reached', type: 'rate_limit_error' } },
          }
        : writerReply(request),
    );
    const jobId = await startedJob(t, cookie, bulkPayload(siteId, 'Leaf mould'));
    const stages = new Set<string>();
    const { job, seen } = await waitForJob(
      t,
      cookie,
      jobId,
      (current) => (stages.add(current.stage), isFinal(current)),
      60_000,
    );
    expect(seen).not.toContain('failed');
    expect(stages).toContain("Waiting for the model's rate limit");
    expect(job).toMatchObject({ status: 'completed', progress: { processed: 1, total: 1, successful: 1, failed: 0 } });
    const [item] = await itemRows(t, jobId);
    expect(item!.runs).toBe(2);
    // The rate-limited attempt left nothing behind: one article for one item.
    expect((await bulkArticles(t)).map((a) => [a.id, a.status])).toEqual([[item!.articleId, 'draft']]);
  });
});

describe('cancel', () => {
  beforeEach(() => setUp(2));

  it('starts no new item, aborts the model calls in flight and keeps what finished', async () => {
    model.setHandler(hangWhen(/slow/));
    const jobId = await startedJob(
      t,
      cookie,
      bulkPayload(siteId, 'fast alpha\nslow beta\nslow gamma\nslow delta\nslow epsilon'),
    );
    await waitFor(
      async () => (await jobStatus(t, cookie, jobId)).progress.successful === 1 && model.inFlight === 2,
      60_000,
      50,
    );
    // What the estimate is made of: one item measured, two running now.
    const timing = await new BulkJobsRepository(t.ctx.handle.db, t.services.pipeline).itemTiming(jobId);
    expect(timing).toEqual({ meanItemSeconds: expect.any(Number), runningItems: 2 });
    expect(timing.meanItemSeconds).toBeGreaterThan(0);

    const res = await t.request({ method: 'DELETE', url: `/api/bulk-jobs/${jobId}`, cookie });
    expect(res.statusCode).toBe(200);
    // Two items were running: the job reads 'cancelled' once they have stopped.
    expect(res.json()).toMatchObject({ job_id: jobId, message: BULK_MESSAGES.cancelRequested });
    expect(['processing', 'cancelled']).toContain((res.json() as { status: string }).status);
    await waitFor(async () => model.inFlight === 0, 10_000, 20);
    await waitForJob(t, cookie, jobId, (job) => job.status === 'cancelled', 10_000);

    const job = await jobStatus(t, cookie, jobId);
    expect(job).toMatchObject({
      status: 'cancelled',
      stage: 'Cancelled',
      progress: { processed: 1, total: 5, successful: 1, failed: 0 },
      estimated_completion: null,
    });
    expect((await itemRows(t, jobId)).map((item) => item.status)).toEqual([
      'succeeded',
      'cancelled',
      'cancelled',
      'cancelled',
      'cancelled',
    ]);
    expect(asked('slow delta') || asked('slow epsilon')).toBe(false);
    expect(await queuedEntriesOf(t, jobId)).toEqual([]);
    // The aborted generations are not kept as failed articles; the finished one is.
    expect((await bulkArticles(t)).map((a) => a.status)).toEqual(['draft']);

    const again = await t.request({ method: 'DELETE', url: `/api/bulk-jobs/${jobId}`, cookie });
    expect(again.json()).toMatchObject({ status: 'cancelled', message: 'The job had already finished' });

    // Issue #17 item 15: the results list the items that never ran, and Retry takes them.
    const results = await jobResults(t, cookie, jobId);
    expect(results.results.not_run.map((item) => item.topic)).toEqual([
      'slow beta',
      'slow gamma',
      'slow delta',
      'slow epsilon',
    ]);
    expect(results.results.failed).toEqual([]);
    model.setHandler(writerReply);
    const retry = await t.request({ method: 'POST', url: `/api/bulk-jobs/${jobId}/retry`, cookie });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual({ job_id: jobId, retried: 4, status: 'queued' });
    const { job: done } = await waitForJob(t, cookie, jobId, isFinal, 60_000);
    expect(done).toMatchObject({ status: 'completed', progress: { processed: 5, total: 5, successful: 5, failed: 0 } });
    expect((await bulkArticles(t)).map((a) => a.status)).toEqual(['draft', 'draft', 'draft', 'draft', 'draft']);
    expect((await jobResults(t, cookie, jobId)).results.not_run).toEqual([]);

    // The job history lists it, newest first, with its site.
    const history = await t.request({ method: 'GET', url: '/api/bulk-jobs', cookie });
    expect(history.statusCode).toBe(200);
    expect((history.json() as { jobs: unknown[] }).jobs[0]).toMatchObject({
      job_id: jobId,
      status: 'completed',
      site_id: siteId,
      not_run: 0,
      progress: { successful: 5, total: 5 },
    });
  });

  it('the job history lists the latest jobs newest first, with the items a cancel left unrun', async () => {
    model.setHandler(hangWhen(/slow/));
    const first = await startedJob(t, cookie, bulkPayload(siteId, 'fast one'));
    await waitForJob(t, cookie, first, isFinal, 60_000);
    const second = await startedJob(t, cookie, bulkPayload(siteId, 'slow one\nslow two\nslow three'));
    await waitFor(async () => model.inFlight === 2, 30_000, 50);
    await t.request({ method: 'DELETE', url: `/api/bulk-jobs/${second}`, cookie });
    await waitForJob(t, cookie, second, (job) => job.status === 'cancelled', 10_000);
    const { jobs } = (await t.request({ method: 'GET', url: '/api/bulk-jobs', cookie })).json() as {
      jobs: {
        job_id: string;
        status: string;
        not_run: number;
        site_name: string | null;
        task_type: string;
        created_at: string;
      }[];
    };
    expect(jobs.map((job) => [job.job_id, job.status, job.not_run])).toEqual([
      [second, 'cancelled', 3],
      [first, 'completed', 0],
    ]);
    expect(jobs[0]).toMatchObject({
      site_name: expect.any(String),
      task_type: 'Blog Post',
      created_at: expect.any(String),
    });
    // Without a session: 401, like every other route.
    expect((await t.request({ method: 'GET', url: '/api/bulk-jobs' })).statusCode).toBe(401);
  });
});

describe('Clear Stuck Jobs', () => {
  beforeEach(() => setUp(4));

  it('fails the jobs that made no progress for BULK_STUCK_MINUTES, removes their queue entries, and leaves healthy jobs alone', async () => {
    model.setHandler(hangWhen(/healthy|stuck/));
    const healthy = await startedJob(t, cookie, bulkPayload(siteId, 'healthy one\nhealthy two'));
    await waitFor(async () => model.inFlight === 2, 30_000, 50);
    const stuck = await startedJob(t, cookie, bulkPayload(siteId, 'stuck one\nstuck two\nstuck three\nstuck four'));
    await waitFor(async () => model.inFlight === 4, 30_000, 50);

    expect((await t.request({ method: 'POST', url: '/api/bulk-jobs/clear-stuck', cookie })).json()).toEqual({
      cleared: 0,
      job_ids: [],
    });
    await ageJob(t, stuck, 31);
    // Idle that long, but a live worker still runs its items (their entries' heartbeats are fresh): it is being worked on.
    expect((await t.request({ method: 'POST', url: '/api/bulk-jobs/clear-stuck', cookie })).json()).toEqual({
      cleared: 0,
      job_ids: [],
    });
    // Its worker froze: the heartbeats of its runs lapse.
    await lapseHeartbeats(t, stuck);
    const res = await t.request({ method: 'POST', url: '/api/bulk-jobs/clear-stuck', cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ cleared: 1, job_ids: [stuck] });

    const cleared = await jobStatus(t, cookie, stuck);
    expect(cleared).toMatchObject({
      status: 'failed',
      stage: 'Cleared as stuck',
      progress: { processed: 4, total: 4, successful: 0, failed: 4 },
    });
    expect(cleared.error).toMatch(/^No item made progress for 30 minutes/);
    expect(await queuedEntriesOf(t, stuck)).toEqual([]);
    // Its two runs are aborted; the healthy job's two keep going.
    await waitFor(async () => model.inFlight === 2, 10_000, 20);
    expect(asked('stuck three') || asked('stuck four')).toBe(false);
    const healthyJob = await jobRow(t, healthy);
    expect(healthyJob).toMatchObject({ status: 'processing', processed: 0 });
    expect((await itemRows(t, healthy)).map((item) => item.status)).toEqual(['running', 'running']);

    // Retry Failed takes the cleared items up again.
    model.setHandler(hangWhen(/healthy/));
    expect((await t.request({ method: 'POST', url: `/api/bulk-jobs/${stuck}/retry`, cookie })).json()).toMatchObject({
      retried: 4,
    });
    const { job } = await waitForJob(t, cookie, stuck, isFinal, 60_000);
    expect(job).toMatchObject({ status: 'completed', progress: { processed: 4, total: 4, successful: 4, failed: 0 } });
    await t.request({ method: 'DELETE', url: `/api/bulk-jobs/${healthy}`, cookie });
  });
});

describe('Clear Stuck Jobs leaves jobs that are being worked on or waiting their turn', () => {
  beforeEach(() => setUp(1));

  const clearStuck = async () =>
    (await t.request({ method: 'POST', url: '/api/bulk-jobs/clear-stuck', cookie })).json() as {
      cleared: number;
      job_ids: string[];
    };

  it('a slow item run by a live worker, and a job queued behind it, are not stuck; once its heartbeat lapses with nothing else running, both are', async () => {
    model.setHandler(hangWhen(/slow/));
    const slow = await startedJob(t, cookie, bulkPayload(siteId, 'slow item'));
    await waitFor(async () => model.inFlight === 1, 30_000, 50);
    const waiting = await startedJob(t, cookie, bulkPayload(siteId, 'waiting one\nwaiting two'));

    // The queue hands out the oldest entries first: the second job has not started for BULK_STUCK_MINUTES because the first one holds the only slot.
    await ageJob(t, waiting, 31);
    expect(await clearStuck()).toEqual({ cleared: 0, job_ids: [] });
    // The first job's one item has run that long: its heartbeat is fresh, so a live process is working on it (and the second job still waits behind it).
    await ageJob(t, slow, 31);
    expect(await clearStuck()).toEqual({ cleared: 0, job_ids: [] });
    expect((await jobRow(t, slow)).status).toBe('processing');
    expect((await itemRows(t, waiting)).map((item) => item.status)).toEqual(['pending', 'pending']);

    // Its worker froze: nothing works on either job any more.
    await lapseHeartbeats(t, slow);
    const cleared = await clearStuck();
    expect(cleared.job_ids.sort()).toEqual([slow, waiting].sort());
    expect(cleared.cleared).toBe(2);
    expect(await jobStatus(t, cookie, waiting)).toMatchObject({
      status: 'failed',
      stage: 'Cleared as stuck',
      progress: { processed: 2, total: 2, successful: 0, failed: 2 },
    });
    await waitFor(async () => model.inFlight === 0, 10_000, 20);
    expect(asked('waiting')).toBe(false);
  });
});

describe('cancel while nothing runs', () => {
  beforeEach(() => setUp(1));

  it('a job no item of which has started is cancelled at once, with its queue entries', async () => {
    model.setHandler(hangWhen(/blocker/));
    const blocker = await startedJob(t, cookie, bulkPayload(siteId, 'blocker item'));
    await waitFor(async () => model.inFlight === 1, 30_000, 50);
    const waiting = await startedJob(t, cookie, bulkPayload(siteId, 'second job one\nsecond job two'));
    const res = await t.request({ method: 'DELETE', url: `/api/bulk-jobs/${waiting}`, cookie });
    expect(res.json()).toEqual({ job_id: waiting, status: 'cancelled', message: BULK_MESSAGES.cancelRequested });
    expect((await jobStatus(t, cookie, waiting)).stage).toBe('Cancelled');
    expect(await queuedEntriesOf(t, waiting)).toEqual([]);
    await t.request({ method: 'DELETE', url: `/api/bulk-jobs/${blocker}`, cookie });
    await waitForJob(t, cookie, blocker, isFinal, 10_000);
    expect(asked('second job')).toBe(false);
  });
});
