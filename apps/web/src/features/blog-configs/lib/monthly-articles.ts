import type { CostEstimateRequest } from '@abp/contracts';

/**
 * About how many articles a schedule writes in a month: one per average interval, at most the daily
 * cap, over 30 days (null while inactive or while a field is not a number).
 */
export function monthlyArticles(values: {
  active: boolean;
  intervalMin: number;
  intervalMax: number;
  postsPerDay: number;
  words: number;
}): CostEstimateRequest | null {
  const { active, intervalMin, intervalMax, postsPerDay, words } = values;
  if (!active || ![intervalMin, intervalMax, postsPerDay, words].every((value) => Number.isFinite(value) && value > 0))
    return null;
  const perDay = Math.min(postsPerDay, 24 / ((intervalMin + intervalMax) / 2));
  const articles = Math.max(1, Math.round(perDay * 30));
  return { articles, word_count: words };
}
