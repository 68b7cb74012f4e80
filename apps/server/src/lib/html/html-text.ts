/* Reading HTML as text: word counts and sentences must agree everywhere in the engine. */
import { decodeHTML } from 'entities';

const BLOCK_BOUNDARY =
  /<\/?(?:p|h[1-6]|li|ul|ol|blockquote|table|thead|tbody|tr|td|th|div|section|br|hr|figure|figcaption)\b[^>]*>/gi;

/** Plain text; block boundaries become line breaks so sentences never run across a heading or list item. */
export function htmlToText(html: string): string {
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
