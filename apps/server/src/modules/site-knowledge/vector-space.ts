/**
 * A site's embedding vectors, kept small and compared by meaning. Each vector is normalised and
 * stored as 8-bit integers in one contiguous matrix (a quarter of Float32Arrays: 5,000 posts of
 * 1,536 dimensions take 7.7 MB, and a search is one pass over it); cosines are taken after
 * removing the site's mean vector, so that what every post of the site shares (its subject) does
 * not make them all look alike and the differences decide.
 */
export class VectorSpace {
  private matrix = new Int8Array(0);
  /** Each slot's document id (-1: free). */
  private slotIds = new Int32Array(0);
  /** Each slot's norm after centring, for the current mean (NaN: not computed yet). */
  private norms = new Float32Array(0);
  private readonly slots = new Map<number, number>();
  private readonly free: number[] = [];
  private used = 0;
  private readonly sum: Float64Array;
  private mean: Float32Array | null = null;

  constructor(readonly dimensions: number) {
    this.sum = new Float64Array(dimensions);
  }

  get size(): number {
    return this.slots.size;
  }

  has(id: number): boolean {
    return this.slots.has(id);
  }

  set(id: number, vector: ArrayLike<number>): void {
    if (vector.length !== this.dimensions) return;
    this.delete(id);
    const slot = this.free.pop() ?? this.grow();
    const quantised = quantise(vector);
    this.matrix.set(quantised, slot * this.dimensions);
    this.slotIds[slot] = id;
    this.slots.set(id, slot);
    for (let i = 0; i < this.dimensions; i++) this.sum[i]! += quantised[i]! / 127;
    this.mean = null;
  }

  delete(id: number): void {
    const slot = this.slots.get(id);
    if (slot === undefined) return;
    const offset = slot * this.dimensions;
    for (let i = 0; i < this.dimensions; i++) this.sum[i]! -= this.matrix[offset + i]! / 127;
    this.slotIds[slot] = -1;
    this.slots.delete(id);
    this.free.push(slot);
    this.mean = null;
  }

  /** Centred cosines of the query against every document with a vector (clipped to 0–1), the best k first. */
  nearest(query: ArrayLike<number>, k: number, accept: (id: number) => boolean = () => true): [number, number][] {
    const centred = this.centredQuery(query);
    if (!centred || k <= 0) return [];
    const mean = this.meanVector();
    // dot(v − μ, c) = dot(v, c) − dot(μ, c): one pass over the matrix, no copy of any vector.
    let meanDot = 0;
    for (let i = 0; i < this.dimensions; i++) meanDot += mean[i]! * centred[i]!;
    const top: [number, number][] = [];
    let floor = -1;
    const d = this.dimensions;
    for (let slot = 0; slot < this.used; slot++) {
      const id = this.slotIds[slot]!;
      if (id < 0) continue;
      const offset = slot * d;
      let dot = 0;
      for (let i = 0; i < d; i++) dot += this.matrix[offset + i]! * centred[i]!;
      const norm = this.normOf(slot, mean);
      const score = norm === 0 ? 0 : Math.max(0, Math.min(1, (dot / 127 - meanDot) / norm));
      if (top.length >= k && score <= floor) continue;
      if (!accept(id)) continue;
      top.push([id, score]);
      if (top.length > k) {
        top.sort((a, b) => b[1] - a[1]);
        top.length = k;
      }
      if (top.length >= k) floor = top.reduce((min, [, value]) => Math.min(min, value), 1);
    }
    return top.sort((a, b) => b[1] - a[1]);
  }

  /** The query less the site's mean, normalised; null when there is nothing to compare with. */
  centredQuery(query: ArrayLike<number>): Float32Array | null {
    if (query.length !== this.dimensions || this.slots.size === 0) return null;
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

  /** The centred cosine of a centred query and one document (0 when it has no vector). */
  similarityCentred(centred: Float32Array, id: number): number {
    const slot = this.slots.get(id);
    if (slot === undefined) return 0;
    const mean = this.meanVector();
    const offset = slot * this.dimensions;
    let dot = 0;
    for (let i = 0; i < this.dimensions; i++) dot += (this.matrix[offset + i]! / 127 - mean[i]!) * centred[i]!;
    const norm = this.normOf(slot, mean);
    return norm === 0 ? 0 : Math.max(0, Math.min(1, dot / norm));
  }

  private normOf(slot: number, mean: Float32Array): number {
    let norm = this.norms[slot]!;
    if (Number.isNaN(norm)) {
      const offset = slot * this.dimensions;
      let sum = 0;
      for (let i = 0; i < this.dimensions; i++) {
        const value = this.matrix[offset + i]! / 127 - mean[i]!;
        sum += value * value;
      }
      norm = Math.sqrt(sum);
      this.norms[slot] = norm;
    }
    return norm;
  }

  private meanVector(): Float32Array {
    if (!this.mean) {
      this.mean = new Float32Array(this.dimensions);
      const n = this.slots.size;
      if (n > 1) for (let i = 0; i < this.dimensions; i++) this.mean[i] = this.sum[i]! / n;
      this.norms.fill(Number.NaN);
    }
    return this.mean;
  }

  /** A new slot at the end, doubling the arrays when they are full. */
  private grow(): number {
    if (this.used === this.slotIds.length) {
      const capacity = Math.max(64, this.slotIds.length * 2);
      const matrix = new Int8Array(capacity * this.dimensions);
      matrix.set(this.matrix);
      this.matrix = matrix;
      const ids = new Int32Array(capacity).fill(-1);
      ids.set(this.slotIds);
      this.slotIds = ids;
      const norms = new Float32Array(capacity).fill(Number.NaN);
      norms.set(this.norms);
      this.norms = norms;
    }
    return this.used++;
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
