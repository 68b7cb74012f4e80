import type { Job } from 'pg-boss';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { JobPayload } from '../../src/jobs/catalogue.js';
import { MAX_TRANSIENT_ATTEMPTS } from '../../src/modules/article-pipeline/production-runner.js';
import { insertSite } from '../articles/article-fixtures.js';
import { StatefulWordPressServer } from '../articles/stateful-wordpress-server.js';
import { bulkPayload, itemRows, startedJob } from '../bulk-jobs/bulk-helpers.js';
import { createTestApp, type TestApp } from '../test-app.js';

/*
 * Issue #34: one retry policy. A WordPress create is never repeated by the transport (it is not
 * idempotent); the pipeline's unit retry is the only layer that sends it again, and pg-boss' retry
 * of an entry whose run was cut off counts as one of those tries instead of multiplying them. The
 * site is a WordPress over real HTTP that answers every create with 503; the unit is a bulk item's.
 */
let t: TestApp;
let cookie: string;
let wordpress: StatefulWordPressServer;
let siteId: number;

const CREATE = 'POST /wp-json/wp/v2/posts';
const creates = () => wordpress.requests.filter((request) => request === CREATE).length;

beforeAll(async () => {
  // A web-only app queues entries but runs none: each run below is one pg-boss would make.
  t = await createTestApp({ role: 'web' });
  cookie = await t.login();
  wordpress = await StatefulWordPressServer.start();
  siteId = (await insertSite(t, { url: wordpress.url, restRoot: `${wordpress.url}/wp-json/` })).id;
});
beforeEach(() => {
  wordpress.requests.length = 0;
  wordpress.failCreatesWith = 503;
  wordpress.retryAfter = null;
  wordpress.onCreate = null;
});
afterAll(async () => {
  await wordpress.close();
  await t.close();
});

async function queuedUnit(topic: string): Promise<string> {
  const jobId = await startedJob(t, cookie, bulkPayload(siteId, topic, { publishStatus: 'publish' }));
  const [item] = await itemRows(t, jobId);
  return `bulk-item:${item!.id}`;
}

/**
 * Runs a unit's entries through the real `article.produce` handler as pg-boss delivers them: an
 * entry whose handler throws (its run was cut off) is delivered again under the same id with its
 * retry count raised, up to the job's own retryLimit; an entry that hands the unit on is followed
 * by the new one (its delay skipped). Ends when the unit is finished or pg-boss would give up.
 */
async function runLikePgBoss(originKey: string, cutOff: { current: AbortController | null }) {
  const definition = t.services.pipeline.job();
  const retryLimit = definition.queue?.retryLimit ?? 0;
  const deliveries: { entry: string; retryCount: number }[] = [];
  for (let entries = 0; entries < 60; entries++) {
    const unit = await t.services.pipeline.units.find(originKey);
    if (!unit || unit.state === 'finished') return { unit, deliveries, gaveUp: false };
    const entry = unit.queueJobId!;
    for (let retryCount = 0; ; retryCount++) {
      const worker = new AbortController();
      cutOff.current = worker;
      deliveries.push({ entry, retryCount });
      const job = { id: entry, name: 'article.produce', data: { originKey }, retryCount, signal: worker.signal };
      try {
        await definition.handler({ originKey }, job as unknown as Job<JobPayload<'articleProduce'>>);
        break;
      } catch {
        if (retryCount >= retryLimit)
          return { unit: await t.services.pipeline.units.find(originKey), deliveries, gaveUp: true };
      }
    }
  }
  throw new Error('the unit never finished');
}

describe('how often one WordPress create is sent when the site answers 503', () => {
  it('the unit retry alone sends it again: MAX_TRANSIENT_ATTEMPTS sends, then the item fails', async () => {
    const originKey = await queuedUnit('Retry layers of mulch');
    const cutOff = { current: null as AbortController | null };
    const { unit, gaveUp } = await runLikePgBoss(originKey, cutOff);
    expect(gaveUp).toBe(false);
    expect(unit).toMatchObject({
      state: 'finished',
      result: 'failed',
      attempts: MAX_TRANSIENT_ATTEMPTS,
      failures: MAX_TRANSIENT_ATTEMPTS - 1,
    });
    expect(unit!.error).toMatch(/WordPress post create failed: The site failed with HTTP 503/);
    expect(creates()).toBe(MAX_TRANSIENT_ATTEMPTS);
    // Before each send after the first the post was looked up by its marker (an answer may have been lost).
    expect(wordpress.requests.filter((r) => r.startsWith('GET /wp-json/wp/v2/posts?'))).toHaveLength(
      MAX_TRANSIENT_ATTEMPTS - 1,
    );
  });

  it('runs cut off after each send are not tried again by pg-boss on top of the unit retry: 3 sends in all (was 8)', async () => {
    const originKey = await queuedUnit('Retry layers of compost');
    const cutOff = { current: null as AbortController | null };
    // The worst case: the first two creates fail plainly (the runner hands the unit on twice), then
    // every run is cut off right after its create went out (the process stops, the worker dies).
    wordpress.onCreate = () => {
      if (creates() > 2) cutOff.current?.abort(new Error('the worker stopped'));
    };
    const { unit, deliveries, gaveUp } = await runLikePgBoss(originKey, cutOff);
    expect(creates()).toBe(MAX_TRANSIENT_ATTEMPTS);
    // The runner, not pg-boss, ends the unit: failed with the reason, never left running.
    expect(gaveUp).toBe(false);
    expect(unit).toMatchObject({ state: 'finished', result: 'failed' });
    expect(unit!.error).toMatch(/failed or were cut off before they ended \(a worker stopped\) 3 times/);
    // The last delivery (pg-boss' retry of the cut-off run) ended it without a request to WordPress.
    expect(deliveries.at(-1)!.retryCount).toBeGreaterThan(0);
    expect(wordpress.posts.size).toBe(0);
  });

  it('a unit cut off again and again by restarts of the embedded process ends failed, not resumed for ever', async () => {
    const originKey = await queuedUnit('Retry layers of straw');
    for (let start = 1; start <= MAX_TRANSIENT_ATTEMPTS; start++) {
      // A run takes the unit, and the process dies: the next start hands it to a new entry, due now.
      const unit = await t.services.pipeline.units.find(originKey);
      expect(await t.services.pipeline.units.claim(originKey, unit!.queueJobId!)).not.toBeNull();
      expect(await t.services.pipeline.resumeCutOff()).toBe(1);
      expect(await t.services.pipeline.units.find(originKey)).toMatchObject({ state: 'queued', failures: start });
    }
    const unit = await t.services.pipeline.units.find(originKey);
    const end = await t.services.pipeline.runner.run(originKey, { queueJobId: unit!.queueJobId! });
    expect(end).toMatchObject({ status: 'finished', end: { result: 'failed' } });
    expect(wordpress.requests).toEqual([]);
  });

  it("waits do not use up a unit's tries: after five rate limits, a run cut off once is carried on and publishes", async () => {
    wordpress.failCreatesWith = 429;
    wordpress.retryAfter = 1;
    const originKey = await queuedUnit('Retry layers of bark chips');
    const cutOff = { current: null as AbortController | null };
    wordpress.onCreate = () => {
      // Five creates meet the site's rate limit; the sixth a 503 and its run is cut off; the seventh goes through.
      if (creates() === 6) {
        wordpress.failCreatesWith = 503;
        cutOff.current?.abort(new Error('the worker stopped'));
      }
      if (creates() === 7) wordpress.failCreatesWith = null;
    };
    const { unit, gaveUp } = await runLikePgBoss(originKey, cutOff);
    expect(gaveUp).toBe(false);
    expect(unit).toMatchObject({ state: 'finished', result: 'succeeded', attempts: 7, failures: 1 });
    expect(creates()).toBe(7);
    expect(wordpress.posts.size).toBe(1);
  });

  it("a site in maintenance (503 with Retry-After) is waited for as asked, within the unit's few tries", async () => {
    wordpress.retryAfter = 600;
    const originKey = await queuedUnit('Retry layers of leaf mould');
    const unit = await t.services.pipeline.units.find(originKey);
    const before = Date.now();
    const end = await t.services.pipeline.runner.run(originKey, { queueJobId: unit!.queueJobId! });
    expect(end.status).toBe('later');
    if (end.status !== 'later') return;
    // Transient (three tries), not a rate limit (forty waits); the wait is what the site asked for.
    expect(end.decision.kind).toBe('transient');
    expect(end.at.getTime() - before).toBeGreaterThanOrEqual(600_000);
    expect(end.at.getTime() - before).toBeLessThan(610_000);
    expect(creates()).toBe(1);
  });
});
