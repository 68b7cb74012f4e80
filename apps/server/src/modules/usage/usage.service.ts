import {
  BUDGET_CONFIRMATION_CODE,
  type BudgetRoom,
  budgetRoomText,
  CONFIRM_BUDGET_FIELD,
  type CostEstimate,
  type CostEstimateRequest,
  type JobUsage,
  type ModelPriceInput,
  type ModelPrices,
  type ModelPricesUpdate,
  modelPriceInputSchema,
  SEO_ARTICLES_USAGE_STEP,
  SEO_USAGE_STEPS,
  type UsageSummary,
  type UsageTotals,
} from '@abp/contracts';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import type { SettingsRepository } from '../settings/settings.repository.js';
import { articleEstimate, estimateCost } from './cost-estimator.js';
import type { MeteredCall, UsageMeter } from './metered-provider.js';
import { costNanos, priceFor, priceTable } from './model-prices.js';
import type { UsageRepository, UsageSums } from './usage.repository.js';
import type { UsageScope } from './usage-scope.js';
import { type ModelCallSource, nanosToUsd } from './usage-types.js';

const PRICES_KEY = 'model-prices';
const storedPricesSchema = z.object({ custom: z.array(modelPriceInputSchema) });
// A price saved in another process reaches this one within this time (a call is priced when it ends).
const PRICE_CACHE_MS = 5_000;
const DAYS_SHOWN = 30;

const addSums = (a: UsageSums, b: UsageSums): UsageSums => ({
  calls: a.calls + b.calls,
  inputTokens: a.inputTokens + b.inputTokens,
  outputTokens: a.outputTokens + b.outputTokens,
  costNanos: a.costNanos + b.costNanos,
  estimated: a.estimated || b.estimated,
});

export const toTotals = (sums: UsageSums): UsageTotals => ({
  calls: sums.calls,
  input_tokens: sums.inputTokens,
  output_tokens: sums.outputTokens,
  cost_usd: nanosToUsd(sums.costNanos),
  estimated: sums.estimated,
});

/**
 * Cost control (issue #16): prices every model call when it ends and keeps it in the ledger; the
 * price table of Settings; the sums shown on articles, jobs and the Dashboard.
 */
export class UsageService implements UsageMeter {
  private cache: { at: number; custom: ModelPriceInput[] } | null = null;

  constructor(
    private readonly repo: UsageRepository,
    private readonly settings: SettingsRepository,
    private readonly ports: {
      /** The model generation uses now (Settings, else the environment). */
      currentModel: () => Promise<{ provider: string; model: string }>;
      /** Above this estimate a start asks for confirmation (the budgets' setting). */
      confirmAboveUsd: () => Promise<number>;
      /** What is left of each budget the site's work touches (BudgetsService.roomsFor). */
      budgetRooms?: (siteId: number | null, costUsd: number) => Promise<BudgetRoom[]>;
      log: { warn(object: unknown, message: string): void };
    },
  ) {}

  /** What a job of `articles` articles of `word_count` words would cost with the model in use. */
  async estimate(request: CostEstimateRequest, what?: string): Promise<CostEstimate> {
    return estimateCost(
      {
        repo: this.repo,
        currentModel: this.ports.currentModel,
        customPrices: () => this.customPrices(),
        confirmAboveUsd: this.ports.confirmAboveUsd,
        ...(this.ports.budgetRooms ? { budgetRooms: this.ports.budgetRooms } : {}),
      },
      request,
      what,
    );
  }

  /**
   * Issue #37: work whose estimate would cross a budget starts only when the operator confirmed it
   * (`confirm_budget: true`); otherwise a 409 names the budget and what is left of it.
   */
  async requireBudgetConfirmed(
    request: CostEstimateRequest,
    confirmed: boolean | undefined,
    what: string,
    per = '',
  ): Promise<void> {
    if (confirmed === true) return;
    const estimate = await this.estimate(request, what);
    if (!estimate.crosses_budget) return;
    throw new AppError(
      BUDGET_CONFIRMATION_CODE,
      `${budgetRoomText(what, estimate.cost_usd, estimate.budgets, per)} Confirm to go on (${CONFIRM_BUDGET_FIELD}: true).`,
      409,
      { field: CONFIRM_BUDGET_FIELD, estimate },
    );
  }

  /** What one article of `wordCount` words is expected to cost with this model, in nano-dollars (what a unit reserves). */
  async articleCostNanos(model: { provider: string; model: string }, wordCount: number): Promise<number> {
    return (await articleEstimate({ repo: this.repo, customPrices: () => this.customPrices() }, model, wordCount))
      .perArticle;
  }

  async record(call: MeteredCall, scope: UsageScope): Promise<{ costNanos: number; rowId: Promise<number | null> }> {
    const price = priceFor(priceTable(await this.customPrices()), call.provider, call.model);
    const cost = costNanos(price, call.inputTokens, call.outputTokens);
    const rowId = this.repo
      .insert({
        provider: call.provider,
        model: call.model,
        inputTokens: call.inputTokens,
        outputTokens: call.outputTokens,
        tokensEstimated: call.estimated,
        costNanos: cost,
        durationMs: call.durationMs,
        outcome: call.outcome,
        error: call.error,
        source: scope.source ?? 'other',
        jobRef: scope.jobRef ?? null,
        step: scope.step?.slice(0, 300) ?? null,
        siteId: scope.siteId ?? null,
      })
      .catch((error: unknown) => {
        this.ports.log.warn({ err: error }, 'a model call could not be written to the usage ledger');
        return null;
      });
    return { costNanos: cost, rowId };
  }

  async linkArticle(rowIds: readonly number[], articleId: number): Promise<void> {
    await this.repo.linkArticle(rowIds, articleId);
  }

  async prices(): Promise<ModelPrices> {
    const current = await this.ports.currentModel();
    const table = priceTable(await this.customPrices(true));
    return {
      currency: 'USD',
      prices: table,
      current: {
        ...current,
        provider: current.provider as ModelPrices['current']['provider'],
        price: priceFor(table, current.provider, current.model),
      },
    };
  }

  async updatePrices(update: ModelPricesUpdate): Promise<ModelPrices> {
    // One entry per provider and model: the last one given wins, as in a form edited top to bottom.
    const byKey = new Map(update.prices.map((price) => [`${price.provider}\u0000${price.model.toLowerCase()}`, price]));
    await this.settings.put(PRICES_KEY, { custom: [...byKey.values()] });
    this.cache = null;
    return this.prices();
  }

  async articleUsage(articleIds: readonly number[]): Promise<Map<number, UsageTotals>> {
    const sums = await this.repo.forArticles(articleIds);
    return new Map([...sums].map(([id, value]) => [id, toTotals(value)]));
  }

  async jobUsage(source: ModelCallSource, jobRef: string): Promise<UsageSums> {
    return this.repo.forJob(source, jobRef);
  }

  /**
   * An SEO project's spend per wizard step: its own model steps by name, the calls of its
   * articles (written through the pipeline, step names of the Generation log) as Content Generation.
   */
  async seoProjectUsage(projectId: number): Promise<JobUsage> {
    const rows = await this.repo.forJobByStep('seo', String(projectId));
    const byStep = new Map<string, UsageSums>();
    for (const row of rows) {
      const step = (row.step && SEO_USAGE_STEPS[row.step]) ?? SEO_ARTICLES_USAGE_STEP;
      const sum = byStep.get(step);
      byStep.set(step, sum ? addSums(sum, row) : row);
    }
    const total = rows.reduce<UsageSums>((sum, row) => addSums(sum, row), {
      calls: 0,
      inputTokens: 0,
      outputTokens: 0,
      costNanos: 0,
      estimated: false,
    });
    return { total: toTotals(total), steps: [...byStep].map(([step, sums]) => ({ step, ...toTotals(sums) })) };
  }

  async summary(timeZone = 'UTC'): Promise<UsageSummary> {
    const month = await this.repo.monthStart(timeZone);
    const [total, bySite, byModel, daily] = await Promise.all([
      this.repo.since(month.at),
      this.repo.perSiteSince(month.at),
      this.repo.perModelSince(month.at),
      this.repo.perDay(DAYS_SHOWN, timeZone),
    ]);
    return {
      currency: 'USD',
      month_start: month.date,
      month: toTotals(total),
      by_site: bySite.map((row) => ({
        ...toTotals(row),
        site_id: row.siteId,
        site_name: row.siteName ?? (row.siteId === null ? 'No site' : `Site ${row.siteId}`),
      })),
      by_provider: byModel.map((row) => ({ ...toTotals(row), provider: row.provider, model: row.model })),
      daily: daily.map((day) => ({ date: day.date, cost_usd: nanosToUsd(day.costNanos), calls: day.calls })),
    };
  }

  /** The operator's own prices (cached for a few seconds). */
  async customPrices(fresh = false): Promise<ModelPriceInput[]> {
    if (!fresh && this.cache && performance.now() - this.cache.at < PRICE_CACHE_MS) return this.cache.custom;
    const row = await this.settings.get(PRICES_KEY);
    const parsed = storedPricesSchema.safeParse(row?.value);
    // A row this version cannot read counts as no custom prices rather than stopping every call.
    const custom = parsed.success ? parsed.data.custom : [];
    this.cache = { at: performance.now(), custom };
    return custom;
  }
}
