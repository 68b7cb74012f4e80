import type { AddressInfo } from 'node:net';
import { healthResponseSchema } from '@abp/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSite } from '../sites/sites-helpers.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { bulkPayload, isFinal, jobStatus, startedJob, waitForJob } from './bulk-helpers.js';

/*
 * The event loop belongs to requests (issue #13): a job made only of CPU work on this thread —
 * the offline writer and the embedded database, both of which resolve without any I/O — must still
 * let a request through. Proven by order, not by timing: requests sent over a real socket once the
 * job has started are answered while items of the job are still unfinished. Before the fix they
 * were answered only after the whole job.
 */

const ITEMS = 40;
let t: TestApp;
let cookie: string;
let baseUrl: string;

beforeEach(async () => {
  t = await createTestApp();
  cookie = await t.login();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterEach(() => t.close());

describe('requests are answered while a CPU-bound job runs', () => {
  it('health and the articles list answer before a bulk job on the offline writer has finished', async () => {
    const siteId = (await createSite(t, cookie, { name: 'Busy Blog' })).id;
    const topics = Array.from({ length: ITEMS }, (_, i) => `Soil science part ${i + 1}`);
    const jobId = await startedJob(t, cookie, bulkPayload(siteId, topics, { wordCount: 3000, postToWordPress: false }));
    // The job is under way: at least one item done. (Without yielding, this poll itself would only
    // get its turn once the job had finished, and the assertions below would fail.)
    await waitForJob(t, cookie, jobId, (job) => job.progress.processed >= 1, 60_000);

    const [health, list] = await Promise.all([
      fetch(`${baseUrl}/api/health`),
      fetch(`${baseUrl}/api/articles?limit=10`, { headers: { cookie } }),
    ]);
    const during = await jobStatus(t, cookie, jobId);

    expect(health.status).toBe(200);
    expect(list.status).toBe(200);
    expect(during.progress.processed).toBeLessThan(ITEMS);
    expect(during.status).toBe('processing');
    const body = healthResponseSchema.parse(await health.json());
    expect(body.eventLoop.maxMs).toBeGreaterThanOrEqual(body.eventLoop.p99Ms);

    const { job } = await waitForJob(t, cookie, jobId, isFinal, 120_000);
    expect(job.progress).toMatchObject({ processed: ITEMS, successful: ITEMS });
  }, 180_000);
});
