import { isSignificant, stem, words } from './analyzer.js';

/*
 * Where a text names a subject, by the index's analyzer: the run of its own words whose stems
 * cover most of the subject's weighted terms ("growing tomatoes in pots" names "How to grow a
 * tomato in containers" by grow + tomato). Used to place a new article's links into the site on
 * its own words, and a backlink on an older post's words. Pure: no database, no HTML.
 */

/** A run of words of a text that carries a link. */
export interface AnchorMatch {
  /** Character offsets into the text. */
  start: number;
  end: number;
  /** The text's own words, as written. */
  text: string;
  /** The share of the subject's weight its words cover, less a little per word that is not the subject's. */
  score: number;
}

export interface AnchorOptions {
  /** The share of the subject's weight the anchor must cover (0–1). */
  minShare: number;
  /** Longest anchor, in words. */
  maxWords?: number;
  /** Anchors already used (lower case, single spaces): never the same words for two targets. */
  taken?: ReadonlySet<string>;
}

/** The subject's terms (stems) with their weights: each distinct stem of the texts, weighted by `weight`. */
export function subjectTerms(texts: readonly string[], weight: (term: string) => number): Map<string, number> {
  const terms = new Map<string, number>();
  for (const text of texts)
    for (const word of words(text)) {
      if (!isSignificant(word)) continue;
      const term = stem(word);
      if (!terms.has(term)) terms.set(term, Math.max(0, weight(term)));
    }
  return terms;
}

/** How an anchor's words are compared with the anchors taken already. */
export const anchorKey = (text: string) => words(text).join(' ');

// A word, with an inner apostrophe ("gardener's"); a sentence or clause ends at these.
const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu;
const BREAK = /[.!?;:()[\]"“”]/;
/** Each word beyond the subject's costs this share (anchors stay tight). */
const EXTRA_WORD_COST = 0.06;

interface Token {
  start: number;
  end: number;
  /** The subject term it is, or null. */
  term: string | null;
  significant: boolean;
}

function tokens(text: string, terms: ReadonlyMap<string, number>): Token[] {
  const out: Token[] = [];
  for (const match of text.matchAll(WORD)) {
    const folded = words(match[0]).join('');
    const significant = isSignificant(folded);
    const term = significant ? stem(folded) : null;
    out.push({
      start: match.index,
      end: match.index + match[0].length,
      term: term !== null && terms.has(term) ? term : null,
      significant,
    });
  }
  return out;
}

/**
 * The best anchor in the text for the subject: a run of at most `maxWords` words within one
 * sentence, beginning and ending on a subject term, with its most telling term (the highest
 * weight), covering at least `minShare` of the subject's weight; the highest share wins, then the shorter, then the earlier. Null when none does.
 */
export function bestAnchor(
  text: string,
  terms: ReadonlyMap<string, number>,
  options: AnchorOptions,
): AnchorMatch | null {
  let total = 0;
  let strongest = 0;
  for (const weight of terms.values()) {
    total += weight;
    strongest = Math.max(strongest, weight);
  }
  if (total <= 0) return null;
  // An anchor names the subject's most telling term: "growing … at home" does not name "Growing
  // cucumbers at home", however much of its weight the common words carry.
  const telling = new Set([...terms].filter(([, weight]) => weight >= strongest - 1e-9).map(([term]) => term));
  const maxWords = options.maxWords ?? 5;
  const list = tokens(text, terms);
  let best: (AnchorMatch & { words: number }) | null = null;
  for (let i = 0; i < list.length; i++) {
    if (list[i]!.term === null) continue;
    const matched = new Set<string>();
    let extra = 0;
    for (let j = i; j < list.length && j < i + maxWords; j++) {
      const token = list[j]!;
      if (j > i && BREAK.test(text.slice(list[j - 1]!.end, token.start))) break;
      if (token.term !== null) matched.add(token.term);
      else if (token.significant) extra++;
      if (token.term === null) continue;
      let weight = 0;
      for (const term of matched) weight += terms.get(term)!;
      const share = weight / total;
      if (share < options.minShare || ![...matched].some((term) => telling.has(term))) continue;
      const anchor = text.slice(list[i]!.start, token.end);
      if (options.taken?.has(anchorKey(anchor))) continue;
      const score = share - EXTRA_WORD_COST * extra;
      const count = j - i + 1;
      if (!best || score > best.score + 1e-9 || (Math.abs(score - best.score) <= 1e-9 && count < best.words))
        best = { start: list[i]!.start, end: token.end, text: anchor, score, words: count };
    }
  }
  return best && { start: best.start, end: best.end, text: best.text, score: best.score };
}
