import { analyze } from './analyzer.js';
import type { KnowledgeParameters } from './parameters.js';
import type { KnowledgeDocMeta, ScoredDoc } from './site-index.js';
import type { TermStats } from './term-vectors.js';

/*
 * The judgements made from a site's index, as pure functions of its scores: is this subject
 * covered already, which posts an article should link to, does a trend fit a site's topics, which
 * category an article belongs in.
 */

export interface SimilarDoc extends ScoredDoc {
  /** The score reaches the threshold: a new article on this subject would duplicate it. */
  duplicate: boolean;
}

/** Duplicate candidates, best first, each with its verdict against the threshold. */
export function duplicateVerdicts(scored: readonly ScoredDoc[], threshold: number): SimilarDoc[] {
  return [...scored].sort((a, b) => b.score - a.score).map((doc) => ({ ...doc, duplicate: doc.score >= threshold }));
}

/**
 * Link candidates: the best, and the next ones only while they are close to it and good on their
 * own (a short list of right posts beats three with a wrong one).
 */
export function chooseRelated(
  scored: readonly ScoredDoc[],
  parameters: KnowledgeParameters['related'],
  k: number,
): ScoredDoc[] {
  const sorted = [...scored].sort((a, b) => b.score - a.score);
  const best = sorted[0]?.score ?? 0;
  const bar = Math.max(parameters.minScore, best * parameters.minShareOfBest);
  return sorted.filter((doc) => doc.score >= bar).slice(0, k);
}

/** A trending item as the feeds give it. */
export interface TrendText {
  title: string;
  description?: string;
  news?: readonly string[];
}

export interface TopicFit {
  fits: boolean;
  score: number;
  /** The topic that fits best, or null. */
  topic: string | null;
  /** The share of the best topic's (IDF-weighted) terms found in the trend. */
  topicScore: number;
  /** How close the trend is to what the site writes (its nearest post), or null without a site. */
  siteScore: number | null;
}

/**
 * Whether a trend fits a site's topics, without a model. A topic fits by any of its strong terms,
 * weighted by their inverse document frequency on the site (the vegetable's name counts more than
 * "gardening" on a gardening blog), found in the trend's title and news; not all words are needed.
 * With the site known, the trend's closeness to what the site writes is added: price news about a
 * vegetable shares the vegetable with a gardening topic but little else with a gardening site.
 */
export function topicFit(
  topics: readonly string[],
  trend: TrendText,
  parameters: KnowledgeParameters['trend'],
  site: { stats: TermStats; nearest: number } | null,
): TopicFit {
  const title = new Set(analyze(trend.title));
  const rest = new Set(analyze([trend.description ?? '', ...(trend.news ?? [])].join('\n')));
  const idf = (term: string) => (site ? site.stats.idf(term) : 1);
  let best: { topic: string; score: number } | null = null;
  for (const topic of topics) {
    const terms = [...new Set(analyze(topic))];
    if (terms.length === 0) continue;
    let total = 0;
    let found = 0;
    for (const term of terms) {
      const weight = idf(term);
      total += weight;
      // In the trend's own title a word counts whole; only in its description or news, half.
      if (title.has(term)) found += weight;
      else if (rest.has(term)) found += weight / 2;
    }
    const score = total === 0 ? 0 : found / total;
    if (!best || score > best.score) best = { topic, score };
  }
  const topicScore = best?.score ?? 0;
  const siteScore = site ? site.nearest : null;
  const score =
    siteScore === null
      ? topicScore
      : (parameters.topicWeight * topicScore + parameters.siteWeight * siteScore) /
        (parameters.topicWeight + parameters.siteWeight);
  return {
    fits: topicScore > 0 && score >= parameters.threshold,
    score,
    topic: topicScore > 0 ? (best?.topic ?? null) : null,
    topicScore,
    siteScore,
  };
}

export interface CategoryChoice {
  categoryId: number | null;
  /** The winner's share of the neighbours' votes. */
  share: number;
  /** The nearest neighbour's score. */
  nearest: number;
}

/**
 * The category whose posts are nearest: each of the nearest posts votes for its categories with
 * its score. No choice (null) when the nearest post is far or the votes are split.
 */
export function categoryVote(
  neighbours: readonly ScoredDoc[],
  parameters: KnowledgeParameters['category'],
  known?: ReadonlySet<number>,
): CategoryChoice {
  const votes = new Map<number, number>();
  let total = 0;
  const voters = neighbours.filter((n) => n.doc.categoryIds.length > 0).slice(0, parameters.neighbours);
  for (const { doc, score } of voters) {
    const categories = doc.categoryIds.filter((id) => !known || known.has(id));
    for (const id of categories) votes.set(id, (votes.get(id) ?? 0) + score / categories.length);
    total += score;
  }
  const nearest = voters[0]?.score ?? 0;
  const [winner] = [...votes].sort((a, b) => b[1] - a[1]);
  if (!winner || total === 0) return { categoryId: null, share: 0, nearest };
  const share = winner[1] / total;
  const sure = share >= parameters.minShare && nearest >= parameters.minScore;
  return { categoryId: sure ? winner[0] : null, share, nearest };
}

/** Whether a document is one of the site's posts that can be linked to and categorised (not a page). */
export const isPostLike = (doc: KnowledgeDocMeta) => doc.kind !== 'page';
