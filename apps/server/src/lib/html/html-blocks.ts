import { countWords, splitSentences } from './html-text.js';

/* Cutting HTML to a word budget without breaking its structure. */

export const VOID_ELEMENTS = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);
export const TAG_PATTERN = /<(\/?)([a-zA-Z][\w-]*)\b[^>]*?(\/?)>/g;

/** Top-level elements (and stray text) in document order. */
export function splitTopLevelBlocks(html: string): string[] {
  const blocks: string[] = [];
  let depth = 0;
  let start = 0;
  const pushUntil = (end: number) => {
    const block = html.slice(start, end).trim();
    if (block) blocks.push(block);
    start = end;
  };
  for (const match of html.matchAll(TAG_PATTERN)) {
    const [tag, closing, rawName, selfClosing] = match;
    const name = (rawName ?? '').toLowerCase();
    const index = match.index;
    if (VOID_ELEMENTS.has(name) || selfClosing) {
      if (depth === 0) {
        pushUntil(index);
        pushUntil(index + tag.length);
      }
      continue;
    }
    if (!closing) {
      if (depth === 0) pushUntil(index);
      depth++;
    } else if (depth > 0) {
      depth--;
      if (depth === 0) pushUntil(index + tag.length);
    }
  }
  pushUntil(html.length);
  return blocks;
}

const isHeading = (block: string) => /^<h[1-6]\b/i.test(block);

/** Shortens one block: a paragraph loses trailing sentences, a list loses trailing items. */
function shortenBlock(block: string, maxWords: number): string | undefined {
  const paragraph = /^<p\b[^>]*>([\s\S]*)<\/p>$/i.exec(block);
  if (paragraph) {
    const kept: string[] = [];
    let words = 0;
    for (const sentence of splitSentences(block)) {
      const next = countWords(sentence);
      if (words + next > maxWords) break;
      kept.push(sentence);
      words += next;
    }
    return kept.length > 0 ? `<p>${escapeText(kept.join(' '))}</p>` : undefined;
  }
  const list = /^<(ul|ol)\b[^>]*>([\s\S]*)<\/\1>$/i.exec(block);
  if (list) {
    const items = (list[2] ?? '').match(/<li\b[\s\S]*?<\/li>/gi) ?? [];
    const kept: string[] = [];
    let words = 0;
    for (const item of items) {
      const next = countWords(item);
      if (words + next > maxWords) break;
      kept.push(item);
      words += next;
    }
    return kept.length > 0 ? `<${list[1]}>\n${kept.join('\n')}\n</${list[1]}>` : undefined;
  }
  return undefined;
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const isParagraph = (block: string) => /^<p\b/i.test(block);

/**
 * Cuts `html` to at most `maxWords`. Prose goes first, from the end backwards, so lists, tables
 * and data fields survive; only when no prose is left are structured blocks cut from the end.
 * It never ends on a dangling subheading.
 */
export function trimHtmlToWords(html: string, maxWords: number): string {
  const blocks = splitTopLevelBlocks(html);
  const words = blocks.map(countWords);
  let excess = words.reduce((a, b) => a + b, 0) - maxWords;
  for (let i = blocks.length - 1; i >= 0 && excess > 0; i--) {
    const block = blocks[i] as string;
    const blockWords = words[i] as number;
    if (!isParagraph(block)) continue;
    const keep = blockWords - excess;
    const shortened = keep >= 12 ? shortenBlock(block, keep) : undefined;
    const newWords = shortened ? countWords(shortened) : 0;
    blocks[i] = shortened ?? '';
    words[i] = newWords;
    excess -= blockWords - newWords;
  }
  const kept: string[] = [];
  let total = 0;
  for (const [i, block] of blocks.entries()) {
    if (!block) continue;
    const blockWords = words[i] as number;
    if (total + blockWords <= maxWords) {
      kept.push(block);
      total += blockWords;
      continue;
    }
    const remaining = maxWords - total;
    const shortened = remaining >= 12 ? shortenBlock(block, remaining) : undefined;
    if (shortened) kept.push(shortened);
    break;
  }
  while (kept.length > 0 && isHeading(kept[kept.length - 1] as string)) kept.pop();
  return kept.join('\n');
}
