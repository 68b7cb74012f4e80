import type { BlogConfig, Budgets } from '@abp/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { modelCalls } from '../../src/db/schema/index.js';
import { bulkPayload, isFinal, jobStatus, startBulk, startedJob, waitForJob } from '../bulk-jobs/bulk-helpers.js';
import { type FakeModelApp, startFakeModelApp } from '../llm/fake-model-app.js';
import { generate, manualPayload } from '../manual/manual-helpers.js';
import { configValues, setNextPostAt } from '../scheduler/scheduler-fixtures.js';
import { createSite } from '../sites/sites-helpers.js';
import type { TestApp } from '../test-app.js';

// Issue #16 part 2: monthly budgets that hold — work for a site waits once its budget is reached.
let t: TestApp;
let cookie: string;
let siteId: number;

async function putBudgets(body: Record<string, unknown>) {
  return t.request({ method: 'PUT', url: '/api/settings/budgets', cookie, payload: body });
}
async function budgets(): Promise<Budgets> {
  return (await t.request({ method: 'GET', url: '/api/settings/budgets', cookie })).json<Budgets>();
}
/** Spend recorded as if a model had been called for the site (a dollar amount, this month). */
async function spend(usd: number, site: number | null = siteId) {
  await t.ctx.handle.db.insert(modelCalls).values({
    provider: 'openai',
    model: 'gpt-4o',
    inputTokens: 1,
    outputTokens: 1,
    costNanos: Math.round(usd * 1e9),
    outcome: 'ok',
    source: 'bulk',
    siteId: site,
  });
}

let app: FakeModelApp;
beforeEach(async () => {
  app = await startFakeModelApp({ concurrency: 1 });
  ({ t, cookie, siteId } = app);
});

afterEach(() => app.close());

describe('monthly budgets', () => {
  it('stop a running bulk job after its current item, refuse new jobs and manual articles with a 409 naming the budget, and go on once overridden', async () => {
    // A dollar per thousand tokens: the first article alone passes the $1 budget.
    await t.request({
      method: 'PUT',
      url: '/api/settings/prices',
      cookie,
      payload: {
        prices: [
          { provider: 'openai-compatible', model: 'fake-model', input_per_million: 1000, output_per_million: 1000 },
        ],
      },
    });
    expect((await putBudgets({ monthly_usd: null, sites: [{ site_id: siteId, monthly_usd: 1 }] })).statusCode).toBe(
      200,
    );

    // Three articles cross a budget of one: since issue #37 such a start is confirmed (budget-before-spend.test.ts).
    const jobId = await startedJob(t, cookie, {
      ...bulkPayload(siteId, ['Pruning roses', 'Feeding roses', 'Rose pests'], { postToWordPress: false }),
      confirm_budget: true,
    });
    const { job } = await waitForJob(t, cookie, jobId, isFinal, 60_000);
    expect(job.status).toBe('completed_with_errors');
    expect(job.progress).toMatchObject({ successful: 1, failed: 2 });
    const results = (await t.request({ method: 'GET', url: `/api/bulk-jobs/${jobId}/results`, cookie })).json<{
      job: { results: { failed: { error: string | null }[] } };
    }>().job.results;
    expect(results.failed.map((item) => item.error)).toEqual([
      expect.stringMatching(
        /^The monthly budget of Garden Blog \(\$1\.00\) is reached: \$\d+\.\d\d spent\. New articles for Garden Blog wait\./,
      ),
      expect.any(String),
    ]);
    expect(job.cost.spent_usd).toBeGreaterThan(1);

    const state = (await budgets()).states;
    expect(state).toEqual([
      expect.objectContaining({ site_id: siteId, name: 'Garden Blog', limit_usd: 1, state: 'reached' }),
    ]);

    // Retrying the job's failed items would only fail them again: refused, naming the budget, and nothing is queued.
    const retry = await t.request({ method: 'POST', url: `/api/bulk-jobs/${jobId}/retry`, cookie });
    expect(retry.statusCode).toBe(409);
    expect(retry.json().error).toMatch(
      /^The monthly budget of Garden Blog \(\$1\.00\) is reached.*Raise it or override it/,
    );
    expect(await jobStatus(t, cookie, jobId)).toMatchObject({
      status: 'completed_with_errors',
      progress: { failed: 2 },
    });

    const refused = await startBulk(t, cookie, bulkPayload(siteId, ['Rose hips'], { postToWordPress: false }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatch(
      /The monthly budget of Garden Blog \(\$1\.00\) is reached.*Raise it or override it/,
    );
    const manual = await generate(t, cookie, manualPayload(siteId, 'Rose hips tea'));
    expect(manual.statusCode).toBe(409);
    expect(manual.json().error).toMatch(/The monthly budget of Garden Blog/);

    // Another site has no budget of its own: it goes on.
    const other = (await createSite(t, cookie, { name: 'Kitchen Blog', url: 'https://kitchen.example' })).id;
    expect((await startBulk(t, cookie, bulkPayload(other, ['Sourdough'], { postToWordPress: false }))).statusCode).toBe(
      200,
    );

    // Overridden for this month: work goes on, and the state says so.
    const overridden = await t.request({
      method: 'POST',
      url: '/api/settings/budgets/override',
      cookie,
      payload: { site_id: siteId },
    });
    expect(overridden.statusCode).toBe(200);
    expect(overridden.json<Budgets>().states[0]).toMatchObject({
      state: 'overridden',
      message: expect.stringContaining('allowed to go on this month'),
    });
    expect(
      (await startBulk(t, cookie, bulkPayload(siteId, ['Rose hips'], { postToWordPress: false }))).statusCode,
    ).toBe(200);
    expect(await t.request({ method: 'POST', url: `/api/bulk-jobs/${jobId}/retry`, cookie })).toMatchObject({
      statusCode: 200,
    });
  });

  it('pause a site’s schedule (its due slot is not taken) until the budget is raised', async () => {
    const config = await t.services.blogConfigs.create(configValues(siteId));
    await setNextPostAt(t, config.id, new Date(Date.now() - 60_000));
    await putBudgets({ monthly_usd: 5, sites: [] });
    await spend(5, null);
    expect((await t.services.scheduler.tick()).claimed).toHaveLength(0);
    expect((await budgets()).states).toEqual([
      expect.objectContaining({ site_id: null, name: 'All sites', state: 'reached', spent_usd: 5, percent: 100 }),
    ]);

    await putBudgets({ monthly_usd: 10, sites: [] });
    expect((await t.services.scheduler.tick()).claimed).toHaveLength(1);
  });

  it('show on /api/config which schedules a reached budget pauses, since when, and how they go on (issue #31)', async () => {
    const garden = await t.services.blogConfigs.create(configValues(siteId));
    const kitchenSite = (await createSite(t, cookie, { name: 'Kitchen Blog', url: 'https://kitchen.example' })).id;
    const kitchen = await t.services.blogConfigs.create(configValues(kitchenSite));
    await putBudgets({ monthly_usd: null, sites: [{ site_id: siteId, monthly_usd: 5 }] });
    const at = (msAgo: number) => new Date(Date.now() - msAgo);
    const calls = [
      { usd: 2, at: at(3000) },
      { usd: 4, at: at(2000) },
      { usd: 1, at: at(1000) },
    ];
    for (const call of calls)
      await t.ctx.handle.db.insert(modelCalls).values({
        provider: 'openai',
        model: 'gpt-4o',
        costNanos: call.usd * 1e9,
        outcome: 'ok',
        source: 'schedule',
        siteId,
        createdAt: call.at,
      });
    const now = new Date();
    const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString();

    const list = async () => {
      const res = await t.request({ method: 'GET', url: '/api/config', cookie });
      expect(res.statusCode).toBe(200);
      return res.json<BlogConfig[]>();
    };
    const pauseOf = async (id: number) => (await list()).find((config) => config.id === id)!.budget_pause;
    // Reached by the second call ($2 + $4 of $5): the schedule is paused since then.
    const paused = {
      message:
        'The monthly budget of Garden Blog ($5.00) is reached: $7.00 spent. New articles for Garden Blog wait. Raise it or override it for this month in Settings → Budgets.',
      since: calls[1]!.at.toISOString(),
      resumes_at: nextMonth,
    };
    expect(await pauseOf(garden.id)).toEqual(paused);
    expect(
      (await t.request({ method: 'GET', url: `/api/config/${garden.id}`, cookie })).json<BlogConfig>().budget_pause,
    ).toEqual(paused);
    expect(await pauseOf(kitchen.id)).toBeNull();

    // Raised: it posts again. The budget for all sites, once reached, pauses every schedule.
    await putBudgets({ monthly_usd: 7, sites: [{ site_id: siteId, monthly_usd: 8 }] });
    expect((await list()).map((config) => config.budget_pause)).toEqual([
      expect.objectContaining({
        message: expect.stringMatching(
          /^The monthly budget for all sites \(\$7\.00\) is reached: \$7\.00 spent\. New articles for all sites wait\./,
        ),
        since: calls[2]!.at.toISOString(),
      }),
      expect.objectContaining({ message: expect.stringMatching(/^The monthly budget for all sites/) }),
    ]);
    // Overridden for the month: nothing is paused.
    await t.request({ method: 'POST', url: '/api/settings/budgets/override', cookie, payload: { site_id: null } });
    expect((await list()).map((config) => config.budget_pause)).toEqual([null, null]);
    // A budget of $0 allows nothing from the month's start.
    await putBudgets({ monthly_usd: null, sites: [{ site_id: kitchenSite, monthly_usd: 0 }] });
    expect(await pauseOf(kitchen.id)).toMatchObject({
      since: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString(),
    });
  });

  it('warn from 80 % and count only this month', async () => {
    await putBudgets({ monthly_usd: 100, sites: [{ site_id: siteId, monthly_usd: 10 }] });
    await spend(8.5);
    // Last month's spend does not count.
    await t.ctx.handle.db.insert(modelCalls).values({
      provider: 'openai',
      model: 'gpt-4o',
      costNanos: 50e9,
      outcome: 'ok',
      source: 'bulk',
      siteId,
      createdAt: new Date(Date.now() - 40 * 86_400_000),
    });
    const { states, sites } = await budgets();
    expect(sites).toEqual([{ site_id: siteId, site_name: 'Garden Blog', monthly_usd: 10 }]);
    expect(states).toEqual([
      expect.objectContaining({ site_id: null, state: 'ok', spent_usd: 8.5, percent: 8, message: null }),
      expect.objectContaining({
        site_id: siteId,
        state: 'warning',
        spent_usd: 8.5,
        percent: 85,
        message: 'The monthly budget of Garden Blog is 85 % used: $8.50 of $10.00.',
      }),
    ]);
  });

  it('refuse budgets they cannot hold: an unknown site, fractions of a cent, two for one site, an override of no budget', async () => {
    const unknown = await putBudgets({ monthly_usd: null, sites: [{ site_id: 99_999, monthly_usd: 5 }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatch(/sites\.0\.site_id.*no site with id 99999/);
    const cents = await putBudgets({ monthly_usd: 5.001, sites: [] });
    expect(cents.statusCode).toBe(400);
    expect(cents.json().error).toMatch(/monthly_usd.*2 decimals/);
    const twice = await putBudgets({
      monthly_usd: null,
      sites: [
        { site_id: siteId, monthly_usd: 5 },
        { site_id: siteId, monthly_usd: 6 },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error).toMatch(/one budget per site/);
    const override = await t.request({
      method: 'POST',
      url: '/api/settings/budgets/override',
      cookie,
      payload: { site_id: null },
    });
    expect(override.statusCode).toBe(400);
    expect(override.json().error).toMatch(/no budget for all sites/);
    expect((await t.request({ method: 'GET', url: '/api/settings/budgets' })).statusCode).toBe(401);
  });
});
