import { analyze } from './analyzer.js';

/** What a document says, by field (plain text). */
export interface DocText {
  title: string;
  headings: readonly string[];
  body: string;
}

/** A document's strongest terms (ids of its site's dictionary) and their weights (field-weighted, log-damped tf). */
export interface TermProfile {
  ids: Uint32Array;
  weights: Float32Array;
}

export type FieldWeights = { title: number; headings: number; body: number };

/**
 * Each term's weight in the document: per field, 1 + ln(tf) (a word said ten times is not ten
 * times the subject), times the field's weight (a title says what a post is about).
 */
export function termWeights(doc: DocText, fieldWeights: FieldWeights, bodyChars: number): Map<string, number> {
  const weights = new Map<string, number>();
  const addField = (terms: string[], fieldWeight: number) => {
    const counts = new Map<string, number>();
    for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
    for (const [term, tf] of counts) weights.set(term, (weights.get(term) ?? 0) + fieldWeight * (1 + Math.log(tf)));
  };
  addField(analyze(doc.title), fieldWeights.title);
  addField(analyze(doc.headings.join('\n')), fieldWeights.headings);
  addField(analyze(doc.body.slice(0, bodyChars)), fieldWeights.body);
  return weights;
}

/** The `max` strongest terms (ties: the first met), as a compact profile of the site's term ids. */
export function profileOf(weights: Map<string, number>, max: number, stats: TermStats): TermProfile {
  const top = [...weights].sort((a, b) => b[1] - a[1]).slice(0, max);
  return {
    ids: Uint32Array.from(top.map(([term]) => stats.idOf(term))),
    weights: Float32Array.from(top.map(([, weight]) => weight)),
  };
}

/**
 * A site's vocabulary and document frequencies: how many of its documents use a term. A word found
 * everywhere on a site ("grow" on a gardening blog, "recipe" on a cooking one) gets a low inverse
 * frequency there, whatever list it is or is not on. Terms are numbered (documents keep typed
 * arrays of ids, not strings: a site of 5,000 posts is a few hundred thousand numbers).
 */
export class TermStats {
  private readonly ids = new Map<string, number>();
  /** Each id's term (for the background frequencies, which are by term). */
  private readonly terms: string[] = [];
  private df = new Int32Array(1024);
  private docs = 0;
  /** IDFs computed since the last change, by id (stamped with the version they were computed at). */
  private idfs = new Float64Array(1024);
  private stamps = new Uint32Array(1024);
  private version = 1;

  get docCount(): number {
    return this.docs;
  }

  /** Changes with every document added or removed (what IDFs computed from these counts are valid for). */
  get revision(): number {
    return this.version;
  }

  /** Distinct terms known (the index's vocabulary; a term stays known after its last document left). */
  get vocabulary(): number {
    return this.ids.size;
  }

  /** The term's id, numbering it when new. */
  idOf(term: string): number {
    let id = this.ids.get(term);
    if (id === undefined) {
      id = this.ids.size;
      this.ids.set(term, id);
      this.terms[id] = term;
      if (id >= this.df.length) this.grow();
    }
    return id;
  }

  /** The term's id, or -1 when no document has ever used it. */
  find(term: string): number {
    return this.ids.get(term) ?? -1;
  }

  add(ids: Uint32Array): void {
    this.docs++;
    this.version++;
    for (const id of ids) this.df[id]!++;
  }

  remove(ids: Uint32Array): void {
    this.docs = Math.max(0, this.docs - 1);
    this.version++;
    for (const id of ids) this.df[id] = Math.max(0, this.df[id]! - 1);
  }

  /** The term of an id. */
  termOf(id: number): string {
    return this.terms[id] ?? '';
  }

  documentFrequency(term: string): number {
    const id = this.find(term);
    return id < 0 ? 0 : this.df[id]!;
  }

  /** BM25's inverse document frequency (always positive): a term no document has weighs most. */
  idf(term: string): number {
    const id = this.find(term);
    return id < 0 ? this.idfOfCount(0) : this.idfOf(id);
  }

  idfOf(id: number): number {
    if (this.stamps[id] !== this.version) {
      this.idfs[id] = this.idfOfCount(this.df[id]!);
      this.stamps[id] = this.version;
    }
    return this.idfs[id]!;
  }

  private idfOfCount(n: number): number {
    return Math.log(1 + (this.docs - n + 0.5) / (n + 0.5));
  }

  private grow(): void {
    const size = this.df.length * 2;
    const df = new Int32Array(size);
    df.set(this.df);
    this.df = df;
    const idfs = new Float64Array(size);
    idfs.set(this.idfs);
    this.idfs = idfs;
    const stamps = new Uint32Array(size);
    stamps.set(this.stamps);
    this.stamps = stamps;
  }
}

/** Where the scoring functions take each term's inverse document frequency from. */
export type IdfSource = Pick<TermStats, 'find' | 'idf' | 'idfOf'>;

/**
 * How common each term (stem) is in English at large, as its frequency rank (0: the commonest):
 * a list shipped with the app, not read from any site. Without one, a site's own IDF is all there is.
 */
export interface BackgroundFrequencies {
  rankOf(term: string): number | undefined;
  /** The rank given to a term the list does not have (rarer than any it has). */
  readonly unknownRank: number;
}

/**
 * A site's IDF blended with a background one from general English frequencies. On a small site
 * every IDF is flat (out of fifty posts, "growing" and "zucchini" may each be in two), so a reworded
 * title's shared common word weighs as much as its subject; the background still knows which of
 * the two is common. A word's background document share is taken as `share / (rank + 1)` (Zipf),
 * its IDF ln(1 / share), scaled onto the site's range (a word the list does not have gets the
 * site's largest IDF, the others their share of it) so the two stay on one scale. (Capping it at the
 * site's largest IDF instead made every word rarer than rank ~600 as telling as a word the list does
 * not have on a 15-post site: "grow" weighed as much as a vegetable's name.)
 */
export class BlendedIdf implements IdfSource {
  /**
   * Kept with the index, not made per query: a duplicate query over twenty sites asks ~80,000 IDFs.
   * Each term's background part is static (its rank's IDF, NaN: not looked up yet); the blend is
   * cached until the site's document frequencies change (the revision stamps, as TermStats does).
   */
  private priors = new Float64Array(0);
  private blended = new Float64Array(0);
  private stamps = new Uint32Array(0);
  /** The scale of the background part at the current revision: the site's largest IDF over the list's. */
  private scale = 0;
  private scaleRevision = 0;
  private readonly rarest: number;

  constructor(
    private readonly stats: TermStats,
    private readonly frequencies: BackgroundFrequencies,
    private readonly weight: number,
    private readonly share: number,
  ) {
    this.rarest = this.priorOfRank(frequencies.unknownRank);
  }

  find(term: string): number {
    return this.stats.find(term);
  }

  idf(term: string): number {
    const id = this.stats.find(term);
    return id < 0 ? this.blend(this.stats.idf(term), this.prior(term)) : this.idfOf(id);
  }

  idfOf(id: number): number {
    const revision = this.stats.revision;
    if (id < this.stamps.length && this.stamps[id] === revision) return this.blended[id]!;
    if (id >= this.priors.length) this.grow(id);
    let prior = this.priors[id]!;
    if (Number.isNaN(prior)) {
      prior = this.prior(this.stats.termOf(id));
      this.priors[id] = prior;
    }
    const value = this.blend(this.stats.idfOf(id), prior);
    this.blended[id] = value;
    this.stamps[id] = revision;
    return value;
  }

  private blend(site: number, prior: number): number {
    // The background only lowers: a word the site uses everywhere (its subject, a marker in every
    // title) is not telling there, however rare it is in English.
    return (1 - this.weight) * site + this.weight * Math.min(site, this.scaled(prior));
  }

  /** A background IDF on the site's scale: the list's rarest (an unknown word) at the site's largest IDF. */
  private scaled(prior: number): number {
    if (this.scaleRevision !== this.stats.revision) {
      const cap = Math.log(1 + (this.stats.docCount + 0.5) / 0.5);
      this.scale = this.rarest <= 0 ? 0 : cap / this.rarest;
      this.scaleRevision = this.stats.revision;
    }
    return this.scale * Math.min(prior, this.rarest);
  }

  private prior(term: string): number {
    return this.priorOfRank(this.frequencies.rankOf(term) ?? this.frequencies.unknownRank);
  }

  private priorOfRank(rank: number): number {
    return Math.log(1 / Math.min(0.95, this.share / (rank + 1)));
  }

  private grow(id: number): void {
    const size = Math.max(1024, this.priors.length * 2, id + 1);
    const priors = new Float64Array(size).fill(Number.NaN);
    priors.set(this.priors);
    this.priors = priors;
    const blended = new Float64Array(size);
    blended.set(this.blended);
    this.blended = blended;
    const stamps = new Uint32Array(size);
    stamps.set(this.stamps);
    this.stamps = stamps;
  }
}

/** A query's terms weighted by IDF (by term id; -1-keyed terms are unknown to the site), with its norm. */
export interface WeightedQuery {
  /** Weight × IDF of each term the site knows, by id. */
  byId: Map<number, number>;
  /** Weight × IDF of every term, by term (unknown ones included): for choosing retrieval terms. */
  weights: Map<string, number>;
  norm: number;
  /** The sum of every term's weight (the whole of what `coverage` shares out). */
  total: number;
}

export function weightedQuery(weights: ReadonlyMap<string, number>, stats: IdfSource): WeightedQuery {
  const byId = new Map<number, number>();
  const out = new Map<string, number>();
  let sum = 0;
  let total = 0;
  for (const [term, weight] of weights) {
    const id = stats.find(term);
    const w = weight * (id < 0 ? stats.idf(term) : stats.idfOf(id));
    out.set(term, w);
    if (id >= 0) byId.set(id, w);
    sum += w * w;
    total += w;
  }
  return { byId, weights: out, norm: Math.sqrt(sum), total };
}

/** The cosine of a query and a document profile, both weighted by the site's IDF: 0 (nothing shared) to 1. */
export function cosine(query: WeightedQuery, profile: TermProfile, stats: IdfSource): number {
  if (query.norm === 0) return 0;
  let dot = 0;
  let sum = 0;
  for (let i = 0; i < profile.ids.length; i++) {
    const id = profile.ids[i]!;
    const w = profile.weights[i]! * stats.idfOf(id);
    sum += w * w;
    const q = query.byId.get(id);
    if (q !== undefined) dot += q * w;
  }
  return sum === 0 ? 0 : dot / (query.norm * Math.sqrt(sum));
}

/**
 * How much of the query a document covers: the IDF-weighted share of the query's terms (those the
 * site has never used included, uncovered) that are among the document's profile terms, 0 to 1.
 * Unlike the cosine it does not fall as the document says more besides: a 2,000-word post that
 * covers every telling word of a one-line topic covers that topic.
 */
export function coverage(query: WeightedQuery, profile: TermProfile): number {
  if (query.total === 0) return 0;
  let covered = 0;
  for (const id of profile.ids) covered += query.byId.get(id) ?? 0;
  return covered / query.total;
}

/** Terms of a short text (a title) with weight 1 each. */
export function bagOf(text: string): Map<string, number> {
  const bag = new Map<string, number>();
  for (const term of analyze(text)) bag.set(term, 1);
  return bag;
}
