import { clampPlainText, htmlToPlainText, toPlainText } from '../../lib/plain-text.js';

const MAX_DESCRIPTION = 1000;

/** One line of plain text from a feed value that may hold HTML, cut at a word near 1,000 characters. */
export function plainText(value: string, max = MAX_DESCRIPTION): string {
  return clampPlainText(htmlToPlainText(value), max);
}

/**
 * A title is text, not HTML ("Chips &amp; &lt;code&gt;" is "Chips & <code>", kept as written):
 * entities decoded, spacing tidied. Where it goes, it is escaped for that place.
 */
export function titleText(value: string, max = 300): string {
  return clampPlainText(toPlainText(value), max);
}
