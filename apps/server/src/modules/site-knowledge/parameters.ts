/**
 * Every tunable number of site knowledge, in one place. They are general (weights of fields,
 * thresholds on normalised scores), never rules about particular words or cases; the labelled
 * set's bench (`npm run bench -- understanding`) prints what they give and sweeps the thresholds.
 */
export const KNOWLEDGE_PARAMETERS = {
  /** How much a term counts by where it occurs (before its inverse document frequency). */
  fieldWeights: { title: 3, headings: 1.5, body: 1 },
  /** Terms kept per document: its strongest, by field-weighted, log-damped frequency. */
  profileTerms: 64,
  /** Body text analysed per document (the inventory keeps up to 20,000 characters). */
  bodyChars: 20_000,
  /** Candidates taken from each retrieval (BM25, vectors) before they are scored. */
  candidates: 60,
  retrieval: {
    /** A document's strongest terms put in the BM25 index (besides its title and headings). */
    indexedTerms: 32,
    /** The query's strongest terms BM25 is asked for… */
    queryTerms: 12,
    /** …leaving out those more than this share of the site's documents have (they find everything)… */
    maxDocumentShare: 0.05,
    /** …but never those fewer documents than this have (on a small site every word is in a big share). */
    minDocumentCap: 25,
  },
  /** BM25 boosts of the lexical retrieval (MiniSearch), per field. */
  boosts: { title: 3, headings: 1.5, terms: 1 },
  /**
   * Background IDF (general English frequencies, where the index has them): a word's assumed
   * document share is this over its frequency rank + 1 (Zipf), so rank 20 ≈ every document.
   */
  backgroundShare: 20,
  /** Hybrid: the share of the score that comes from the embeddings' (centred) cosine. */
  vectorShare: 0.2,
  duplicate: {
    /** The share of a duplicate's score that is its title against the post's title (the rest: everything). */
    titleShare: 0.15,
    /**
     * The share of the rest that is how much of the new subject's telling words the post has (its
     * coverage), the remainder their cosine. A post covers a one-line topic however much more it says;
     * the cosine alone falls with every other word the post has.
     */
    coverageShare: 0.8,
    /**
     * A score at or above this is "the site already covers it". (0.48 with coverageShare 0.8 and
     * titleShare 0.15: what fitting on the whole labelled set chose; fitted leaving one site out,
     * the folds chose coverage 0.7–0.8 and thresholds 0.44–0.50.)
     */
    threshold: 0.48,
    /**
     * The background IDF's share of each term's weight when comparing subjects (0: the site's own
     * IDF only): a reworded title's shared common word must not weigh as much as its subject.
     */
    backgroundWeight: 0.5,
    /**
     * With embeddings: the lexical threshold. (The bench's stand-in embeddings, pooled GloVe word
     * vectors, are not what a provider's model gives: no threshold is fitted to them.)
     */
    hybridThreshold: 0.48,
    /** Where BM25 looks for duplicate candidates. */
    retrievalFields: ['title', 'headings'] as ReadonlyArray<'title' | 'headings' | 'terms'>,
  },
  related: {
    /**
     * A link candidate scores at least this… (0.05: on the labelled set 0.12 and 0.05 give the same
     * figures, and on a small site of short posts, where every IDF is low, 0.12 left none.) */
    minScore: 0.05,
    /** …and at least this share of the best candidate's score. */
    minShareOfBest: 0.55,
    /**
     * The background IDF's share of each term's weight (0: the site's own IDF only). On a small site
     * every IDF is flat, and an article's everyday words ("make", "month", "home") tie a short post
     * on another subject to it as strongly as the subject's own words do.
     */
    backgroundWeight: 0.5,
  },
  trend: {
    /** Weight of the topic's words found in the trend (IDF-weighted share of the topic). */
    topicWeight: 0.5,
    /** Weight of the share of the trend's other words that the site itself uses. */
    siteWeight: 0.5,
    /** A fit scores at least this… */
    threshold: 0.3,
    /** …and the site uses at least this share of the trend's other words. */
    minSiteScore: 0.6,
    /** Below this many documents a site's vocabulary is not asked (a new site has hardly any words of its own). */
    minSiteDocuments: 10,
  },
  category: {
    /** Nearest posts that vote for their categories. */
    neighbours: 12,
    /** The winning category's share of the votes… */
    minShare: 0.25,
    /** …and the nearest post's similarity, below which the choice is left open (null). */
    minScore: 0.03,
    /** A category whose name the article says gets this share of the neighbours' votes more. */
    nameWeight: 0.5,
    /**
     * The weight of the categories' cosines with the article as a whole, against the neighbours'
     * votes (0: off). 1: leave-one-site-out fitting on the labelled set chose 1 or 2 (both give the same).
     */
    centroidWeight: 1,
  },
} as const;

export type KnowledgeParameters = typeof KNOWLEDGE_PARAMETERS;

/** A copy with some numbers changed (the bench's sweeps; tests). */
export function withParameters(changes: DeepPartial<KnowledgeParameters>): KnowledgeParameters {
  return merge(KNOWLEDGE_PARAMETERS, changes) as KnowledgeParameters;
}

type DeepPartial<T> = {
  -readonly [K in keyof T]?: T[K] extends number ? number : T[K] extends object ? DeepPartial<T[K]> : T[K];
};

function merge(base: unknown, changes: unknown): unknown {
  if (typeof base !== 'object' || base === null || typeof changes !== 'object' || changes === null)
    return changes ?? base;
  if (Array.isArray(changes)) return changes;
  const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [key, value] of Object.entries(changes as Record<string, unknown>))
    if (value !== undefined) out[key] = merge(out[key], value);
  return out;
}
