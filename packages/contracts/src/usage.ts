import { z } from 'zod';
import { dashboardQuerySchema } from './dashboard.js';
import { llmProviderSchema } from './generation.js';
import { MAX_ID } from './ids.js';
import { usageTotalsSchema } from './usage-totals.js';

export * from './usage-totals.js';

/* Cost control (issue #16): the price table of Settings, the usage shown on articles, jobs and the Dashboard. */

export const MODEL_PRICE_LIMITS = { model: 200, perMillion: 10_000, entries: 200 } as const;

/** USD per million tokens; at most 3 decimals so that a call's cost is an exact number of nano-dollars. */
const perMillionSchema = z
  .number()
  .min(0, 'must be 0 or more')
  .max(MODEL_PRICE_LIMITS.perMillion, `must be at most ${MODEL_PRICE_LIMITS.perMillion}`)
  .refine((value) => Math.abs(value * 1000 - Math.round(value * 1000)) < 1e-6, 'at most 3 decimals');

export const modelPriceInputSchema = z.object({
  provider: llmProviderSchema,
  /** A model name, or the start of one: "gpt-4o-mini" prices "gpt-4o-mini-2024-07-18" too. */
  model: z
    .string()
    .trim()
    .min(1, 'is required')
    .max(MODEL_PRICE_LIMITS.model, `must be at most ${MODEL_PRICE_LIMITS.model} characters`),
  input_per_million: perMillionSchema,
  output_per_million: perMillionSchema,
});
export type ModelPriceInput = z.infer<typeof modelPriceInputSchema>;

export const modelPriceSchema = modelPriceInputSchema.extend({
  /** 'default': the app's built-in price (as published by the provider); 'custom': saved by the operator. */
  source: z.enum(['default', 'custom']),
});
export type ModelPrice = z.infer<typeof modelPriceSchema>;

/** GET /api/settings/prices */
export const modelPricesSchema = z.object({
  currency: z.literal('USD'),
  prices: z.array(modelPriceSchema),
  /** The model generation uses now and the price its calls are charged at (null: no price known, counted as $0). */
  current: z.object({
    provider: llmProviderSchema,
    model: z.string(),
    price: modelPriceSchema.nullable(),
  }),
});
export type ModelPrices = z.infer<typeof modelPricesSchema>;

/** PUT /api/settings/prices: the operator's prices (they replace the saved ones; defaults stay underneath). */
export const modelPricesUpdateSchema = z.object({
  prices: z
    .array(modelPriceInputSchema)
    .max(MODEL_PRICE_LIMITS.entries, `at most ${MODEL_PRICE_LIMITS.entries} prices`),
});
export type ModelPricesUpdate = z.infer<typeof modelPricesUpdateSchema>;

/** GET /api/usage: the Dashboard's spend. */
export const usageSummarySchema = z.object({
  currency: z.literal('USD'),
  /** The first day of this month in the operator's time zone (YYYY-MM-DD). */
  month_start: z.string(),
  month: usageTotalsSchema,
  by_site: z.array(usageTotalsSchema.extend({ site_id: z.number().int().nullable(), site_name: z.string() })),
  by_provider: z.array(usageTotalsSchema.extend({ provider: z.string(), model: z.string() })),
  /** The last 30 days, oldest first, every day present. */
  daily: z.array(
    z.object({ date: z.string(), cost_usd: z.number().nonnegative(), calls: z.number().int().nonnegative() }),
  ),
});
export type UsageSummary = z.infer<typeof usageSummarySchema>;

/** Optional `tz`: the operator's IANA time zone decides where this month and each day start (default UTC). */
export const usageQuerySchema = dashboardQuerySchema;

export const BUDGET_LIMITS = { monthlyUsd: 1_000_000, sites: 1000 } as const;
/** A budget warns from this share of its limit on. */
export const BUDGET_WARN_PERCENT = 80;

const monthlyUsdSchema = z
  .number()
  .min(0, 'must be 0 or more')
  .max(BUDGET_LIMITS.monthlyUsd, `must be at most ${BUDGET_LIMITS.monthlyUsd.toLocaleString('en-US')}`)
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'at most 2 decimals (cents)');

/** PUT /api/settings/budgets: a monthly limit for all sites together and per site (null / absent: none). */
export const budgetsUpdateSchema = z.object({
  monthly_usd: monthlyUsdSchema.nullable(),
  /** A bulk job or an SEO "Generate All Articles" estimated above this asks for confirmation first. */
  confirm_above_usd: monthlyUsdSchema.optional(),
  sites: z
    .array(z.object({ site_id: z.number().int().positive(), monthly_usd: monthlyUsdSchema }))
    .max(BUDGET_LIMITS.sites, `at most ${BUDGET_LIMITS.sites} site budgets`)
    .refine((sites) => new Set(sites.map((site) => site.site_id)).size === sites.length, 'one budget per site'),
});
export type BudgetsUpdate = z.infer<typeof budgetsUpdateSchema>;

export const BUDGET_STATES = ['ok', 'warning', 'reached', 'overridden'] as const;

/** One budget this month: what it allows, what was spent, and whether it stops new work. */
export const budgetStateSchema = z.object({
  /** null: the budget of all sites together. */
  site_id: z.number().int().nullable(),
  name: z.string(),
  limit_usd: z.number().nonnegative(),
  spent_usd: z.number().nonnegative(),
  percent: z.number().int().nonnegative(),
  /** reached: schedules and trend checks of its sites pause, new bulk jobs are refused; overridden: reached, allowed once for this month. */
  state: z.enum(BUDGET_STATES),
  /** What the operator reads (warning, reached, overridden); null when all is well. */
  message: z.string().nullable(),
});
export type BudgetState = z.infer<typeof budgetStateSchema>;

/** GET /api/settings/budgets */
export const budgetsSchema = z.object({
  monthly_usd: z.number().nullable(),
  confirm_above_usd: z.number().nonnegative(),
  sites: z.array(z.object({ site_id: z.number().int(), site_name: z.string(), monthly_usd: z.number() })),
  /** The month the budgets count, from its first day in the server's time zone (YYYY-MM-DD). */
  month_start: z.string(),
  states: z.array(budgetStateSchema),
});
export type Budgets = z.infer<typeof budgetsSchema>;

/** POST /api/settings/budgets/override: lets a reached budget go on for the rest of this month. */
export const budgetOverrideSchema = z.object({ site_id: z.number().int().positive().max(MAX_ID).nullable() });
export type BudgetOverride = z.infer<typeof budgetOverrideSchema>;

/** What is left of one budget this month, and whether an estimate would cross it. */
export const budgetRoomSchema = z.object({
  /** null: the budget of all sites together. */
  site_id: z.number().int().nullable(),
  name: z.string(),
  limit_usd: z.number().nonnegative(),
  spent_usd: z.number().nonnegative(),
  remaining_usd: z.number().nonnegative(),
  crosses: z.boolean(),
});
export type BudgetRoom = z.infer<typeof budgetRoomSchema>;

/** Until this many articles of the model in use were written, the estimate uses the default ratios. */
export const ESTIMATE_MIN_OBSERVED = 3;
/** Above this estimate a start asks for confirmation (the operator can change it with the budgets). */
export const DEFAULT_CONFIRM_ABOVE_USD = 1;

/**
 * Issue #37: an article's cost is measured per kind, its length band (words from, words below):
 * a long article costs more per word (more sections, more context read again) than a short one.
 */
export const ESTIMATE_WORD_BANDS = [
  [0, 800],
  [800, 1500],
  [1500, 2500],
  [2500, 2_147_483_647],
] as const;
export function wordBandOf(wordCount: number): readonly [number, number] {
  return ESTIMATE_WORD_BANDS.find(([from, below]) => wordCount >= from && wordCount < below) ?? ESTIMATE_WORD_BANDS[0];
}

/** POST /api/usage/estimate: what N articles of W words would cost with the model in use. */
export const costEstimateRequestSchema = z.object({
  articles: z.number().int().min(1, 'must be at least 1').max(100_000, 'must be at most 100,000'),
  word_count: z.number().int().min(100, 'must be at least 100').max(50_000, 'must be at most 50,000'),
  /** The site the job writes for: its budget and the one for all sites are compared with the estimate (absent: all sites only). */
  site_id: z.number().int().positive().max(MAX_ID, `must be at most ${MAX_ID}`).nullable().optional(),
});
export type CostEstimateRequest = z.infer<typeof costEstimateRequestSchema>;

export const costEstimateSchema = z.object({
  cost_usd: z.number().nonnegative(),
  per_article_usd: z.number().nonnegative(),
  provider: z.string(),
  model: z.string(),
  /** False: no price is known for the model, so the estimate is $0 whatever it uses. */
  priced: z.boolean(),
  /** Tokens per word of the target length: observed on this model's recent articles, or the default ratios until enough are. */
  tokens_per_word: z.object({ input: z.number().nonnegative(), output: z.number().nonnegative() }),
  /**
   * ledger: the average cost of this model's recent articles of the same length band (the usage
   * ledger's rows); observed: its tokens per word on recent articles × the price table; default:
   * typical ratios × the price table.
   */
  basis: z.enum(['ledger', 'observed', 'default']),
  observed_articles: z.number().int().nonnegative(),
  /** The estimate is above the confirmation threshold: the screen asks before it starts. */
  needs_confirmation: z.boolean(),
  confirm_above_usd: z.number().nonnegative(),
  /** Each budget the job touches this month (overridden ones do not hold) and whether the estimate would cross it. */
  budgets: z.array(budgetRoomSchema),
  /** The estimate would cross a budget: the start must be confirmed (`confirm_budget: true`), else 409. */
  crosses_budget: z.boolean(),
  /** "This job needs about $0.28; Garden has $0.21 left this month." null when no budget applies. */
  budget_text: z.string().nullable(),
});
export type CostEstimate = z.infer<typeof costEstimateSchema>;

/** The 409 of a start whose estimate would cross a budget and that was not confirmed (issue #37). */
export const BUDGET_CONFIRMATION_CODE = 'budget_confirmation_required';
/** The id of Settings → Budgets' confirmation threshold field: the cost questions link to /settings#<this>. */
export const CONFIRM_THRESHOLD_ANCHOR = 'confirm-above-usd';
export const CONFIRM_THRESHOLD_LINK = `/settings#${CONFIRM_THRESHOLD_ANCHOR}`;
/** The flag a start carries once the operator confirmed crossing a budget. */
export const CONFIRM_BUDGET_FIELD = 'confirm_budget';
export const confirmBudgetSchema = z.boolean().optional();

const usdText = (value: number) =>
  `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * The estimate beside what is left of each budget, in words (server 409 and screens alike):
 * "This job needs about $0.28; Garden has $0.21 left this month." and, crossing, which budget.
 */
export function budgetRoomText(what: string, costUsd: number, rooms: readonly BudgetRoom[], per = ''): string | null {
  if (rooms.length === 0) return null;
  const left = rooms
    .map(
      (room) =>
        `${room.site_id === null ? 'all sites together have' : `${room.name} has`} ${usdText(room.remaining_usd)} left this month`,
    )
    .join(' and ');
  const crossed = rooms.filter((room) => room.crosses);
  const over =
    crossed.length === 0
      ? ''
      : ` It would go over ${crossed.map((room) => (room.site_id === null ? 'the budget for all sites' : `the budget of ${room.name}`)).join(' and ')} (${crossed.map((room) => usdText(room.limit_usd)).join(', ')} a month).`;
  return `${what} needs about ${usdText(costUsd)}${per}; ${left}.${over}`;
}

/** What one job's model calls cost, in all and per step (a Generation log step, an SEO step). */
export const jobUsageSchema = z.object({
  total: usageTotalsSchema,
  steps: z.array(usageTotalsSchema.extend({ step: z.string() })),
});
export type JobUsage = z.infer<typeof jobUsageSchema>;

/** GET /api/usage/seo-projects/{id}: the project's spend per wizard step (its articles' calls under "Content Generation"). */
export const SEO_USAGE_STEPS: Record<string, string> = {
  keyword_research: 'Keyword Research',
  content_outline: 'Content Strategy',
  website_page: 'Page Generation',
  meta_descriptions: 'SEO Optimization',
};
export const SEO_ARTICLES_USAGE_STEP = 'Content Generation';
