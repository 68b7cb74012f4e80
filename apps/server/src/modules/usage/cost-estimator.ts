import { type CostEstimate, type CostEstimateRequest, ESTIMATE_MIN_OBSERVED } from '@abp/contracts';
import { costNanos, priceFor, priceTable } from './model-prices.js';
import type { UsageRepository } from './usage.repository.js';
import { nanosToUsd } from './usage-types.js';

/*
 * Tokens per word of the requested length, before this model has written enough to measure: an
 * article's prompts (brief, outline, each section with its context) read about twice its length,
 * and its answers (outline, sections, a retitle) about one and a half times.
 */
export const DEFAULT_TOKENS_PER_WORD = { input: 2, output: 1.5 };
// The most recent articles of the model that calibrate the ratios.
const OBSERVED_WINDOW = 20;

export interface EstimatorPorts {
  repo: UsageRepository;
  currentModel(): Promise<{ provider: string; model: string }>;
  customPrices(): Promise<Parameters<typeof priceTable>[0]>;
  confirmAboveUsd(): Promise<number>;
}

/**
 * What a job will cost before it starts (issue #16): articles × target words × the tokens per word
 * this model used on its recent articles (the default ratios until it wrote a few) × its price.
 */
export async function estimateCost(ports: EstimatorPorts, request: CostEstimateRequest): Promise<CostEstimate> {
  const current = await ports.currentModel();
  const { price, observed, useObserved, ratio, perArticle } = await articleEstimate(ports, current, request.word_count);
  const total = perArticle * request.articles;
  const confirmAbove = await ports.confirmAboveUsd();
  return {
    cost_usd: nanosToUsd(total),
    per_article_usd: nanosToUsd(perArticle),
    provider: current.provider,
    model: current.model,
    priced: price !== null,
    tokens_per_word: { input: round2(ratio.input), output: round2(ratio.output) },
    basis: useObserved ? 'observed' : 'default',
    observed_articles: observed.articles,
    needs_confirmation: nanosToUsd(total) > confirmAbove,
    confirm_above_usd: confirmAbove,
  };
}

/** What one article of `wordCount` words is expected to cost with this model, in nano-dollars (0: unpriced). */
export async function articleEstimate(
  ports: Pick<EstimatorPorts, 'repo' | 'customPrices'>,
  model: { provider: string; model: string },
  wordCount: number,
) {
  const price = priceFor(priceTable(await ports.customPrices()), model.provider, model.model);
  const observed = await ports.repo.tokensPerTargetWord(model.provider, model.model, OBSERVED_WINDOW);
  const useObserved = observed.articles >= ESTIMATE_MIN_OBSERVED;
  const ratio = useObserved ? { input: observed.input, output: observed.output } : DEFAULT_TOKENS_PER_WORD;
  const perArticle = costNanos(price, Math.round(wordCount * ratio.input), Math.round(wordCount * ratio.output));
  return { price, observed, useObserved, ratio, perArticle };
}

const round2 = (value: number) => Math.round(value * 100) / 100;
