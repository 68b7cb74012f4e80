/* Reading HTML as text: word counts and sentences must agree everywhere in the engine. */
import { decodeHTML } from 'entities';

const BLOCK_BOUNDARY =
  /<\/?(?:p|h[1-6]|li|ul|ol|blockquote|table|thead|tbody|tr|td|th|div|section|br|hr|figure|figcaption)\b[^>]*>/gi;

/**
 * The last few texts made: an article's body is read as text by several checks in a row (its word
 * count, sentences, AI-tell phrases, sameness), each of which asked for it again.
 */
const recentTexts = new Map<string, string>();
const RECENT_TEXTS = 8;

/** Plain text; block boundaries become line breaks so sentences never run across a heading or list item. */
export function htmlToText(html: string): string {
  const known = recentTexts.get(html);
  if (known !== undefined) return known;
  const text = textOf(html);
  if (recentTexts.size >= RECENT_TEXTS) recentTexts.delete(recentTexts.keys().next().value as string);
  recentTexts.set(html, text);
  return text;
}

function textOf(html: string): string {
  // One decode, as a browser does: this reads article bodies (word counts, sentences), not titles.
  return decodeHTML(
    html
      .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ')
      .replace(BLOCK_BOUNDARY, '\n')
      .replace(/<[^>]*>/g, ' '),
  )
    .replace(/[ \t]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim();
}

/** Words are whitespace-separated tokens with at least one letter or digit ("—" and "★" do not count). */
export function countWords(html: string): number {
  let count = 0;
  for (const token of htmlToText(html).split(/\s+/)) if (/[\p{L}\p{N}]/u.test(token)) count++;
  return count;
}

/** Sentences of the text, one per entry; list items and headings count as their own sentences. */
export function splitSentences(html: string): string[] {
  return htmlToText(html)
    .split('\n')
    .flatMap((line) => line.split(/(?<=[.!?…])["'”’)]?\s+(?=["'“‘(]?[\p{Lu}\p{N}])/u))
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length > 0);
}

const HEADING = /<h([1-6])\b[^>]*>([\s\S]*?)<\/h\1\s*>/gi;

/**
 * An article's or a post's HTML as what it is about: its headings (plain text, in order) and its
 * body text without them. What the site-knowledge index and the inventory keep of a post.
 */
export function htmlSections(html: string): { headings: string[]; body: string } {
  const headings: string[] = [];
  const withoutHeadings = html.replace(HEADING, (_match, _level: string, inner: string) => {
    const heading = htmlToText(inner).replace(/\s+/g, ' ').trim();
    if (heading) headings.push(heading);
    return '\n';
  });
  return { headings, body: htmlToText(withoutHeadings) };
}
