import { htmlToPlainText } from '../plain-text.js';

/** At most this many tags per post: a few whole phrases help readers; dozens are noise. */
export const MAX_TAGS = 5;
const MAX_TAG_CHARS = 40;
const MAX_TAG_WORDS = 5;

/**
 * The WordPress tags a post gets, from candidate phrases (the producer's keywords, the model's
 * keyword list): each made plain text once (markup dropped, entities decoded), kept to letters,
 * digits and the joiners of ordinary phrases ("c++", "node.js", "rock & roll"), lower case and
 * single-spaced; a phrase that is empty, has no letter, is longer than 40 characters or 5 words is
 * no tag. Duplicates go; at most 5. Fragments of a topic are never candidates (see the generator).
 */
export function tagPhrases(candidates: readonly string[]): string[] {
  const tags: string[] = [];
  for (const candidate of candidates) {
    const phrase = htmlToPlainText(candidate)
      .replace(/[^\p{L}\p{N}\s'’&.+#-]/gu, ' ')
      .replace(/\s+/g, ' ')
      .replace(/^[\s'’&.+#-]+|[\s'’&.+-]+$/g, '')
      .toLowerCase();
    if (
      !/\p{L}/u.test(phrase) ||
      phrase.length < 2 ||
      phrase.length > MAX_TAG_CHARS ||
      phrase.split(' ').length > MAX_TAG_WORDS
    )
      continue;
    if (tags.includes(phrase)) continue;
    tags.push(phrase);
    if (tags.length === MAX_TAGS) break;
  }
  return tags;
}
