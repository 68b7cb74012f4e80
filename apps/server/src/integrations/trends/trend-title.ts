/**
 * The key that decides "the same trend": case, accents, punctuation and spacing do not count,
 * so "Taylor Swift", "taylor swift!" and "Taylor  Swift" are one trend.
 */
export function normaliseTrendTitle(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .slice(0, 300);
}
