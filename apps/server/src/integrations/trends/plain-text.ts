// The engine's HTML reader: feed descriptions are HTML fragments as often as plain text.
import { htmlToText } from '../../modules/generation/engine/html-text.js';

const MAX_DESCRIPTION = 1000;

/** One line of plain text from a feed value that may hold HTML, cut at a word near 1,000 characters. */
export function plainText(value: string, max = MAX_DESCRIPTION): string {
  const text = htmlToText(value).replace(/\s+/g, ' ').trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/** A title is text, not HTML ("Chips & <code>" stays as written); only spacing is tidied. */
export function titleText(value: string, max = 300): string {
  const text = value.replace(/\s+/g, ' ').trim();
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}
