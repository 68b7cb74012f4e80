import { analyze } from './analyzer.js';

/** What a document says, by field (plain text). */
export interface DocText {
  title: string;
  headings: readonly string[];
  body: string;
}

/** A document's strongest terms and their weights (field-weighted, log-damped term frequency). */
export interface TermProfile {
  terms: string[];
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

/** The `max` strongest terms (ties: the first met), as a compact profile. */
export function profileOf(weights: Map<string, number>, max: number): TermProfile {
  const top = [...weights].sort((a, b) => b[1] - a[1]).slice(0, max);
  return { terms: top.map(([term]) => term), weights: Float32Array.from(top.map(([, weight]) => weight)) };
}

/**
 * Document frequencies of a site: how many of its documents use a term. A word found everywhere on a site ("grow" on a gardening blog, "recipe" on a cooking
 * one) gets a low inverse frequency there, whatever list it is or is not on.
 */
export class TermStats {
  private readonly df = new Map<string, number>();
  private docs = 0;
  /** IDFs asked since the last change (a query asks for the same terms again and again). */
  private idfs = new Map<string, number>();

  get docCount(): number {
    return this.docs;
  }

  add(terms: readonly string[]): void {
    if (this.idfs.size > 0) this.idfs = new Map();
    this.docs++;
    for (const term of terms) this.df.set(term, (this.df.get(term) ?? 0) + 1);
  }

  remove(terms: readonly string[]): void {
    if (this.idfs.size > 0) this.idfs = new Map();
    this.docs = Math.max(0, this.docs - 1);
    for (const term of terms) {
      const n = (this.df.get(term) ?? 0) - 1;
      if (n > 0) this.df.set(term, n);
      else this.df.delete(term);
    }
  }

  documentFrequency(term: string): number {
    return this.df.get(term) ?? 0;
  }

  /** BM25's inverse document frequency (always positive): a term no document has weighs most. */
  idf(term: string): number {
    let idf = this.idfs.get(term);
    if (idf === undefined) {
      const n = this.df.get(term) ?? 0;
      idf = Math.log(1 + (this.docs - n + 0.5) / (n + 0.5));
      if (this.idfs.size < 100_000) this.idfs.set(term, idf);
    }
    return idf;
  }

  /** Distinct terms known (the index's vocabulary). */
  get vocabulary(): number {
    return this.df.size;
  }
}

/** A query's terms weighted by IDF, with its norm: compared against many documents. */
export interface WeightedQuery {
  weights: Map<string, number>;
  norm: number;
}

export function weightedQuery(weights: ReadonlyMap<string, number>, stats: TermStats): WeightedQuery {
  const out = new Map<string, number>();
  let sum = 0;
  for (const [term, weight] of weights) {
    const w = weight * stats.idf(term);
    out.set(term, w);
    sum += w * w;
  }
  return { weights: out, norm: Math.sqrt(sum) };
}

/** The cosine of a query and a document profile, both weighted by the site's IDF: 0 (nothing shared) to 1. */
export function cosine(query: WeightedQuery, profile: TermProfile, stats: TermStats): number {
  if (query.norm === 0) return 0;
  let dot = 0;
  let sum = 0;
  for (let i = 0; i < profile.terms.length; i++) {
    const term = profile.terms[i]!;
    const w = profile.weights[i]! * stats.idf(term);
    sum += w * w;
    const q = query.weights.get(term);
    if (q !== undefined) dot += q * w;
  }
  return sum === 0 ? 0 : dot / (query.norm * Math.sqrt(sum));
}

/** Terms of a short text (a title) with weight 1 each. */
export function bagOf(text: string): Map<string, number> {
  const bag = new Map<string, number>();
  for (const term of analyze(text)) bag.set(term, 1);
  return bag;
}
