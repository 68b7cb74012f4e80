import type { Budgets, CostEstimate } from '@abp/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { budgetReservations } from '../../src/db/schema/index.js';
import { bulkPayload, isFinal, jobResults, startedJob, waitForJob } from '../bulk-jobs/bulk-helpers.js';
import { type FakeModelApp, startFakeModelApp } from '../llm/fake-model-app.js';
import { createSite } from '../sites/sites-helpers.js';

// Issue #31 §3: a budget holds while four articles are written at once (LLM_CONCURRENCY 4).
let app: FakeModelApp;
beforeEach(async () => {
  app = await startFakeModelApp({ concurrency: 4 });
});
afterEach(() => app.close());

describe('a budget under concurrency', () => {
  it('lets a job that reaches it overshoot by at most one article’s estimate, with four items in flight', async () => {
    const { t, cookie, siteId, model } = app;
    // A dollar per thousand tokens: a 500-word article costs about two dollars.
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
    // The model writes a few articles for another site first, so the estimate knows its tokens per word.
    const other = (await createSite(t, cookie, { name: 'Kitchen Blog', url: 'https://kitchen.example' })).id;
    const warmUp = await startedJob(
      t,
      cookie,
      bulkPayload(other, ['Sourdough starters', 'Knife care', 'Cast iron pans'], { postToWordPress: false }),
    );
    expect((await waitForJob(t, cookie, warmUp, isFinal, 60_000)).job.progress.successful).toBe(3);
    const estimate = (
      await t.request({ method: 'POST', url: '/api/usage/estimate', cookie, payload: { articles: 1, word_count: 500 } })
    ).json<CostEstimate>();
    // Issue #37: what the model's articles of this length cost, from the ledger.
    expect(estimate.basis).toBe('ledger');
    const perArticle = estimate.per_article_usd;

    // Room for about one and a half articles; every answer takes a moment, so all four workers are busy at once.
    const limit = Math.round(perArticle * 1.5 * 100) / 100;
    expect(
      (
        await t.request({
          method: 'PUT',
          url: '/api/settings/budgets',
          cookie,
          payload: { monthly_usd: null, sites: [{ site_id: siteId, monthly_usd: limit }] },
        })
      ).statusCode,
    ).toBe(200);
    model.setLatency(30);
    const jobId = await startedJob(t, cookie, {
      ...bulkPayload(
        siteId,
        ['Pruning roses', 'Feeding roses', 'Rose pests', 'Rose hips', 'Climbing roses', 'Rose cuttings'],
        { postToWordPress: false },
      ),
      // Six articles cross a budget of one and a half: since issue #37 such a start is confirmed.
      confirm_budget: true,
    });
    const { job } = await waitForJob(t, cookie, jobId, isFinal, 120_000);
    expect(model.maxInFlight).toBeGreaterThanOrEqual(2);

    const spent = job.cost.spent_usd;
    const overshoot = spent - limit;
    expect(overshoot).toBeLessThanOrEqual(perArticle);
    // The budget is reached, and what did not start says so.
    expect(job.progress.successful).toBeGreaterThanOrEqual(1);
    const results = await jobResults(t, cookie, jobId);
    expect(results.results.failed.length).toBe(6 - job.progress.successful);
    for (const item of results.results.failed)
      expect(item.error).toMatch(/^The monthly budget of Garden Blog \(\$\d+\.\d\d\) is reached/);
    const states = (await t.request({ method: 'GET', url: '/api/settings/budgets', cookie })).json<Budgets>().states;
    expect(states).toEqual([expect.objectContaining({ site_id: siteId, state: 'reached' })]);
    expect(await t.ctx.handle.db.select().from(budgetReservations)).toEqual([]);
  });

  it('holds an article’s reservation while it is written and lets it go when it fails', async () => {
    const { t, cookie, siteId, model } = app;
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
    expect(
      (
        await t.request({
          method: 'PUT',
          url: '/api/settings/budgets',
          cookie,
          payload: { monthly_usd: null, sites: [{ site_id: siteId, monthly_usd: 50 }] },
        })
      ).statusCode,
    ).toBe(200);
    const held: { siteId: number | null; costNanos: number }[][] = [];
    model.setHandler(async () => {
      held.push(
        (await t.ctx.handle.db.select().from(budgetReservations)).map((row) => ({
          siteId: row.siteId,
          costNanos: row.costNanos,
        })),
      );
      return {
        type: 'error',
        status: 400,
        body: { error: { message: 'This request is not allowed', type: 'invalid_request_error' } },
      };
    });
    const jobId = await startedJob(
      t,
      cookie,
      bulkPayload(siteId, ['Pruning roses'], { postToWordPress: false, wordCount: 800 }),
    );
    expect((await waitForJob(t, cookie, jobId, isFinal, 60_000)).job.progress.failed).toBe(1);
    // 800 words at the default ratios (2 tokens in, 1.5 out per word) and $1 per thousand tokens: $2.80.
    expect(held[0]).toEqual([{ siteId, costNanos: 2.8e9 }]);
    expect(await t.ctx.handle.db.select().from(budgetReservations)).toEqual([]);
  });
});
