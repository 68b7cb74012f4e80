import type { FeedTrend } from '../../integrations/trends/index.js';

// Words that say nothing about what a blog or a trend is about.
const STOPWORDS = new Set(
  (
    'the and for with from into onto over under about after before this that these those your you our are was were will can could ' +
    'has have had not but all any how what when where who why which new news latest update updates today live best top tips guide ' +
    'guides ideas review reviews more most very just than then them they their its his her she him via per vs'
  ).split(' '),
);

/** Significant words: accents and case folded, at least 3 letters (or 2 digits), no stopwords. */
export function significantWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/'s\b/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => (/^\d+$/.test(word) ? word.length >= 2 : word.length >= 3) && !STOPWORDS.has(word));
}

/** Same word, or the same stem with a short ending ("garden", "gardens", "gardening"). */
function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.length >= 4 && long.length - short.length <= 4 && long.startsWith(short);
}

const containsWord = (words: readonly string[], word: string) => words.some((other) => sameWord(other, word));

/**
 * How well a trend fits one topic: 0 when it does not. A one-word topic needs its word; longer
 * topics need two of their words (both, for two-word topics). Words in the trend's title count
 * double, the description's and news titles' once.
 */
export function topicScore(topic: string, titleWords: readonly string[], otherWords: readonly string[]): number {
  const words = [...new Set(significantWords(topic))];
  if (words.length === 0) return 0;
  let matched = 0;
  let score = 0;
  for (const word of words) {
    if (containsWord(titleWords, word)) {
      matched++;
      score += 2;
    } else if (containsWord(otherWords, word)) {
      matched++;
      score += 1;
    }
  }
  return matched >= Math.min(words.length, 2) ? score : 0;
}

/** The trends that share words with the configuration's topics, best first (feed order breaks ties). */
export function rankByWordOverlap(topics: readonly string[], trends: readonly FeedTrend[]): FeedTrend[] {
  const scored = trends.map((trend, index) => {
    const titleWords = significantWords(trend.title);
    const otherWords = significantWords([trend.description, ...trend.newsItems.map((news) => news.title)].join(' '));
    const score = Math.max(0, ...topics.map((topic) => topicScore(topic, titleWords, otherWords)));
    return { trend, index, score };
  });
  return scored
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map((entry) => entry.trend);
}
