/*
 * Text is text. Titles, topics, excerpts, meta descriptions, alt texts, tag names and JSON-LD
 * values are stored as plain, decoded text ("Chips & <Dips>") and escaped only where they go:
 * HTML for WordPress' title/excerpt fields, script-safe JSON for JSON-LD. Storing decoded text
 * keeps the operator's screens right (React escapes) and makes escaping once at the edge enough.
 *
 * The bug this prevents: "&lt;img src=x onerror=…&gt;" decoded after tags were stripped became a
 * live <img> tag that WordPress printed in every visitor's <h1>.
 */
import { decodeHTML } from 'entities';

// "&amp;lt;" is "<" after two decodes; feeds and models double-encode. Bounded so that a
// deliberately deep nesting cannot make us loop for long; what is left stays text (and escaped).
const MAX_DECODE_PASSES = 5;

/** Characters that are never text: C0 and C1 controls (tabs and line breaks are turned into spaces). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

/** HTML character references decoded until the text no longer changes (at most 5 passes). */
export function decodeEntitiesFully(text: string): string {
  let current = text;
  for (let pass = 0; pass < MAX_DECODE_PASSES; pass++) {
    const next = decodeHTML(current);
    if (next === current) break;
    current = next;
  }
  return current;
}

/**
 * One line of plain text from a value that is meant as text (a topic, a title, a tag, a feed
 * title): entities decoded, control characters dropped, whitespace collapsed. Angle brackets that
 * remain are the text's own ("Using <dialog> in React") and are escaped where the text goes.
 */
export function toPlainText(input: string): string {
  return decodeEntitiesFully(input).replace(CONTROL_CHARACTERS, '').replace(/\s+/g, ' ').trim();
}

/**
 * One line of plain text from an HTML fragment (a feed description, a model's answer that may
 * hold markup): script and style elements and all tags removed, then as toPlainText. Markup that
 * decoding reveals ("&lt;b&gt;") was written as text and stays text.
 */
export function htmlToPlainText(html: string): string {
  return toPlainText(
    html
      .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
      .replace(/<!--[\s\S]*?-->/g, ' ')
      .replace(/<\/?[a-z!?][^>]*>/gi, ' '),
  );
}

/** `toPlainText` cut to `max` characters at a word where possible, ending with '…' when cut. */
export function clampPlainText(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#039;' };

/** Plain text for an HTML context (element text or a quoted attribute): & < > " ' escaped. */
export function escapeHtmlText(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/**
 * JSON to put inside <script type="application/ld+json">: '<', '>' and '&' as \u escapes so
 * "</script" or "<!--" can never appear, and U+2028/U+2029 escaped for older JavaScript parsers.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
