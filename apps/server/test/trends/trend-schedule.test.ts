import type { Dashboard } from '@abp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeedReader } from '../../src/integrations/trends/index.js';
import { JOBS } from '../../src/jobs/catalogue.js';
import { OutboundHttp } from '../../src/lib/outbound/index.js';
import { TREND_SCHEDULE_CRON, TrendMonitorService } from '../../src/modules/trends/trend-monitor.service.js';

const TREND_SCHEDULE_JOB = JOBS.trendSchedule.name;

import { TrendRunsRepository } from '../../src/modules/trends/trend-runs.repository.js';
import { createTestApp, type TestApp, waitFor } from '../test-app.js';

const HOUR = 3_600_000;
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.login();
});
afterAll(async () => t?.close());

/** The monitor with a fixed interval and a clock the test sets. */
function monitorAt(now: Date, intervalHours: number) {
  return new TrendMonitorService(
    new TrendRunsRepository(t.ctx.handle.db),
    t.services.trendChecks,
    t.ctx.queue,
    { resolve: async () => ({ intervalHours }) },
    () => now,
  );
}

const idle = () => waitFor(async () => !(await t.services.trends.monitorStatus()).isRunning, 20_000, 200);

describe('scheduled checks', () => {
  it('workers register the schedule tick', async () => {
    const schedule = await t.ctx.queue.boss.getSchedule(TREND_SCHEDULE_JOB);
    expect(schedule?.cron).toBe(TREND_SCHEDULE_CRON);
  });

  it('interval 0 turns them off', async () => {
    expect(await monitorAt(new Date(), 0).scheduleTick(new Date(0))).toBe('off');
  });

  it('the first check comes one interval after the schedule began, then one interval after the last check', async () => {
    const began = new Date(Date.now() - 3 * HOUR);
    expect(await monitorAt(new Date(), 4).scheduleTick(began)).toBe('not-due');
    expect(await monitorAt(new Date(began.getTime() + 4 * HOUR), 4).scheduleTick(began)).toBe('started');
    await idle();
    const [run] = (await t.services.trends.logs({ limit: 1, offset: 0 })).items;
    // The test app's feed is unreachable: the run completes with that error logged.
    expect(run).toMatchObject({
      trigger: 'schedule',
      status: 'completed',
      errors: [expect.objectContaining({ scope: 'feed' })],
    });

    const last = new Date(run!.created_at);
    expect(await monitorAt(new Date(last.getTime() + 3 * HOUR), 4).scheduleTick(began)).toBe('not-due');
    // A slow feed keeps this check running while the next tick comes.
    t.services.trendChecks.feedReader = new FeedReader({
      outbound: new OutboundHttp({
        transport: async () =>
          new Promise<Response>((_resolve, reject) => setTimeout(() => reject(new Error('slow')), 1500)),
      }),
    });
    expect(await monitorAt(new Date(last.getTime() + 4 * HOUR), 4).scheduleTick(began)).toBe('started');
    // A check already queued or running is left alone.
    expect(await monitorAt(new Date(last.getTime() + 9 * HOUR), 4).scheduleTick(began)).toBe('busy');
    await idle();
    t.services.trendChecks.feedReader = new FeedReader();
  });
});

describe('the dashboard', () => {
  it('shows the real trend monitor status and the last execution', async () => {
    const res = await t.request({ method: 'GET', url: '/api/dashboard', cookie });
    const dashboard = res.json() as Dashboard;
    const [last] = (await t.services.trends.logs({ limit: 1, offset: 0 })).items;
    expect(dashboard.trend_monitor).toEqual({ isRunning: false, activeJobs: 0 });
    expect(dashboard.trend_stats.last_execution).toEqual({
      trends_found: last!.trends_found,
      articles_generated: last!.articles_generated,
      articles_published: last!.articles_published,
      execution_time_ms: last!.execution_time_ms,
      created_at: last!.created_at,
      unreachable_feeds: last!.errors
        .filter((error) => error.scope === 'feed')
        .map((error) => ({ feed: error.target, reason: error.message })),
    });
  });
});
