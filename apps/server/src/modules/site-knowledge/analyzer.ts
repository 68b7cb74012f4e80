import { stemmer } from 'stemmer';
import { eng } from 'stopword';

/*
 * The one analyzer of site knowledge: what a text is about, as terms. Words are folded (case,
 * accents, possessive 's), English stop words dropped (the `stopword` package's list) and the rest
 * reduced to their Porter stem (`stemmer`), so "tomatoes" and "tomato", "gardening" and "garden",
 * "berries" and "berry" are one term. Words that carry no subject ("growing", "home", "guide",
 * "best") are not listed anywhere: in a site's index their weight is their inverse document
 * frequency, which is low wherever they are common (see term-vectors.ts).
 */

// Fragments that splitting on apostrophes leaves behind ("don't" → "don", "t").
const FRAGMENTS = ['s', 't', 'd', 'll', 're', 've', 'm', 'don', 'doesn', 'didn', 'isn', 'aren', 'wasn', 'won', 'can'];
const STOP_WORDS = new Set([...eng, ...FRAGMENTS]);

// Stemming is the analyzer's cost: each distinct word is stemmed once (a site has tens of
// thousands of them, not millions); the cache is dropped whole when it grows past this.
const STEM_CACHE_MAX = 200_000;
const stems = new Map<string, string>();

/** A word's stem; numbers stay as they are. */
export function stem(word: string): string {
  let stemmed = stems.get(word);
  if (stemmed === undefined) {
    stemmed = /^\d+$/.test(word) ? word : stemmer(word);
    if (stems.size >= STEM_CACHE_MAX) stems.clear();
    stems.set(word, stemmed);
  }
  return stemmed;
}

/** The words of a text: accents and case folded, possessives dropped, "%" said as "percent", split on anything but letters and digits (and after the number of a number-then-letters word). */
export function words(text: string): string[] {
  return (
    text
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase()
      .replace(/['’]s\b/g, '')
      // "4%" is "4 percent"; "401k" is "401(k)", "10km" "10 km": a word that is a number then letters
      // is two words (not "mp3", nor an id like "mwzo82zovhw8", which stay whole).
      .replace(/%/g, ' percent ')
      .replace(/(?<![\p{L}\p{N}])(\p{N}+)(?=\p{L}+(?![\p{L}\p{N}]))/gu, '$1 ')
      .split(/[^\p{L}\p{N}]+/u)
      .filter((word) => word.length > 0)
  );
}

/** Whether a (folded) word can carry a subject: not a stop word, two letters or more, not a single digit. */
export function isSignificant(word: string): boolean {
  return word.length >= 2 && !STOP_WORDS.has(word);
}

/** The text's terms, in order, repeated as often as they occur: its significant words' stems. */
export function analyze(text: string): string[] {
  const terms: string[] = [];
  for (const word of words(text)) if (isSignificant(word)) terms.push(stem(word));
  return terms;
}
