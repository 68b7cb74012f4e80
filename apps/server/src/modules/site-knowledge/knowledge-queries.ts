import { analyze } from './analyzer.js';
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
import type { KnowledgeDocMeta, KnowledgeQuery, ScoredDoc, SiteIndex } from './site-index.js';

/*
 * The four questions asked of site indexes, without a database: the service answers them over
 * the indexes it keeps, the bench over indexes built from the labelled set. A query's embedding,
 * when the provider has one, comes in `vector`; without it every answer is lexical.
 */

/** How a duplicate check scores a document (the judgement's and the operator's search's, one rule). */
export function duplicateScoring(parameters: KnowledgeParameters) {
  const { titleShare, coverageShare, backgroundWeight } = parameters.duplicate;
  return { titleShare, coverageShare, backgroundWeight };
}

/**
 * Duplicate-subject candidates across the given sites' indexes, best first, with verdicts. The
 * first site (the article's own) also takes candidates from its nearest vectors; the others from
 * their titles and headings only (scored with their vectors too), so that asking twenty sites at
 * once stays one pass over one site's vectors.
 */
export function similarIn(
  indexes: readonly SiteIndex[],
  query: KnowledgeQuery,
  k: number,
  parameters: KnowledgeParameters,
  exclude: ReadonlySet<string> = new Set(),
  accept: (doc: KnowledgeDocMeta) => boolean = () => true,
): SimilarDoc[] {
  const scored: ScoredDoc[] = indexes.flatMap((index, position) =>
    index.query(query, {
      vectorCandidates: position === 0,
      k,
      ...duplicateScoring(parameters),
      accept: (doc) => !exclude.has(`${doc.siteId}:${doc.key}`) && accept(doc),
      // A post on the same subject names it in its title or headings: candidates come from there
      // (short lists, so asking twenty sites at once stays fast); the score still reads everything.
      fields: parameters.duplicate.retrievalFields,
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
  /** Only the site's WordPress posts (a link placed by post id, a backlink from a post): not the app's articles. */
  postsOnly = false,
  /**
   * Every candidate, best first, without the floor and the cut below the best: for callers that
   * check each one in its own words (a backlink's older post must name the article in a paragraph).
   */
  all = false,
): ScoredDoc[] {
  const scored = index.query(query, {
    k: Math.max(k * 4, 12),
    titleShare: 0,
    siteTermsOnly: true,
    backgroundWeight: parameters.related.backgroundWeight,
    accept: (doc) =>
      doc.kind !== 'page' && (!postsOnly || doc.kind === 'post') && doc.link !== '' && !exclude.has(doc.key),
  });
  return all ? scored.slice(0, k) : chooseRelated(scored, parameters.related, k);
}

/**
 * Whether a trend fits the topics (and, with the site's index, the site's own vocabulary). With an
 * embedding, the trend's closeness to the site's nearest post is mixed into the site's score.
 */
export function fitsTopicsIn(
  index: SiteIndex | null,
  topics: readonly string[],
  trend: TrendText,
  parameters: KnowledgeParameters,
  vector?: ArrayLike<number> | null,
): TopicFit {
  // A site with too few posts has no vocabulary to speak of yet: the topics alone decide.
  if (!index || index.size < parameters.trend.minSiteDocuments) return topicFit(topics, trend, parameters.trend, null);
  const fit = topicFit(topics, trend, parameters.trend, { stats: index.termStats });
  if (!vector || index.vectorCount === 0) return fit;
  const [nearest] = index.query(
    { title: trend.title, body: [trend.description ?? '', ...(trend.news ?? [])].join('\n'), vector },
    { k: 1, titleShare: 0 },
  );
  if (nearest?.vector == null) return fit;
  const t = parameters.trend;
  const siteScore = (1 - parameters.vectorShare) * (fit.siteScore ?? 0) + parameters.vectorShare * nearest.vector;
  const score = (t.topicWeight * fit.topicScore + t.siteWeight * siteScore) / (t.topicWeight + t.siteWeight);
  return { ...fit, siteScore, score, fits: score >= t.threshold && siteScore >= t.minSiteScore };
}

/** The category whose posts are nearest the article (its name said helps), or null when that is unclear. */
export function bestCategoryIn(
  index: SiteIndex,
  query: KnowledgeQuery,
  parameters: KnowledgeParameters,
  categories?: ReadonlyArray<{ id: number; name: string }>,
): CategoryChoice {
  const neighbours = index.query(query, {
    k: parameters.category.neighbours,
    titleShare: 0,
    accept: (doc) => doc.kind !== 'page' && doc.categoryIds.length > 0,
  });
  const known = categories && categories.length > 0 ? new Set(categories.map((c) => c.id)) : undefined;
  const article = new Set(analyze([query.title, ...(query.headings ?? []), query.body ?? ''].join('\n')));
  const centroids = parameters.category.centroidWeight > 0 ? index.categoryCosines(query) : undefined;
  return categoryVote(
    neighbours,
    parameters.category,
    known,
    categories ? { categories, article, stats: index.termStats } : undefined,
    centroids,
  );
}
