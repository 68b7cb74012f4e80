import MiniSearch from 'minisearch';
import { stemmer } from 'stemmer';
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

/** A word's stem (Porter): "tomatoes" ~ "tomato", "gardening" ~ "garden", "growers" ~ "grower". */
const stem = (word: string): string => (/^\d+$/.test(word) ? word : stemmer(word));

interface TrendDocument {
  id: number;
  title: string;
  other: string;
}

/**
 * The trends that fit the configuration's topics, best first (feed order breaks ties): a stemmed
 * text search (MiniSearch) of each topic over the trends' titles and their descriptions and news
 * titles. A one-word topic needs its word; longer topics need two of their
 * words (both, for two-word topics). A stem also matches the longer stems it starts ("grow" finds
 * "grower"), from four letters on, so "art" never finds "artificial".
 */
export function rankByTextSearch(topics: readonly string[], trends: readonly FeedTrend[]): FeedTrend[] {
  const index = new MiniSearch<TrendDocument>({
    fields: ['title', 'other'],
    tokenize: (text) => significantWords(text),
    processTerm: (term) => stem(term),
  });
  index.addAll(
    trends.map((trend, id) => ({
      id,
      title: trend.title,
      other: [trend.description, ...trend.newsItems.map((news) => news.title)].join(' '),
    })),
  );
  const best = new Map<number, number>();
  for (const topic of topics) {
    const words = new Set(significantWords(topic).map(stem));
    if (words.size === 0) continue;
    const needed = Math.min(words.size, 2);
    const results = index.search(topic, { prefix: (term) => term.length >= 4, combineWith: 'OR' });
    for (const result of results) {
      const matched = [...new Set(result.queryTerms)];
      if (matched.length < needed) continue;
      // As the editor reads it: a topic word in the trend's title counts 2, in its news 1; the
      // feed's own order (by traffic) decides between equal fits, not BM25's small differences.
      let score = 0;
      for (const queryTerm of matched) {
        const fields = result.terms
          .filter((term) => term.startsWith(queryTerm))
          .flatMap((term) => result.match[term] ?? []);
        score += fields.includes('title') ? 2 : 1;
      }
      const id = result.id as number;
      best.set(id, Math.max(best.get(id) ?? 0, score));
    }
  }
  return [...best.entries()].sort(([a, scoreA], [b, scoreB]) => scoreB - scoreA || a - b).map(([id]) => trends[id]!);
}
