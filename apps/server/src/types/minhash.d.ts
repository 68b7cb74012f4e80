/* The minhash package (0.0.9) ships no types; this declares the part the app uses. */
declare module 'minhash' {
  export class Minhash {
    constructor(config?: { numPerm?: number; seed?: number });
    hashvalues: number[];
    update(value: string): void;
    jaccard(other: Minhash): number;
  }
}
