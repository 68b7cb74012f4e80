import {
  type BudgetRoom,
  budgetRoomText,
  type CostEstimate,
  type CostEstimateRequest,
  ESTIMATE_MIN_OBSERVED,
  wordBandOf,
} from '@abp/contracts';
import { costNanos, priceFor, priceTable } from './model-prices.js';
import type { UsageRepository } from './usage.repository.js';
import { nanosToUsd } from './usage-types.js';

/*
 * Tokens per word of the requested length, before this model has written enough to measure: an
 * article's prompts (brief, outline, each section with its context) read about twice its length,
 * and its answers (outline, sections, a retitle) about one and a half times.
 */
export const DEFAULT_TOKENS_PER_WORD = { input: 2, output: 1.5 };
// The most recent articles of the model that calibrate the ratios and the measured costs.
const OBSERVED_WINDOW = 20;

export interface EstimatorPorts {
  repo: UsageRepository;
  currentModel(): Promise<{ provider: string; model: string }>;
  customPrices(): Promise<Parameters<typeof priceTable>[0]>;
  confirmAboveUsd(): Promise<number>;
  /** What is left of each budget the site's work touches (issue #37). */
  budgetRooms?(siteId: number | null, costUsd: number): Promise<BudgetRoom[]>;
}

/**
 * What a job will cost before it starts (issues #16, #37): articles × what one article of this
 * length band cost this model lately (the ledger), else target words × the tokens per word it used
 * on recent articles (the default ratios until it wrote a few) × its price; and what each budget the
 * job touches has left.
 */
export async function estimateCost(
  ports: EstimatorPorts,
  request: CostEstimateRequest,
  what = 'This job',
): Promise<CostEstimate> {
  const current = await ports.currentModel();
  const { price, observed, basis, ratio, perArticle } = await articleEstimate(ports, current, request.word_count);
  const total = perArticle * request.articles;
  const confirmAbove = await ports.confirmAboveUsd();
  // The offline writer calls no model: nothing to compare with a budget.
  const budgets =
    ports.budgetRooms && current.provider !== 'offline'
      ? await ports.budgetRooms(request.site_id ?? null, nanosToUsd(total))
      : [];
  return {
    cost_usd: nanosToUsd(total),
    per_article_usd: nanosToUsd(perArticle),
    provider: current.provider,
    model: current.model,
    priced: price !== null,
    tokens_per_word: { input: round2(ratio.input), output: round2(ratio.output) },
    basis,
    observed_articles: observed.articles,
    needs_confirmation: nanosToUsd(total) > confirmAbove,
    confirm_above_usd: confirmAbove,
    budgets,
    crosses_budget: budgets.some((room) => room.crosses),
    budget_text: budgetRoomText(what, nanosToUsd(total), budgets),
  };
}

/** What one article of `wordCount` words is expected to cost with this model, in nano-dollars (0: unpriced). */
export async function articleEstimate(
  ports: Pick<EstimatorPorts, 'repo' | 'customPrices'>,
  model: { provider: string; model: string },
  wordCount: number,
) {
  const price = priceFor(priceTable(await ports.customPrices()), model.provider, model.model);
  // What articles of this kind really cost, failed and repaired calls included (issue #37: the
  // token ratios × price ran a third low).
  const measured = await ports.repo.recentArticleCosts(
    model.provider,
    model.model,
    wordBandOf(wordCount),
    OBSERVED_WINDOW,
  );
  const observed = await ports.repo.tokensPerTargetWord(model.provider, model.model, OBSERVED_WINDOW);
  const useObserved = observed.articles >= ESTIMATE_MIN_OBSERVED;
  const ratio = useObserved ? { input: observed.input, output: observed.output } : DEFAULT_TOKENS_PER_WORD;
  if (measured.articles >= ESTIMATE_MIN_OBSERVED && measured.words > 0) {
    // Their cost per target word, so that 1,400 words costs more than 900 within one band.
    const perArticle = Math.round((measured.costNanos / measured.words) * wordCount);
    return {
      price,
      observed: { articles: measured.articles },
      basis: 'ledger' as const,
      ratio,
      perArticle,
    };
  }
  const perArticle = costNanos(price, Math.round(wordCount * ratio.input), Math.round(wordCount * ratio.output));
  return {
    price,
    observed: { articles: observed.articles },
    basis: useObserved ? ('observed' as const) : ('default' as const),
    ratio,
    perArticle,
  };
}

const round2 = (value: number) => Math.round(value * 100) / 100;
