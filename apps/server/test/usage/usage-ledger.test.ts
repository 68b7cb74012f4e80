import type { Article, CostEstimate, GenerationLog, ModelPrices, UsageSummary } from '@abp/contracts';
import { asc } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { modelCalls } from '../../src/db/schema/index.js';
import { priceFor, priceTable } from '../../src/modules/usage/model-prices.js';
import { bulkArticles, bulkPayload, isFinal, jobStatus, startedJob, waitForJob } from '../bulk-jobs/bulk-helpers.js';
import { type FakeModelApp, startFakeModelApp } from '../llm/fake-model-app.js';
import type { FakeOpenAiServer } from '../llm/fake-openai-server.js';
import { isOutlineRequest, writerReply } from '../llm/fake-writer.js';
import type { TestApp } from '../test-app.js';

// Issue #16 part 1: every model call is priced and kept, and the sums shown agree to the nano-dollar.
let model: FakeOpenAiServer;
let t: TestApp;
let cookie: string;
let siteId: number;

const PRICE = { input: 1.5, output: 6 };
const nanosOf = (usage: { promptTokens: number; completionTokens: number }) =>
  usage.promptTokens * PRICE.input * 1000 + usage.completionTokens * PRICE.output * 1000;
const usd = (nanos: number) => nanos / 1e9;

async function setPrice(input = PRICE.input, output = PRICE.output) {
  const res = await t.request({
    method: 'PUT',
    url: '/api/settings/prices',
    cookie,
    payload: {
      prices: [
        { provider: 'openai-compatible', model: 'fake-model', input_per_million: input, output_per_million: output },
      ],
    },
  });
  expect(res.statusCode).toBe(200);
  return res.json<ModelPrices>();
}

const getJson = async <T>(url: string): Promise<T> => {
  const res = await t.request({ method: 'GET', url, cookie });
  expect(res.statusCode, url).toBe(200);
  return res.json<T>();
};

let app: FakeModelApp;
beforeEach(async () => {
  app = await startFakeModelApp({ concurrency: 2 });
  ({ model, t, cookie, siteId } = app);
});

afterEach(() => app.close());

describe('the usage ledger', () => {
  it('adds up exactly per step, article, job, site and month, at the price in force when each call ended', async () => {
    const prices = await setPrice();
    expect(prices.current).toMatchObject({
      provider: 'openai-compatible',
      model: 'fake-model',
      price: { input_per_million: 1.5, output_per_million: 6, source: 'custom' },
    });

    const jobId = await startedJob(
      t,
      cookie,
      bulkPayload(siteId, ['Composting at home', 'Raised garden beds', 'Saving tomato seeds'], {
        postToWordPress: false,
      }),
    );
    const { job } = await waitForJob(t, cookie, jobId, isFinal, 60_000);
    expect(job.progress).toMatchObject({ successful: 3, failed: 0 });

    // What the server billed: the usage it reported with each answer.
    const billed = model.reportedUsage;
    expect(billed.length).toBe(model.requests.length);
    const billedNanos = billed.reduce((sum, usage) => sum + nanosOf(usage), 0);
    expect(billedNanos).toBeGreaterThan(0);

    // The job, live and final.
    expect(job.cost.calls).toBe(billed.length);
    expect(job.cost.input_tokens).toBe(billed.reduce((sum, usage) => sum + usage.promptTokens, 0));
    expect(job.cost.output_tokens).toBe(billed.reduce((sum, usage) => sum + usage.completionTokens, 0));
    expect(job.cost.spent_usd).toBe(usd(billedNanos));
    expect(job.cost.estimated).toBe(false);
    expect(job.cost.estimate_to_finish_usd).toBeNull();

    // Each article, and each of its Generation log's steps.
    const rows = await bulkArticles(t);
    let articlesNanos = 0;
    for (const row of rows) {
      const article = await getJson<Article>(`/api/articles/${row.id}`);
      expect(article.usage).not.toBeNull();
      articlesNanos += Math.round(article.usage!.cost_usd * 1e9);
      const log = await getJson<GenerationLog>(`/api/generation-logs/${row.id}`);
      const priced = log.steps.filter((step) => step.usage);
      expect(priced.length).toBeGreaterThanOrEqual(2);
      expect(
        priced.every((step) => step.usage!.provider === 'openai-compatible' && step.usage!.model === 'fake-model'),
      ).toBe(true);
      const stepNanos = priced.reduce((sum, step) => sum + Math.round(step.usage!.costUsd * 1e9), 0);
      expect(stepNanos).toBe(Math.round(article.usage!.cost_usd * 1e9));
      expect(log.usage).toMatchObject({
        models: ['openai-compatible/fake-model'],
        estimated: false,
        costUsd: article.usage!.cost_usd,
      });
      expect(log.usage!.inputTokens).toBe(article.usage!.input_tokens);
    }
    expect(articlesNanos).toBe(billedNanos);

    // The Dashboard: this month, per site, per provider, per day.
    const summary = await getJson<UsageSummary>('/api/usage?tz=Europe/Berlin');
    expect(summary.month.cost_usd).toBe(usd(billedNanos));
    expect(summary.month.calls).toBe(billed.length);
    expect(summary.by_site).toEqual([
      expect.objectContaining({ site_id: siteId, cost_usd: usd(billedNanos), calls: billed.length }),
    ]);
    expect(summary.by_provider).toEqual([
      expect.objectContaining({ provider: 'openai-compatible', model: 'fake-model', cost_usd: usd(billedNanos) }),
    ]);
    expect(summary.daily).toHaveLength(30);
    expect(summary.daily.at(-1)!.cost_usd).toBe(usd(billedNanos));
    expect(summary.daily.slice(0, -1).every((day) => day.cost_usd === 0)).toBe(true);

    // A later price edit does not rewrite what was spent.
    await setPrice(100, 200);
    expect((await jobStatus(t, cookie, jobId)).cost.spent_usd).toBe(usd(billedNanos));
    expect((await getJson<UsageSummary>('/api/usage')).month.cost_usd).toBe(usd(billedNanos));
  });

  it('estimates the tokens of a server that reports no usage, and says so', async () => {
    await setPrice();
    model.setReportsUsage(false);
    const jobId = await startedJob(t, cookie, bulkPayload(siteId, ['Pruning apple trees'], { postToWordPress: false }));
    const { job } = await waitForJob(t, cookie, jobId, isFinal, 60_000);
    expect(job.progress.successful).toBe(1);
    expect(job.cost.estimated).toBe(true);
    expect(job.cost.input_tokens).toBeGreaterThan(0);
    expect(job.cost.spent_usd).toBeGreaterThan(0);
    const [row] = await bulkArticles(t);
    const article = await getJson<Article>(`/api/articles/${row!.id}`);
    expect(article.usage).toMatchObject({ estimated: true });
  });

  it('bills an answer that could not be used at the tokens the provider reported (issue #31)', async () => {
    await setPrice();
    // The outline comes back as text that is not the JSON asked for: the article is still written (from the standard outline).
    model.setHandler((request) =>
      isOutlineRequest(request)
        ? { type: 'text', content: 'Sure! Here is a plan: first the basics, then the details.' }
        : writerReply(request),
    );
    const jobId = await startedJob(t, cookie, bulkPayload(siteId, ['Mulching roses'], { postToWordPress: false }));
    const { job } = await waitForJob(t, cookie, jobId, isFinal, 60_000);
    expect(job.progress.successful).toBe(1);
    const rows = await t.ctx.handle.db.select().from(modelCalls).orderBy(asc(modelCalls.id));
    const unusable = rows.filter((row) => row.outcome === 'bad_output');
    expect(unusable.length).toBeGreaterThan(0);
    // Every token the server billed is in the ledger, the unusable answers' too, none of them estimated.
    expect(rows).toHaveLength(model.reportedUsage.length);
    // Compared as sets: calls run side by side, and which of two answers is recorded first is a race
    // on PostgreSQL's several connections (PGlite's one connection happened to keep the answers' order).
    const byTokens = (a: number[], b: number[]) => a[0]! - b[0]! || a[1]! - b[1]!;
    expect(rows.map((row) => [row.inputTokens, row.outputTokens]).sort(byTokens)).toEqual(
      model.reportedUsage.map((usage) => [usage.promptTokens, usage.completionTokens]).sort(byTokens),
    );
    expect(unusable.every((row) => !row.tokensEstimated && row.costNanos > 0)).toBe(true);
    expect(job.cost).toMatchObject({
      estimated: false,
      spent_usd: usd(model.reportedUsage.reduce((sum, usage) => sum + nanosOf(usage), 0)),
    });
  });

  it('keeps failed calls in the ledger at no cost, with their reason', async () => {
    await setPrice();
    model.setHandler(() => ({
      type: 'error',
      status: 400,
      body: { error: { message: 'This request is not allowed', type: 'invalid_request_error' } },
    }));
    const jobId = await startedJob(t, cookie, bulkPayload(siteId, ['Mulching roses'], { postToWordPress: false }));
    const { job } = await waitForJob(t, cookie, jobId, isFinal, 60_000);
    expect(job.progress.failed).toBe(1);
    expect(model.requests.length).toBeGreaterThan(0);
    expect(job.cost).toMatchObject({ calls: model.requests.length, spent_usd: 0 });
    const rows = await t.ctx.handle.db.select().from(modelCalls);
    expect(rows).toHaveLength(model.requests.length);
    expect(
      rows.every(
        (row) =>
          row.outcome === 'bad_request' &&
          row.error?.includes('not allowed') &&
          row.siteId === siteId &&
          row.source === 'bulk' &&
          row.jobRef === jobId,
      ),
    ).toBe(true);
  });
});

describe('cost estimates', () => {
  const estimate = async (articles: number, wordCount: number) => {
    const res = await t.request({
      method: 'POST',
      url: '/api/usage/estimate',
      cookie,
      payload: { articles, word_count: wordCount },
    });
    expect(res.statusCode).toBe(200);
    return res.json<CostEstimate>();
  };

  it('use default ratios until the model wrote a few articles, then come within 20 % of what a job really costs', async () => {
    await setPrice();
    const first = await estimate(10, 1000);
    expect(first).toMatchObject({
      basis: 'default',
      observed_articles: 0,
      priced: true,
      provider: 'openai-compatible',
      model: 'fake-model',
      tokens_per_word: { input: 2, output: 1.5 },
    });
    // 10 × 1000 words × (2 × $1.5 + 1.5 × $6) per million tokens.
    expect(first.cost_usd).toBeCloseTo(0.12, 9);
    expect(first).toMatchObject({ needs_confirmation: false, confirm_above_usd: 1 });

    const warmUp = await startedJob(
      t,
      cookie,
      bulkPayload(siteId, ['Hedge trimming', 'Lawn edging', 'Leaf mould'], { postToWordPress: false, wordCount: 800 }),
    );
    expect((await waitForJob(t, cookie, warmUp, isFinal, 60_000)).job.progress.successful).toBe(3);
    const predicted = await estimate(2, 800);
    expect(predicted).toMatchObject({ basis: 'ledger', observed_articles: 3 });

    const job = await startedJob(
      t,
      cookie,
      bulkPayload(siteId, ['Pond plants', 'Bog gardens'], { postToWordPress: false, wordCount: 800 }),
    );
    const { job: done } = await waitForJob(t, cookie, job, isFinal, 60_000);
    expect(done.progress.successful).toBe(2);
    const error = Math.abs(predicted.cost_usd - done.cost.spent_usd) / done.cost.spent_usd;
    expect(error).toBeLessThan(0.2);
  });

  it('ask for confirmation above the threshold kept with the budgets', async () => {
    await setPrice();
    await t.request({
      method: 'PUT',
      url: '/api/settings/budgets',
      cookie,
      payload: { monthly_usd: null, sites: [], confirm_above_usd: 0.05 },
    });
    expect(await estimate(10, 1000)).toMatchObject({ needs_confirmation: true, confirm_above_usd: 0.05 });
    expect(await estimate(1, 1000)).toMatchObject({ needs_confirmation: false });
    const bad = await t.request({
      method: 'POST',
      url: '/api/usage/estimate',
      cookie,
      payload: { articles: 0, word_count: 1000 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/articles/);
  });
});

describe('the price table', () => {
  it('lists the default prices, prices a dated model by its family, and refuses prices it cannot store exactly', async () => {
    const table = await getJson<ModelPrices>('/api/settings/prices');
    expect(table.prices).toContainEqual({
      provider: 'openai',
      model: 'gpt-4o-mini',
      input_per_million: 0.15,
      output_per_million: 0.6,
      source: 'default',
    });
    // No price for a local model: its calls count as $0 and the screen says so.
    expect(table.current).toEqual({ provider: 'openai-compatible', model: 'fake-model', price: null });

    const tooPrecise = await t.request({
      method: 'PUT',
      url: '/api/settings/prices',
      cookie,
      payload: { prices: [{ provider: 'openai', model: 'gpt-4o', input_per_million: 2.5001, output_per_million: 10 }] },
    });
    expect(tooPrecise.statusCode).toBe(400);
    expect(tooPrecise.json().error).toMatch(/input_per_million.*3 decimals/);
    const negative = await t.request({
      method: 'PUT',
      url: '/api/settings/prices',
      cookie,
      payload: { prices: [{ provider: 'openai', model: 'gpt-4o', input_per_million: -1, output_per_million: 10 }] },
    });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().error).toMatch(/input_per_million/);

    // A custom price replaces the default of the same model and stays listed first.
    const saved = await setPrice();
    await t.request({
      method: 'PUT',
      url: '/api/settings/prices',
      cookie,
      payload: {
        prices: [
          ...saved.prices.filter((p) => p.source === 'custom'),
          { provider: 'openai', model: 'gpt-4o-mini', input_per_million: 0.2, output_per_million: 0.8 },
        ],
      },
    });
    const after = await getJson<ModelPrices>('/api/settings/prices');
    expect(after.prices.filter((p) => p.model === 'gpt-4o-mini')).toEqual([
      { provider: 'openai', model: 'gpt-4o-mini', input_per_million: 0.2, output_per_million: 0.8, source: 'custom' },
    ]);
    expect(after.prices.slice(0, 2).every((p) => p.source === 'custom')).toBe(true);
  });

  it('is not reachable without a session', async () => {
    expect((await t.request({ method: 'GET', url: '/api/settings/prices' })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/usage' })).statusCode).toBe(401);
  });
});

describe('priceFor', () => {
  it('prices a dated or tagged model by its family, the longest name first, a custom price over a default', () => {
    const table = priceTable([{ provider: 'openai', model: 'gpt-4o', input_per_million: 3, output_per_million: 12 }]);
    expect(priceFor(table, 'openai', 'gpt-4o-mini-2024-07-18')).toMatchObject({
      model: 'gpt-4o-mini',
      source: 'default',
    });
    expect(priceFor(table, 'openai', 'gpt-4o-2024-08-06')).toMatchObject({
      model: 'gpt-4o',
      input_per_million: 3,
      source: 'custom',
    });
    expect(priceFor(table, 'anthropic', 'claude-3-5-haiku-latest')).toMatchObject({ model: 'claude-3-5-haiku' });
    expect(priceFor(table, 'openai', 'gpt-4oo')).toBeNull();
    expect(priceFor(table, 'openai-compatible', 'llama3.1')).toBeNull();
  });
});
