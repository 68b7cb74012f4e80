import MiniSearch from 'minisearch';
import { analyze } from './analyzer.js';
import type { KnowledgeParameters } from './parameters.js';
import {
  type BackgroundFrequencies,
  BlendedIdf,
  bagOf,
  cosine,
  coverage,
  type DocText,
  type IdfSource,
  profileOf,
  type TermProfile,
  TermStats,
  termWeights,
  type WeightedQuery,
  weightedQuery,
} from './term-vectors.js';
import { VectorSpace } from './vector-space.js';

/** Where a document comes from: the site's own posts and pages (inventory), or the app's articles. */
export type KnowledgeDocKind = 'post' | 'page' | 'article';

/** What the index keeps of a document besides its terms. */
export interface KnowledgeDocMeta {
  /** 'post:12', 'page:3' (WordPress ids), 'article:45' (the app's). */
  key: string;
  siteId: number;
  kind: KnowledgeDocKind;
  title: string;
  link: string;
  categoryIds: readonly number[];
}

export interface KnowledgeDocInput extends KnowledgeDocMeta, DocText {}

interface IndexedDoc extends KnowledgeDocMeta {
  id: number;
  profile: TermProfile;
  /** Ids of the title's distinct terms. */
  titleIds: Uint32Array;
  /** Ids of every distinct term of the document (for the site's document frequencies). */
  termIds: Uint32Array;
}

/** A document with how well it fits a query (0–1) and the parts of that score. */
export interface ScoredDoc {
  doc: KnowledgeDocMeta;
  score: number;
  lexical: number;
  title: number;
  vector: number | null;
}

/** A query: its text (title, then the rest), and its embedding when there is one. */
export interface KnowledgeQuery {
  title: string;
  headings?: readonly string[];
  body?: string;
  vector?: ArrayLike<number> | null;
}

/**
 * One site's knowledge: a BM25 index (MiniSearch) over each document's analysed title, headings
 * and strongest terms, the same documents' term profiles with the site's document frequencies
 * (for scores that mean the same on every query: cosines from 0 to 1), and their embeddings when
 * the provider has them. Documents are added, replaced and removed one at a time.
 */
export class SiteIndex {
  private readonly docs = new Map<number, IndexedDoc>();
  private readonly ids = new Map<string, number>();
  /** Documents by their title's analysed terms (sorted): the same title, however punctuated or cased. */
  private readonly titles = new Map<string, Set<number>>();
  private readonly stats = new TermStats();
  private readonly search: MiniSearch<{ id: number; title: string; headings: string; terms: string }>;
  private vectors: VectorSpace | null = null;
  private nextId = 1;
  /** The categories' summed profiles (categoryCosines), dropped whenever a document changes. */
  private centroids: Map<number, { weights: Map<number, number>; norm: number }> | null = null;
  /** The blended IDFs asked for, by background weight (one or two: duplicates', links'). */
  private readonly blended = new Map<number, BlendedIdf>();

  constructor(
    readonly siteId: number,
    private readonly parameters: KnowledgeParameters,
    /** General English frequencies, blended into the site's IDF where a query asks (`backgroundWeight`). */
    private readonly background: BackgroundFrequencies | null = null,
  ) {
    this.search = new MiniSearch({
      fields: ['title', 'headings', 'terms'],
      // The fields hold analysed terms already (stems, space-separated): the index only splits them.
      tokenize: (text) => text.split(' ').filter(Boolean),
      processTerm: (term) => term,
      searchOptions: { boost: { ...parameters.boosts }, combineWith: 'OR' },
    });
  }

  get size(): number {
    return this.docs.size;
  }

  get termStats(): TermStats {
    return this.stats;
  }

  get vectorCount(): number {
    return this.vectors?.size ?? 0;
  }

  has(key: string): boolean {
    return this.ids.has(key);
  }

  keys(): string[] {
    return [...this.ids.keys()];
  }

  meta(key: string): KnowledgeDocMeta | null {
    const id = this.ids.get(key);
    return id === undefined ? null : strip(this.docs.get(id)!);
  }

  /** Adds a document, or replaces the one with the same key (its vector is dropped: a new version needs its own). */
  upsert(input: KnowledgeDocInput): void {
    this.remove(input.key);
    this.centroids = null;
    const p = this.parameters;
    const weights = termWeights(input, p.fieldWeights, p.bodyChars);
    const profile = profileOf(weights, p.profileTerms, this.stats);
    const titleTerms = [...new Set(analyze(input.title))];
    const indexed = [...weights].sort((a, b) => b[1] - a[1]).slice(0, p.retrieval.indexedTerms);
    const id = this.nextId++;
    const doc: IndexedDoc = {
      id,
      key: input.key,
      siteId: input.siteId,
      kind: input.kind,
      title: input.title,
      link: input.link,
      categoryIds: [...input.categoryIds],
      profile,
      titleIds: Uint32Array.from(titleTerms.map((term) => this.stats.idOf(term))),
      termIds: Uint32Array.from([...weights.keys()].map((term) => this.stats.idOf(term))),
    };
    this.docs.set(id, doc);
    this.ids.set(input.key, id);
    const signature = titleSignature(titleTerms);
    if (signature) this.titles.set(signature, (this.titles.get(signature) ?? new Set()).add(id));
    this.stats.add(doc.termIds);
    this.search.add({
      id,
      title: titleTerms.join(' '),
      headings: analyze(input.headings.join(' ')).join(' '),
      terms: indexed.map(([term]) => term).join(' '),
    });
  }

  remove(key: string): void {
    const id = this.ids.get(key);
    if (id === undefined) return;
    this.centroids = null;
    const doc = this.docs.get(id)!;
    const signature = titleSignature(analyze(doc.title));
    const same = this.titles.get(signature);
    same?.delete(id);
    if (same?.size === 0) this.titles.delete(signature);
    this.search.discard(id);
    this.stats.remove(doc.termIds);
    this.vectors?.delete(id);
    this.docs.delete(id);
    this.ids.delete(key);
  }

  /** Documents titled as the text (the same significant words, stemmed: case, punctuation and stop words aside). */
  withTitle(text: string, accept: (doc: KnowledgeDocMeta) => boolean = () => true): KnowledgeDocMeta[] {
    const signature = titleSignature(analyze(text));
    if (!signature) return [];
    return [...(this.titles.get(signature) ?? [])].map((id) => strip(this.docs.get(id)!)).filter((doc) => accept(doc));
  }

  /** Stores a document's embedding (ignored when the document is unknown or the dimensions differ). */
  setVector(key: string, vector: ArrayLike<number>): void {
    const id = this.ids.get(key);
    if (id === undefined || vector.length === 0) return;
    if (!this.vectors || this.vectors.dimensions !== vector.length) {
      // Another model (other dimensions): the old vectors cannot be compared with the new ones.
      this.vectors = new VectorSpace(vector.length);
    }
    this.vectors.set(id, vector);
  }

  hasVector(key: string): boolean {
    const id = this.ids.get(key);
    return id !== undefined && (this.vectors?.has(id) ?? false);
  }

  /**
   * The documents that fit the query best, each with a score from 0 to 1: the IDF-weighted cosine
   * of the query's terms and the document's profile (mixed, where asked, with how much of the query
   * the document covers: `coverageShare`), mixed with its title against the query's title
   * (`titleShare`), and with the embeddings' centred cosine when both have one (`vectorShare`).
   * Candidates come from BM25 and, with a vector, from the nearest vectors.
   */
  query(
    query: KnowledgeQuery,
    options: {
      k: number;
      titleShare: number;
      /**
       * The share of the lexical score that is how much of the query the document covers (`coverage`),
       * the rest its cosine (0: the cosine alone). Duplicates: does an existing post cover this subject?
       */
      coverageShare?: number;
      accept?: (doc: KnowledgeDocMeta) => boolean;
      /** The fields BM25 looks in for candidates (default all: title, headings, strongest terms). */
      fields?: ReadonlyArray<'title' | 'headings' | 'terms'>;
      /** false: candidates from BM25 only (their vectors still score them); a pass over every vector is skipped. */
      vectorCandidates?: boolean;
      /**
       * The query's words the site never uses are left out of its weight (links: how much of what
       * the site writes about the article covers, not how much of the article the site covers).
       */
      siteTermsOnly?: boolean;
      /** The background frequencies' share of each IDF (0 or no background: the site's own IDF). */
      backgroundWeight?: number;
    },
  ): ScoredDoc[] {
    if (this.docs.size === 0) return [];
    const p = this.parameters;
    const idfs = this.idfSource(options.backgroundWeight ?? 0);
    const weights = termWeights(
      { title: query.title, headings: query.headings ?? [], body: query.body ?? '' },
      p.fieldWeights,
      p.bodyChars,
    );
    const full = weightedQuery(
      options.siteTermsOnly
        ? new Map([...weights].filter(([term]) => this.stats.documentFrequency(term) > 0))
        : weights,
      idfs,
    );
    const title = weightedQuery(bagOf(query.title), idfs);
    const accept = (id: number) => {
      const doc = this.docs.get(id);
      return doc !== undefined && (!options.accept || options.accept(doc));
    };
    const candidates = new Set<number>();
    // BM25 is asked for the query's most telling terms only: a term most documents have finds
    // everything (and costs a pass over them all); a term no document has finds nothing, yet weighs
    // most (a long article's own words would take every place); the cosine still weighs every term.
    const common = Math.max(p.retrieval.minDocumentCap, this.docs.size * p.retrieval.maxDocumentShare);
    const strongest = [...full.weights]
      .filter(([term]) => {
        const frequency = this.stats.documentFrequency(term);
        return frequency > 0 && frequency <= common;
      })
      .sort((a, b) => b[1] - a[1])
      .slice(0, p.retrieval.queryTerms);
    if (strongest.length > 0) {
      const hits = this.search.search(
        { combineWith: 'OR', queries: strongest.map(([term]) => term) },
        options.fields ? { fields: [...options.fields] } : {},
      );
      for (const hit of hits) {
        if (candidates.size >= p.candidates) break;
        if (accept(hit.id as number)) candidates.add(hit.id as number);
      }
    }
    const centred = query.vector && this.vectors ? this.vectors.centredQuery(query.vector) : null;
    if (centred && this.vectors && options.vectorCandidates !== false)
      for (const [id] of this.vectors.nearest(query.vector!, p.candidates, accept)) candidates.add(id);

    const scored: ScoredDoc[] = [];
    for (const id of candidates) {
      const doc = this.docs.get(id)!;
      const coverageShare = options.coverageShare ?? 0;
      const lexical =
        coverageShare > 0
          ? (1 - coverageShare) * cosine(full, doc.profile, idfs) + coverageShare * coverage(full, doc.profile)
          : cosine(full, doc.profile, idfs);
      const titleScore = titleCosine(title, doc.titleIds, idfs);
      const lexicalScore = (1 - options.titleShare) * lexical + options.titleShare * titleScore;
      const vector = centred && this.vectors?.has(id) ? this.vectors.similarityCentred(centred, id) : null;
      const score = vector === null ? lexicalScore : (1 - p.vectorShare) * lexicalScore + p.vectorShare * vector;
      scored.push({ doc: strip(doc), score, lexical, title: titleScore, vector });
    }
    return scored.sort((a, b) => b.score - a.score).slice(0, options.k);
  }

  /**
   * Each category's closeness to the query: the cosine of the query and the sum of the category's
   * posts' profiles (pages left out; each profile normalised first, so a long post does not
   * outweigh its category), both weighted by the site's IDF. Where nearest posts are few or split,
   * the whole category speaks. The sums are kept until a document changes (a pass over every
   * document would cost a 5,000-post site tens of milliseconds a query).
   */
  categoryCosines(query: KnowledgeQuery): Map<number, number> {
    const p = this.parameters;
    const full = weightedQuery(
      termWeights(
        { title: query.title, headings: query.headings ?? [], body: query.body ?? '' },
        p.fieldWeights,
        p.bodyChars,
      ),
      this.stats,
    );
    const out = new Map<number, number>();
    if (full.norm === 0) return out;
    for (const [category, centroid] of this.categoryCentroids()) {
      let dot = 0;
      for (const [id, q] of full.byId) {
        const w = centroid.weights.get(id);
        if (w !== undefined) dot += q * w;
      }
      out.set(category, centroid.norm === 0 ? 0 : dot / (full.norm * centroid.norm));
    }
    return out;
  }

  private categoryCentroids(): Map<number, { weights: Map<number, number>; norm: number }> {
    if (this.centroids) return this.centroids;
    const centroids = new Map<number, { weights: Map<number, number>; norm: number }>();
    for (const doc of this.docs.values()) {
      if (doc.kind === 'page' || doc.categoryIds.length === 0) continue;
      const { ids, weights } = doc.profile;
      let norm = 0;
      for (let i = 0; i < ids.length; i++) norm += (weights[i]! * this.stats.idfOf(ids[i]!)) ** 2;
      norm = Math.sqrt(norm) || 1;
      for (const category of doc.categoryIds) {
        let centroid = centroids.get(category);
        if (!centroid) centroids.set(category, (centroid = { weights: new Map(), norm: 0 }));
        for (let i = 0; i < ids.length; i++) {
          const id = ids[i]!;
          centroid.weights.set(id, (centroid.weights.get(id) ?? 0) + (weights[i]! * this.stats.idfOf(id)) / norm);
        }
      }
    }
    for (const centroid of centroids.values()) {
      let sum = 0;
      for (const w of centroid.weights.values()) sum += w * w;
      centroid.norm = Math.sqrt(sum);
    }
    this.centroids = centroids;
    return centroids;
  }

  /** The site's IDF, or its blend with the background frequencies at that weight (kept: its caches last). */
  private idfSource(weight: number): IdfSource {
    if (!this.background || weight <= 0) return this.stats;
    let blended = this.blended.get(weight);
    if (!blended) {
      blended = new BlendedIdf(this.stats, this.background, weight, this.parameters.backgroundShare);
      this.blended.set(weight, blended);
    }
    return blended;
  }

  /** The analysed terms of a text with this site's inverse document frequencies. */
  weighted(text: string): WeightedQuery {
    return weightedQuery(bagOf(text), this.stats);
  }
}

function titleCosine(query: WeightedQuery, titleIds: Uint32Array, stats: IdfSource): number {
  if (query.norm === 0 || titleIds.length === 0) return 0;
  let dot = 0;
  let sum = 0;
  for (const id of titleIds) {
    const w = stats.idfOf(id);
    sum += w * w;
    const q = query.byId.get(id);
    if (q !== undefined) dot += q * w;
  }
  return sum === 0 ? 0 : dot / (query.norm * Math.sqrt(sum));
}

function strip(doc: IndexedDoc): KnowledgeDocMeta {
  return {
    key: doc.key,
    siteId: doc.siteId,
    kind: doc.kind,
    title: doc.title,
    link: doc.link,
    categoryIds: doc.categoryIds,
  };
}

/** A title's distinct analysed terms, sorted: '' when it has none. */
function titleSignature(terms: readonly string[]): string {
  return [...new Set(terms)].sort().join(' ');
}
