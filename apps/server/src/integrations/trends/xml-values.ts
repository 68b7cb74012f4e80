/* Reading values out of fast-xml-parser's object tree without trusting its shape. */

export type XmlNode = Record<string, unknown>;

export const TEXT_KEY = '#text';
export const ATTR_PREFIX = '@_';

export const isNode = (value: unknown): value is XmlNode =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function asArray(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

/** The text of an element, whether it came out as a string, a number, or { '#text', '@_…' }. */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return textOf(value[0]);
  if (isNode(value)) return textOf(value[TEXT_KEY]);
  return '';
}

/** First non-empty text among the named children (checked in order). */
export function childText(node: XmlNode, ...names: string[]): string {
  for (const name of names) {
    const text = textOf(node[name]);
    if (text) return text;
  }
  return '';
}

export function attr(value: unknown, name: string): string {
  return isNode(value) ? textOf(value[`${ATTR_PREFIX}${name}`]) : '';
}

/** Children whose local name (after any namespace prefix) is `localName`, e.g. ht:news_item. */
export function childrenByLocalName(node: XmlNode, localName: string): unknown[] {
  const found: unknown[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === localName || key.endsWith(`:${localName}`)) found.push(...asArray(value));
  }
  return found;
}

export function localText(node: XmlNode, localName: string): string {
  for (const value of childrenByLocalName(node, localName)) {
    const text = textOf(value);
    if (text) return text;
  }
  return '';
}

export function parseDate(value: string): Date | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time);
}

/** An absolute http(s) URL, resolved against the feed's address when relative; null otherwise. */
export function absoluteUrl(value: string, base: string): string | null {
  if (!value) return null;
  try {
    const url = new URL(value, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}
