import { BUDGET_CONFIRMATION_CODE, type CostEstimate } from '@abp/contracts';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/raw-rows.js';
import { modelCalls } from '../../src/db/schema/index.js';
import { bulkPayload, isFinal, startBulk, startedJob, waitForJob } from '../bulk-jobs/bulk-helpers.js';
import { type FakeModelApp, startFakeModelApp } from '../llm/fake-model-app.js';
import { manualPayload } from '../manual/manual-helpers.js';
import type { TestApp } from '../test-app.js';

// Issue #37 point 1: money is compared with the budgets before it is spent, and estimates follow the ledger.
let app: FakeModelApp;
let t: TestApp;
let cookie: string;
let siteId: number;

beforeEach(async () => {
  app = await startFakeModelApp({ concurrency: 2 });
  ({ t, cookie, siteId } = app);
  // $1.50 / $6 per million tokens: 10 articles of 1,000 words ≈ $0.12 by the default ratios.
  const res = await t.request({
    method: 'PUT',
    url: '/api/settings/prices',
    cookie,
    payload: {
      prices: [{ provider: 'openai-compatible', model: 'fake-model', input_per_million: 1.5, output_per_million: 6 }],
    },
  });
  expect(res.statusCode).toBe(200);
});
afterEach(() => app.close());

const setBudgets = async (payload: Record<string, unknown>) => {
  const res = await t.request({ method: 'PUT', url: '/api/settings/budgets', cookie, payload });
  expect(res.statusCode, res.body).toBe(200);
};
const estimate = async (payload: Record<string, unknown>) => {
  const res = await t.request({ method: 'POST', url: '/api/usage/estimate', cookie, payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CostEstimate>();
};

describe('the estimate beside the budgets', () => {
  it("says what the job needs and what the site's budget and the overall one have left", async () => {
    await setBudgets({ monthly_usd: 5, sites: [{ site_id: siteId, monthly_usd: 0.05 }] });
    const result = await estimate({ articles: 10, word_count: 1000, site_id: siteId });
    expect(result.cost_usd).toBeCloseTo(0.12, 9);
    expect(result.crosses_budget).toBe(true);
    expect(result.budgets).toEqual([
      expect.objectContaining({ site_id: null, remaining_usd: 5, crosses: false }),
      expect.objectContaining({ site_id: siteId, name: 'Garden Blog', remaining_usd: 0.05, crosses: true }),
    ]);
    expect(result.budget_text).toBe(
      'This job needs about $0.12; all sites together have $5.00 left this month and Garden Blog has $0.05 left this month. It would go over the budget of Garden Blog ($0.05 a month).',
    );
    // One article fits: said, not asked.
    const one = await estimate({ articles: 1, word_count: 1000, site_id: siteId });
    expect(one).toMatchObject({ crosses_budget: false });
    expect(one.budget_text).toMatch(/^This job needs about \$0\.01; .*Garden Blog has \$0\.05 left this month\.$/);
    // Without a site only the budget for all sites counts; without budgets there is nothing to say.
    expect((await estimate({ articles: 10, word_count: 1000 })).budgets).toHaveLength(1);
    await setBudgets({ monthly_usd: null, sites: [] });
    expect(await estimate({ articles: 10, word_count: 1000, site_id: siteId })).toMatchObject({
      budgets: [],
      crosses_budget: false,
      budget_text: null,
    });
  });

  it('refuses a bulk job that would cross a budget until it is confirmed', async () => {
    await setBudgets({ monthly_usd: null, sites: [{ site_id: siteId, monthly_usd: 0.05 }] });
    const topics = Array.from({ length: 10 }, (_, i) => `Winter garden task number ${i + 1}`);
    const payload = bulkPayload(siteId, topics, { wordCount: 1000, postToWordPress: false });
    const refused = await startBulk(t, cookie, payload);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: BUDGET_CONFIRMATION_CODE, details: { field: 'confirm_budget' } });
    expect(refused.json().error).toMatch(/This job needs about \$0\.12; Garden Blog has \$0\.05 left this month\./);
    // Nothing was started.
    const history = await t.request({ method: 'GET', url: '/api/bulk-jobs', cookie });
    expect(history.json().jobs).toHaveLength(0);

    const confirmed = await startBulk(t, cookie, { ...payload, confirm_budget: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // A job that fits starts without being asked.
    await setBudgets({ monthly_usd: null, sites: [{ site_id: siteId, monthly_usd: 50 }] });
    expect((await startBulk(t, cookie, bulkPayload(siteId, ['Pruning roses'], { wordCount: 1000 }))).statusCode).toBe(
      200,
    );
  });

  it('refuses a single article, and a schedule whose month would cross a budget, until confirmed', async () => {
    await setBudgets({ monthly_usd: 0.01, sites: [] });
    const article = manualPayload(siteId, 'Pruning apple trees in winter', { wordCount: 1000, includeImages: false });
    const refused = await t.request({ method: 'POST', url: '/api/manual/generate', cookie, payload: article });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: BUDGET_CONFIRMATION_CODE });
    expect(refused.json().error).toMatch(
      /^This article needs about \$0\.01; all sites together have \$0\.01 left this month\. It would go over the budget for all sites/,
    );

    const schedule = {
      site_id: siteId,
      topics: ['pruning', 'composting'],
      posting_interval_min: 6,
      posting_interval_max: 12,
      max_posts_per_day: 2,
      word_count: 1000,
      is_active: true,
    };
    const refusedSchedule = await t.request({ method: 'POST', url: '/api/config', cookie, payload: schedule });
    expect(refusedSchedule.statusCode, refusedSchedule.body).toBe(409);
    expect(refusedSchedule.json().error).toMatch(/^This schedule needs about \$0\.\d\d a month; all sites together/);
    // Saved switched off it costs nothing; switching it on is asked about.
    const off = await t.request({
      method: 'POST',
      url: '/api/config',
      cookie,
      payload: { ...schedule, is_active: false },
    });
    expect(off.statusCode, off.body).toBe(201);
    const on = await t.request({
      method: 'PUT',
      url: `/api/config/${off.json().id}`,
      cookie,
      payload: schedule,
    });
    expect(on.statusCode).toBe(409);
    const confirmed = await t.request({
      method: 'PUT',
      url: `/api/config/${off.json().id}`,
      cookie,
      payload: { ...schedule, confirm_budget: true },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  });
});

describe('the estimate from measured usage', () => {
  it("follows the ledger: the average of the model's recent articles of the same length band", async () => {
    const jobId = await startedJob(
      t,
      cookie,
      bulkPayload(siteId, ['Hedge trimming', 'Lawn edging', 'Leaf mould'], { postToWordPress: false, wordCount: 800 }),
    );
    expect((await waitForJob(t, cookie, jobId, isFinal, 60_000)).job.progress.successful).toBe(3);
    const measured = await estimate({ articles: 1, word_count: 800 });
    expect(measured).toMatchObject({ basis: 'ledger', observed_articles: 3 });
    const billed = await t.ctx.handle.db.execute(
      sql`SELECT sum(cost_nanos)::float8 AS cost FROM ${modelCalls} WHERE article_id IS NOT NULL`,
    );
    const perArticle = Number(rowsOf<{ cost: number }>(billed)[0]!.cost) / 3;
    expect(measured.per_article_usd).toBeCloseTo(perArticle / 1e9, 9);

    // The articles turn out to have cost three times as much (a repaired answer, a pricier retry): the estimate follows.
    await t.ctx.handle.db.execute(sql`UPDATE ${modelCalls} SET cost_nanos = cost_nanos * 3`);
    const after = await estimate({ articles: 1, word_count: 800 });
    expect(after.per_article_usd).toBeCloseTo((perArticle * 3) / 1e9, 9);
    // Another length band has no measured articles yet: the price table decides.
    const long = await estimate({ articles: 1, word_count: 3000 });
    expect(long.basis).toBe('observed');
  });
});
