import { describe, expect, it } from 'vitest';
import { monthlyArticles } from './monthly-articles';

describe('monthlyArticles', () => {
  it('counts one article per average interval, capped by the posts a day, over 30 days', () => {
    expect(monthlyArticles({ active: true, intervalMin: 1, intervalMax: 3, postsPerDay: 4, words: 1500 })).toEqual({
      articles: 120,
      word_count: 1500,
    });
    expect(monthlyArticles({ active: true, intervalMin: 6, intervalMax: 18, postsPerDay: 10, words: 2000 })).toEqual({
      articles: 60,
      word_count: 2000,
    });
  });

  it('is nothing for an inactive schedule or a field that is not a number yet', () => {
    expect(monthlyArticles({ active: false, intervalMin: 1, intervalMax: 3, postsPerDay: 4, words: 1500 })).toBeNull();
    expect(
      monthlyArticles({ active: true, intervalMin: Number.NaN, intervalMax: 3, postsPerDay: 4, words: 1500 }),
    ).toBeNull();
  });
});
