/*
 * Near-duplicate detection for article bodies: word shingles and MinHash (the `minhash` package),
 * with locality-sensitive-hashing bands so that a database can find candidates by index instead of
 * comparing a new article with every stored one.
 */
import { createHash } from 'node:crypto';
import { Minhash } from 'minhash';
import { htmlToText } from '../html/html-text.js';

// 5-word shingles: a reworded sentence changes a few shingles, a copied paragraph shares all of them.
const SHINGLE_WORDS = 5;
const PERMUTATIONS = 128;
// 16 bands of 8 rows: two texts become candidates from a Jaccard similarity of about 0.7 (1/16)^(1/8).
const BANDS = 16;
const ROWS = PERMUTATIONS / BANDS;
// A fixed seed: signatures stored months ago must stay comparable with new ones.
const SEED = 7;

/** At or above this estimated Jaccard similarity two bodies are the same article. */
export const NEAR_DUPLICATE_SIMILARITY = 0.75;

export interface ContentFingerprint {
  /** The MinHash signature (PERMUTATIONS values). */
  signature: number[];
  /** One key per LSH band, unique across bands (band number in the high bits, below 2^53). */
  bands: number[];
}

function words(html: string): string[] {
  return (
    htmlToText(html)
      .toLowerCase()
      .match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu) ?? []
  );
}

/** A body's fingerprint; null when it is too short to compare (fewer words than one shingle). */
export function contentFingerprint(html: string): ContentFingerprint | null {
  const tokens = words(html);
  if (tokens.length < SHINGLE_WORDS) return null;
  const hash = new Minhash({ numPerm: PERMUTATIONS, seed: SEED });
  const seen = new Set<string>();
  for (let i = 0; i + SHINGLE_WORDS <= tokens.length; i++) {
    const shingle = tokens.slice(i, i + SHINGLE_WORDS).join(' ');
    if (seen.has(shingle)) continue;
    seen.add(shingle);
    hash.update(shingle);
  }
  const signature = hash.hashvalues.slice();
  const bands: number[] = [];
  for (let band = 0; band < BANDS; band++) {
    const digest = createHash('sha1')
      .update(signature.slice(band * ROWS, (band + 1) * ROWS).join(','))
      .digest();
    bands.push(band * 2 ** 48 + digest.readUIntBE(0, 6));
  }
  return { signature, bands };
}

/** Estimated Jaccard similarity of two signatures (share of equal MinHash values). */
export function signatureSimilarity(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length || a.length === 0) return 0;
  let same = 0;
  for (let i = 0; i < a.length; i++) if (a[i] === b[i]) same++;
  return same / a.length;
}
