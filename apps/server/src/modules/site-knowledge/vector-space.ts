/**
 * A site's embedding vectors, kept small and compared by meaning. Each vector is normalised and
 * stored as 8-bit integers (a quarter of a Float32Array: 5,000 posts of 1,536 dimensions take
 * 7.7 MB); cosines are taken after removing the site's mean vector, so that what every post of
 * the site shares (its subject) does not make them all look alike and the differences decide.
 */
export class VectorSpace {
  private readonly vectors = new Map<number, Int8Array>();
  private sum: Float64Array | null = null;
  private mean: Float32Array | null = null;
  /** Each document's norm after centring, for the current mean (recomputed when the mean moved). */
  private centredNorms = new Map<number, number>();

  constructor(readonly dimensions: number) {}

  get size(): number {
    return this.vectors.size;
  }

  has(id: number): boolean {
    return this.vectors.has(id);
  }

  set(id: number, vector: ArrayLike<number>): void {
    if (vector.length !== this.dimensions) return;
    this.delete(id);
    const quantised = quantise(vector);
    this.vectors.set(id, quantised);
    this.sum ??= new Float64Array(this.dimensions);
    for (let i = 0; i < this.dimensions; i++) this.sum[i]! += quantised[i]! / 127;
    this.mean = null;
  }

  delete(id: number): void {
    const old = this.vectors.get(id);
    if (!old || !this.sum) return;
    for (let i = 0; i < this.dimensions; i++) this.sum[i]! -= old[i]! / 127;
    this.vectors.delete(id);
    this.mean = null;
  }

  /** Centred cosines of the query against every document with a vector (clipped to 0–1), best first. */
  nearest(query: ArrayLike<number>, k: number, accept: (id: number) => boolean = () => true): [number, number][] {
    const scores: [number, number][] = [];
    const centred = this.centredQuery(query);
    if (!centred) return scores;
    for (const id of this.vectors.keys()) {
      if (!accept(id)) continue;
      scores.push([id, this.similarityCentred(centred, id)]);
    }
    return scores.sort((a, b) => b[1] - a[1]).slice(0, k);
  }

  /** The centred cosine of the query and one document (0 when it has no vector). */
  similarity(query: ArrayLike<number>, id: number): number {
    const centred = this.centredQuery(query);
    return centred ? this.similarityCentred(centred, id) : 0;
  }

  /** The query less the site's mean, normalised; null when there is nothing to compare with. */
  centredQuery(query: ArrayLike<number>): Float32Array | null {
    if (query.length !== this.dimensions || this.vectors.size === 0) return null;
    const mean = this.meanVector();
    let squares = 0;
    for (let i = 0; i < this.dimensions; i++) squares += (query[i] as number) ** 2;
    const norm = Math.sqrt(squares);
    if (norm === 0) return null;
    const centred = new Float32Array(this.dimensions);
    let sum = 0;
    for (let i = 0; i < this.dimensions; i++) {
      const value = (query[i] as number) / norm - mean[i]!;
      centred[i] = value;
      sum += value * value;
    }
    const centredNorm = Math.sqrt(sum);
    if (centredNorm === 0) return null;
    for (let i = 0; i < this.dimensions; i++) centred[i]! /= centredNorm;
    return centred;
  }

  similarityCentred(centred: Float32Array, id: number): number {
    const vector = this.vectors.get(id);
    if (!vector) return 0;
    const mean = this.meanVector();
    let dot = 0;
    for (let i = 0; i < this.dimensions; i++) dot += (vector[i]! / 127 - mean[i]!) * centred[i]!;
    const norm = this.centredNorm(id, vector, mean);
    return norm === 0 ? 0 : Math.max(0, Math.min(1, dot / norm));
  }

  private centredNorm(id: number, vector: Int8Array, mean: Float32Array): number {
    let norm = this.centredNorms.get(id);
    if (norm === undefined) {
      let sum = 0;
      for (let i = 0; i < this.dimensions; i++) {
        const value = vector[i]! / 127 - mean[i]!;
        sum += value * value;
      }
      norm = Math.sqrt(sum);
      this.centredNorms.set(id, norm);
    }
    return norm;
  }

  private meanVector(): Float32Array {
    if (!this.mean) {
      this.mean = new Float32Array(this.dimensions);
      const n = this.vectors.size;
      if (this.sum && n > 1) for (let i = 0; i < this.dimensions; i++) this.mean[i] = this.sum[i]! / n;
      this.centredNorms = new Map();
    }
    return this.mean;
  }
}

/** A vector normalised to length 1, then each component as an integer of -127…127. */
export function quantise(vector: ArrayLike<number>): Int8Array {
  let sum = 0;
  for (let i = 0; i < vector.length; i++) sum += (vector[i] as number) ** 2;
  const norm = Math.sqrt(sum) || 1;
  const out = new Int8Array(vector.length);
  for (let i = 0; i < vector.length; i++) out[i] = Math.round(((vector[i] as number) / norm) * 127);
  return out;
}
