import { BULK_LIMITS } from '@abp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useFakeWordPress } from '../articles/publish-helpers.js';
import { createSite } from '../sites/sites-helpers.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { bulkPayload, itemRows, jobResults, jobRow, jobStatus, startBulk, startedJob } from './bulk-helpers.js';

// A web-only process: jobs are accepted and stored but no item runs, so what was stored stays as it is.
let t: TestApp;
let cookie: string;
let siteId: number;
let inactiveSiteId: number;

beforeAll(async () => {
  t = await createTestApp({ role: 'web' });
  cookie = await t.login();
  useFakeWordPress(t);
  siteId = (await createSite(t, cookie, { name: 'Garden Blog', url: 'https://garden.example' })).id;
  inactiveSiteId = (await createSite(t, cookie, { name: 'Old Blog', url: 'https://old.example', is_active: false })).id;
});
afterAll(() => t.close());

async function expectFieldError(payload: Record<string, unknown>, field: string, message?: RegExp) {
  const res = await startBulk(t, cookie, payload);
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json() as { code: string; details: { field: string; message: string }[] };
  expect(body.code).toBe('validation');
  expect(body.details[0]?.field).toBe(field);
  if (message) expect(body.details[0]?.message).toMatch(message);
}

describe('POST /api/bulk-jobs/start validation', () => {
  it('refuses an empty list, or one of blank lines only, naming items_list', async () => {
    await expectFieldError(bulkPayload(siteId, ''), 'items_list', /^Please enter at least one item$/);
    await expectFieldError(bulkPayload(siteId, '  \n\t\n   \r\n'), 'items_list', /at least one item/);
    await expectFieldError(bulkPayload(siteId, []), 'items_list');
  });

  it('refuses more than 1,000 items and items longer than the engine takes', async () => {
    const lines = Array.from({ length: BULK_LIMITS.maxItems + 1 }, (_, i) => `topic ${i}`);
    await expectFieldError(
      bulkPayload(siteId, lines.join('\n')),
      'items_list',
      /At most 1000 items per job \(got 1001\)/,
    );
    await expectFieldError(
      bulkPayload(siteId, `fine\n${'x'.repeat(501)}`),
      'items_list',
      /Item 2 is longer than 500 characters/,
    );
  });

  it('accepts exactly 1,000 items', async () => {
    const lines = Array.from({ length: BULK_LIMITS.maxItems }, (_, i) => `topic ${i}`);
    const jobId = await startedJob(t, cookie, bulkPayload(siteId, lines.join('\n')));
    expect((await jobRow(t, jobId)).total).toBe(1000);
    const items = await itemRows(t, jobId);
    expect(items).toHaveLength(1000);
    // One unit of the article pipeline per item, each with its own queue entry.
    const units = await Promise.all(items.map((item) => t.services.pipeline.units.find(`bulk-item:${item.id}`)));
    expect(units.every((unit) => unit?.origin === 'bulk' && unit.context.jobId === jobId)).toBe(true);
    expect(new Set(units.map((unit) => unit?.queueJobId)).size).toBe(1000);
  });

  it('refuses a missing, unknown or inactive site, naming site_id', async () => {
    await expectFieldError(bulkPayload(null, 'a topic'), 'site_id', /select a site/);
    await expectFieldError({ items_list: 'a topic', task_type: 'Blog Post' }, 'site_id');
    await expectFieldError(bulkPayload(999_999, 'a topic'), 'site_id', /No site with id 999999/);
    await expectFieldError(bulkPayload(inactiveSiteId, 'a topic'), 'site_id', /inactive/);
  });

  it('refuses a word count outside 500–5,000 or not a whole number, naming options.wordCount', async () => {
    for (const wordCount of [499, 5001, 0, -1, 1000.5, 'many', '12e']) {
      await expectFieldError(
        bulkPayload(siteId, 'a topic', { wordCount }),
        'options.wordCount',
        /whole number from 500 to 5000/,
      );
    }
  });

  it('an empty word count falls back to 1,500; 500, 5,000 and numeric text are accepted', async () => {
    for (const [wordCount, stored] of [
      ['', 1500],
      [null, 1500],
      [undefined, 1500],
      ['  ', 1500],
      [500, 500],
      [5000, 5000],
      [' 2500 ', 2500],
    ] as const) {
      const jobId = await startedJob(t, cookie, bulkPayload(siteId, 'a topic', { wordCount }));
      expect((await jobRow(t, jobId)).options.wordCount).toBe(stored);
    }
  });

  it('refuses an unknown task type and a malformed body', async () => {
    const res = await startBulk(t, cookie, { ...bulkPayload(siteId, 'a topic'), task_type: 'Poem' });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { details: { field: string }[] }).details[0]?.field).toBe('body.task_type');
    const bad = await startBulk(t, cookie, { ...bulkPayload(siteId, 'a topic'), options: { publishStatus: 'live' } });
    expect(bad.statusCode).toBe(400);
  });

  it('trims lines, drops empty ones and merges duplicate lines with a notice, in order (issue #18 item 12)', async () => {
    const res = await startBulk(
      t,
      cookie,
      bulkPayload(
        siteId,
        '  Compost basics  \n\n\tRaised beds\ncompost   BASICS\r\n   \nSoil   testing kits\nRaised beds',
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    const started = res.json<{ job_id: string; notices: string[] }>();
    expect(started.notices).toEqual([
      '2 duplicate lines were merged, one article each: "Compost basics" (2 times), "Raised beds" (2 times).',
    ]);
    const jobId = started.job_id;
    const items = await itemRows(t, jobId);
    expect(items.map((item) => [item.position, item.originalItem, item.topic, item.status])).toEqual([
      [0, 'Compost basics', 'Compost basics', 'pending'],
      [1, 'Raised beds', 'Raised beds', 'pending'],
      [2, 'Soil   testing kits', 'Soil testing kits', 'pending'],
    ]);
    const job = await jobRow(t, jobId);
    expect(job).toMatchObject({
      status: 'queued',
      total: 3,
      processed: 0,
      successful: 0,
      failed: 0,
      siteId,
      taskType: 'Blog Post',
    });
    expect(job.options).toEqual({
      includeImages: false,
      publishStatus: 'draft',
      wordCount: 500,
      persona: '',
      postToWordPress: true,
    });
  });

  it('refuses one-character items the way the single form refuses a short topic (issue #18 item 12)', async () => {
    const res = await startBulk(t, cookie, bulkPayload(siteId, 'Compost basics\na\nb'));
    expect(res.statusCode).toBe(400);
    expect(res.json<{ details: { field: string; message: string }[] }>().details[0]).toEqual({
      field: 'items_list',
      message: 'Item 2 ("a"): Topic must be at least 3 characters long',
    });
  });

  it('a job no worker has taken up yet reads as queued, with no estimate and empty results', async () => {
    const jobId = await startedJob(t, cookie, bulkPayload(siteId, 'one\ntwo'));
    expect(await jobStatus(t, cookie, jobId)).toEqual({
      job_id: jobId,
      status: 'queued',
      stage: 'Waiting to start',
      progress: { processed: 0, total: 2, successful: 0, failed: 0 },
      estimated_completion: null,
      error: null,
      // Nothing called yet, nothing spent (issue #16).
      cost: {
        spent_usd: 0,
        calls: 0,
        input_tokens: 0,
        output_tokens: 0,
        estimated: false,
        estimate_to_finish_usd: null,
      },
    });
    expect((await jobResults(t, cookie, jobId)).results).toEqual({ successful: [], failed: [], not_run: [] });
    const retry = await t.request({ method: 'POST', url: `/api/bulk-jobs/${jobId}/retry`, cookie });
    expect(retry.statusCode).toBe(409);
    expect(retry.json()).toMatchObject({
      error: 'The job is still running: retry its failed items once it has finished',
    });
  });

  it('takes the items list as an array too, and applies the option defaults', async () => {
    const jobId = await startedJob(t, cookie, { items_list: [' one ', '', 'two'], site_id: String(siteId) });
    expect((await itemRows(t, jobId)).map((item) => item.topic)).toEqual(['one', 'two']);
    const job = await jobRow(t, jobId);
    expect(job.taskType).toBe('Blog Post');
    expect(job.options).toEqual({
      includeImages: true,
      publishStatus: 'draft',
      wordCount: 1500,
      persona: '',
      postToWordPress: true,
    });
  });
});

describe('unknown jobs and sessions', () => {
  it('answers 404 { error: "Job not found" } for every call on an unknown job', async () => {
    for (const [method, url] of [
      ['GET', '/api/bulk-jobs/nope/status'],
      ['GET', '/api/bulk-jobs/nope/results'],
      ['POST', '/api/bulk-jobs/nope/retry'],
      ['DELETE', '/api/bulk-jobs/nope'],
    ] as const) {
      const res = await t.request({ method, url, cookie });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ error: 'Job not found' });
    }
  });

  it('needs a session and the X-Requested-With header', async () => {
    expect(
      (await t.request({ method: 'POST', url: '/api/bulk-jobs/start', payload: bulkPayload(siteId, 'a') })).statusCode,
    ).toBe(401);
    const res = await t.app.inject({ method: 'POST', url: '/api/bulk-jobs/clear-stuck', headers: { cookie } });
    expect(res.statusCode).toBe(403);
  });
});
