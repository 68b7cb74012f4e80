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
  /** The share of the trend's other words the site itself uses (null without a site). */
  siteScore: number | null;
}

/**
 * Whether a trend fits a site's topics, without a model. A topic fits by any of its strong terms,
 * weighted by their inverse document frequency on the site (the vegetable's name counts more than
 * "gardening" on a gardening blog), found in the trend's title and news; not all words are needed.
 * With the site known, how much of the trend's other vocabulary the site itself uses is added:
 * news about a vegetable's supermarket price shares the vegetable with a gardening topic, but its
 * other words (prices, shoppers, retailers) are not words the gardening site writes.
 */
export function topicFit(
  topics: readonly string[],
  trend: TrendText,
  parameters: KnowledgeParameters['trend'],
  site: { stats: TermStats } | null,
): TopicFit {
  const title = new Set(analyze(trend.title));
  const rest = new Set(analyze([trend.description ?? '', ...(trend.news ?? [])].join('\n')));
  const idf = (term: string) => (site ? site.stats.idf(term) : 1);
  let best: { topic: string; score: number } | null = null;
  const topicTerms = new Set<string>();
  for (const topic of topics) {
    const terms = [...new Set(analyze(topic))];
    if (terms.length === 0) continue;
    let total = 0;
    let found = 0;
    for (const term of terms) {
      topicTerms.add(term);
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
  let siteScore: number | null = null;
  if (site) {
    const others = [...new Set([...title, ...rest])].filter((term) => !topicTerms.has(term));
    siteScore =
      others.length === 0 ? 1 : others.filter((term) => site.stats.documentFrequency(term) > 0).length / others.length;
  }
  const score =
    siteScore === null
      ? topicScore
      : (parameters.topicWeight * topicScore + parameters.siteWeight * siteScore) /
        (parameters.topicWeight + parameters.siteWeight);
  return {
    fits: score >= parameters.threshold && (siteScore === null ? topicScore > 0 : siteScore >= parameters.minSiteScore),
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
 * its score; a category whose own name the article says (its stems, weighted by the site's IDF)
 * gets `nameWeight` of the votes more. No choice (null) when the nearest post is far or the votes
 * are split.
 */
export function categoryVote(
  neighbours: readonly ScoredDoc[],
  parameters: KnowledgeParameters['category'],
  known?: ReadonlySet<number>,
  names?: { categories: ReadonlyArray<{ id: number; name: string }>; article: ReadonlySet<string>; stats: TermStats },
  /** Each category's cosine with the article as a whole (SiteIndex.categoryCosines). */
  centroids?: ReadonlyMap<number, number>,
): CategoryChoice {
  const votes = new Map<number, number>();
  let total = 0;
  const voters = neighbours.filter((n) => n.doc.categoryIds.length > 0).slice(0, parameters.neighbours);
  for (const { doc, score } of voters) {
    const categories = doc.categoryIds.filter((id) => !known || known.has(id));
    for (const id of categories) votes.set(id, (votes.get(id) ?? 0) + score / categories.length);
    total += score;
  }
  if (names && total > 0 && parameters.nameWeight > 0)
    for (const category of names.categories) {
      if (known && !known.has(category.id)) continue;
      const terms = [...new Set(analyze(category.name))];
      const weight = terms.reduce((sum, term) => sum + names.stats.idf(term), 0);
      if (weight === 0) continue;
      const said = terms
        .filter((term) => names.article.has(term))
        .reduce((sum, term) => sum + names.stats.idf(term), 0);
      if (said > 0)
        votes.set(category.id, (votes.get(category.id) ?? 0) + parameters.nameWeight * total * (said / weight));
    }
  if (centroids && total > 0 && parameters.centroidWeight > 0) {
    // The categories' cosines, scaled so the best gets `centroidWeight` of the neighbours' votes.
    const best = Math.max(0, ...centroids.values());
    if (best > 0)
      for (const [id, cosine] of centroids) {
        if (known && !known.has(id)) continue;
        votes.set(id, (votes.get(id) ?? 0) + parameters.centroidWeight * total * (cosine / best) ** 2);
      }
  }
  const nearest = voters[0]?.score ?? 0;
  const [winner] = [...votes].sort((a, b) => b[1] - a[1]);
  if (!winner || total === 0) return { categoryId: null, share: 0, nearest };
  const all = [...votes.values()].reduce((a, b) => a + b, 0);
  const share = winner[1] / all;
  const sure = share >= parameters.minShare && nearest >= parameters.minScore;
  return { categoryId: sure ? winner[0] : null, share, nearest };
}

/** Whether a document is one of the site's posts that can be linked to and categorised (not a page). */
export const isPostLike = (doc: KnowledgeDocMeta) => doc.kind !== 'page';
