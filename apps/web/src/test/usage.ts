import type { Budgets, CostEstimate, CostEstimateRequest, ModelPrices, UsageSummary } from '@abp/contracts';
import { HttpResponse, http } from 'msw';

const NONE = { calls: 0, input_tokens: 0, output_tokens: 0, cost_usd: 0, estimated: false };

/** GET /api/usage as the server answers it; nothing spent unless a test says otherwise. */
export function usageSummary(overrides: Partial<UsageSummary> = {}): UsageSummary {
  const daily = Array.from({ length: 30 }, (_, i) => ({
    date: new Date(Date.UTC(2026, 9, 28 + i)).toISOString().slice(0, 10),
    cost_usd: 0,
    calls: 0,
  }));
  return { currency: 'USD', month_start: '2026-11-01', month: NONE, by_site: [], by_provider: [], daily, ...overrides };
}

/** GET /api/settings/prices: the built-in table's first entries, the model in use priced by default. */
export function modelPrices(overrides: Partial<ModelPrices> = {}): ModelPrices {
  const mini = {
    provider: 'openai' as const,
    model: 'gpt-4o-mini',
    input_per_million: 0.15,
    output_per_million: 0.6,
    source: 'default' as const,
  };
  return {
    currency: 'USD',
    prices: [
      mini,
      {
        provider: 'anthropic',
        model: 'claude-3-5-haiku',
        input_per_million: 0.8,
        output_per_million: 4,
        source: 'default',
      },
    ],
    current: { provider: 'openai', model: 'gpt-4o-mini', price: mini },
    ...overrides,
  };
}

/** GET /api/settings/budgets: none set unless a test says otherwise. */
export function budgets(overrides: Partial<Budgets> = {}): Budgets {
  return { monthly_usd: null, confirm_above_usd: 1, sites: [], month_start: '2026-11-01', states: [], ...overrides };
}

/** POST /api/usage/estimate for gpt-4o-mini at the default ratios: $0.0012 per 1,000 words. */
export function costEstimate(request: CostEstimateRequest, overrides: Partial<CostEstimate> = {}): CostEstimate {
  const perArticle = (request.word_count / 1000) * 0.0012;
  return {
    cost_usd: perArticle * request.articles,
    per_article_usd: perArticle,
    provider: 'openai',
    model: 'gpt-4o-mini',
    priced: true,
    tokens_per_word: { input: 2, output: 1.5 },
    basis: 'default',
    observed_articles: 0,
    needs_confirmation: perArticle * request.articles > 1,
    confirm_above_usd: 1,
    budgets: [],
    crosses_budget: false,
    budget_text: null,
    ...overrides,
  };
}

/** The Dashboard (the landing screen) reads the spend; Settings the prices; the screens whose work a budget pauses, the budgets. */
export const usageDefaults = [
  http.get('/api/usage', () => HttpResponse.json(usageSummary())),
  http.get('/api/settings/prices', () => HttpResponse.json(modelPrices())),
  http.get('/api/settings/budgets', () => HttpResponse.json(budgets())),
  http.get('/api/usage/seo-projects/:id', () => HttpResponse.json({ total: NONE, steps: [] })),
  http.get('/api/settings/llm/fallbacks', () => HttpResponse.json({ fallbacks: [] })),
  http.get('/api/settings/llm/health', () => HttpResponse.json({ providers: [] })),
  http.post('/api/usage/estimate', async ({ request }) =>
    HttpResponse.json(costEstimate((await request.json()) as CostEstimateRequest)),
  ),
];
