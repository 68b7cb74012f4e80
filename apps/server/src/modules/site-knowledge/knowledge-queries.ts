import {
  type CategoryChoice,
  categoryVote,
  chooseRelated,
  duplicateVerdicts,
  type SimilarDoc,
  type TopicFit,
  type TrendText,
  topicFit,
} from './judgements.js';
import type { KnowledgeParameters } from './parameters.js';
import type { KnowledgeQuery, ScoredDoc, SiteIndex } from './site-index.js';

/*
 * The four questions asked of site indexes, without a database: the service answers them over
 * the indexes it keeps, the bench over indexes built from the labelled set. A query's embedding,
 * when the provider has one, comes in `vector`; without it every answer is lexical.
 */

/** Duplicate-subject candidates across the given sites' indexes, best first, with verdicts. */
export function similarIn(
  indexes: readonly SiteIndex[],
  query: KnowledgeQuery,
  k: number,
  parameters: KnowledgeParameters,
  exclude: ReadonlySet<string> = new Set(),
): SimilarDoc[] {
  const scored: ScoredDoc[] = indexes.flatMap((index) =>
    index.query(query, {
      k,
      titleShare: parameters.duplicate.titleShare,
      accept: (doc) => !exclude.has(`${doc.siteId}:${doc.key}`),
    }),
  );
  return duplicateVerdicts(scored, parameters.duplicate.threshold)
    .map((doc) => ({
      ...doc,
      duplicate:
        doc.score >= (doc.vector === null ? parameters.duplicate.threshold : parameters.duplicate.hybridThreshold),
    }))
    .slice(0, k);
}

/** Posts of the site an article should link to: the best few, only those close to the best. */
export function relatedIn(
  index: SiteIndex,
  query: KnowledgeQuery,
  k: number,
  parameters: KnowledgeParameters,
  exclude: ReadonlySet<string> = new Set(),
): ScoredDoc[] {
  const scored = index.query(query, {
    k: Math.max(k * 4, 12),
    titleShare: 0,
    accept: (doc) => doc.kind !== 'page' && doc.link !== '' && !exclude.has(doc.key),
  });
  return chooseRelated(scored, parameters.related, k);
}

/** Whether a trend fits the topics (and, with the site's index, what the site writes). */
export function fitsTopicsIn(
  index: SiteIndex | null,
  topics: readonly string[],
  trend: TrendText,
  parameters: KnowledgeParameters,
  vector?: ArrayLike<number> | null,
): TopicFit {
  if (!index || index.size === 0) return topicFit(topics, trend, parameters.trend, null);
  const [nearest] = index.query(
    { title: trend.title, body: [trend.description ?? '', ...(trend.news ?? [])].join('\n'), vector: vector ?? null },
    { k: 1, titleShare: 0 },
  );
  return topicFit(topics, trend, parameters.trend, { stats: index.termStats, nearest: nearest?.score ?? 0 });
}

/** The category whose posts are nearest the article, or null when that is unclear. */
export function bestCategoryIn(
  index: SiteIndex,
  query: KnowledgeQuery,
  parameters: KnowledgeParameters,
  known?: ReadonlySet<number>,
): CategoryChoice {
  const neighbours = index.query(query, {
    k: parameters.category.neighbours,
    titleShare: 0,
    accept: (doc) => doc.kind !== 'page' && doc.categoryIds.length > 0,
  });
  return categoryVote(neighbours, parameters.category, known);
}
