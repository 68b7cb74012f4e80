/*
 * Sameness across a site's posts (issue #33 §4): posts made from one template share a heading
 * skeleton ("What is X / Why X matters / How to X / Conclusion"), an opening-sentence pattern, a
 * length and a title template ("The Ultimate Guide to X", "N Ways to X"). Each text is reduced to
 * its shape: the template words stay, the subject's words become X, numbers N. Two shapes alike
 * in template words (not merely both being "X") are the same template.
 */
import type { SamenessAspect } from '@abp/contracts';
import { normaliseQuotes } from './ai-tells.js';

/** Words that make a template: question words, function words and the vocabulary of stock headings and titles. */
const TEMPLATE_WORDS = new Set(
  (
    "what what's why how when where who which is are was were do does can should will would could to the a an of for in on with and or vs versus your you our my it it's its this that these those " +
    'matters matter important importance benefits benefit advantages disadvantages tips tricks ways way steps step reasons ' +
    "mistakes ideas examples guide ultimate complete beginner's beginners beginner definitive essential essentials best top " +
    'introduction conclusion summary overview faq faqs frequently asked questions final thoughts key takeaways getting started ' +
    'understanding everything need know about common pros cons choose choosing start use using get make works work things ' +
    'secrets hacks explained review comparison history future role impact power world today ever have wondered imagine if ' +
    "whether there many most more people you're let's look why? basics simple easy quick proven expert"
  ).split(/\s+/),
);

/** Small words that join two subject phrases ("tomatoes in containers"): X glue X reads as one X. */
const GLUE = new Set([
  'in',
  'on',
  'at',
  'for',
  'of',
  'and',
  'with',
  'the',
  'a',
  'an',
  'your',
  'my',
  'our',
  'to',
  'from',
]);

const tokensOf = (text: string) =>
  normaliseQuotes(text)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}'\s-]+/gu, ' ')
    .split(/\s+/)
    .map((token) => token.replace(/^['-]+|['-]+$/g, ''))
    .filter(Boolean);

/** Words that are structure whatever the subject: a title's word among them is not the subject's. */
const FUNCTION_WORDS = new Set([
  ...GLUE,
  ...'what why how when where who which is are was were do does can should will it its this that these you'.split(' '),
]);

/** The subject's words of a post: its title's words, but for function words ("composting", "basics" of "Composting Basics"). */
export const subjectWords = (title: string): ReadonlySet<string> =>
  new Set(tokensOf(title).filter((token) => !FUNCTION_WORDS.has(token)));

/**
 * A text's shape: template words kept, numbers as N, everything else as X (runs of X, and X glue X,
 * as one X). `subject`: words that are X even when they are template words (a post about
 * "composting basics" has "basics" in its headings as subject, not as template).
 */
export function shapeOf(text: string, subject: ReadonlySet<string> = new Set()): string[] {
  const raw = tokensOf(text).map((token) =>
    /^\p{N}+$/u.test(token) ? 'N' : TEMPLATE_WORDS.has(token) && !subject.has(token) ? token : 'X',
  );
  const shape: string[] = [];
  for (const token of raw) {
    if (token === 'X' && shape.at(-1) === 'X') continue;
    shape.push(token);
  }
  // X glue… X → X: "n ways to X in X" is "n ways to X".
  for (let changed = true; changed; ) {
    changed = false;
    for (let i = 0; i < shape.length; i++) {
      if (shape[i] !== 'X') continue;
      let j = i + 1;
      while (j < shape.length && GLUE.has(shape[j]!)) j++;
      if (j > i + 1 && shape[j] === 'X') {
        shape.splice(i + 1, j - i);
        changed = true;
      }
    }
  }
  return shape;
}

/** Template words in a shape (X and N excluded; "a", "the" and the like count only as context). */
const templateWeight = (shape: readonly string[]) =>
  shape.filter((token) => token !== 'X' && token !== 'N' && !GLUE.has(token)).length;

/** A title's template, e.g. "the ultimate guide to X"; null when it has no template words (a plain subject). */
export function titleTemplate(title: string): string | null {
  const shape = shapeOf(title);
  return templateWeight(shape) >= 1 && shape.includes('X') && shape.length >= 3 ? shape.join(' ') : null;
}

/** The opening sentence's pattern: the shape of its first words; null when they are all subject. */
export function openingPattern(firstSentence: string, subject?: ReadonlySet<string>): string | null {
  const shape = shapeOf(firstSentence, subject).slice(0, 5);
  return templateWeight(shape) >= 2 ? shape.join(' ') : null;
}

/** The heading skeleton: each heading's shape, in order. */
export const headingSkeleton = (headings: readonly string[], subject?: ReadonlySet<string>): string[] =>
  headings.map((heading) => shapeOf(heading, subject).join(' '));

/**
 * How alike two skeletons are (0–1): the longest common run of headings in order that carry
 * template words ("why X matters", "conclusion"), over the longer skeleton. Two skeletons of bare
 * subject headings are not alike: that is every article with headings.
 */
export function skeletonSimilarity(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  const table = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++)
      table[i]![j] =
        a[i - 1] === b[j - 1] && a[i - 1] !== 'X' && a[i - 1] !== 'N X'
          ? table[i - 1]![j - 1]! + 1
          : Math.max(table[i - 1]![j]!, table[i]![j - 1]!);
  return table[a.length]![b.length]! / Math.max(a.length, b.length);
}

/** Skeletons this alike (and of at least MIN_HEADINGS headings) are the same skeleton. */
export const SKELETON_THRESHOLD = 0.6;
const MIN_HEADINGS = 3;
/** Lengths within this fraction of each other are the same length ("within a few percent"). */
export const LENGTH_TOLERANCE = 0.03;
const MIN_WORDS_FOR_LENGTH = 150;

/** What the sameness check reads of a post. */
export interface PostSample {
  title: string;
  headings: readonly string[];
  /** Its first sentence of body text. */
  opening: string;
  /** Its length in words; null when unknown (a post whose text was cut when stored). */
  words: number | null;
}

/** A post's shapes, computed once. */
export interface PostShape {
  skeleton: string[];
  opening: string | null;
  title: string | null;
  words: number | null;
}

export function shapePost(post: PostSample): PostShape {
  const subject = subjectWords(post.title);
  return {
    skeleton: headingSkeleton(post.headings, subject),
    opening: openingPattern(post.opening, subject),
    title: titleTemplate(post.title),
    words: post.words,
  };
}

/** The ways two posts are made alike (empty: not alike in any). */
export function samenessBetween(a: PostShape, b: PostShape): SamenessAspect[] {
  const ways: SamenessAspect[] = [];
  if (
    a.skeleton.length >= MIN_HEADINGS &&
    b.skeleton.length >= MIN_HEADINGS &&
    skeletonSimilarity(a.skeleton, b.skeleton) >= SKELETON_THRESHOLD
  )
    ways.push('heading_skeleton');
  if (a.opening && a.opening === b.opening) ways.push('opening_sentence');
  if (
    a.words !== null &&
    b.words !== null &&
    Math.min(a.words, b.words) >= MIN_WORDS_FOR_LENGTH &&
    Math.abs(a.words - b.words) / Math.max(a.words, b.words) <= LENGTH_TOLERANCE
  )
    ways.push('length');
  if (a.title && a.title === b.title) ways.push('title_template');
  return ways;
}

/**
 * Two posts are "the same template" when alike in two ways or more: a length alone is what a blog
 * configuration asks of every post, and one shared stock heading or title form is ordinary.
 */
export const MIN_WAYS_FOR_RESEMBLANCE = 2;
export const resembles = (ways: readonly SamenessAspect[]) => ways.length >= MIN_WAYS_FOR_RESEMBLANCE;
