import type { Element } from '../../src/lib/html/html-tree.js';
import { findElements, parseHtml } from '../../src/lib/html/html-tree.js';
import { toPlainText } from '../../src/lib/plain-text.js';

export interface FoundLink {
  href: string;
  text: string;
  /** Inside h1–h6. */
  inHeading: boolean;
  /** Inside another link. */
  nested: boolean;
  internal: boolean;
}

function ancestors(el: Element): Element[] {
  const out: Element[] = [];
  let node = el.parent;
  while (node && node.type === 'tag') {
    out.push(node as Element);
    node = node.parent;
  }
  return out;
}

function textOf(el: Element): string {
  return el.children.map((c) => ('data' in c ? String(c.data) : c.type === 'tag' ? textOf(c as Element) : '')).join('');
}

/** Every link of an HTML text, found with the same parser the product uses. */
export function linksOf(html: string): FoundLink[] {
  return findElements(parseHtml(html), (el) => el.name === 'a').map((a) => {
    const up = ancestors(a);
    return {
      href: a.attribs.href ?? '',
      text: textOf(a),
      inHeading: up.some((p) => /^h[1-6]$/.test(p.name)),
      nested: up.some((p) => p.name === 'a'),
      internal: 'data-abp-link' in a.attribs,
    };
  });
}

/** The text of each <h2>, in order, entities decoded (the article's planned headings are plain text). */
export function h2sOf(html: string): string[] {
  return findElements(parseHtml(html), (el) => el.name === 'h2').map((h) => toPlainText(textOf(h)).trim());
}

/** The JSON-LD blocks of a page's HTML, parsed. */
export function extractJsonLd(html: string): unknown[] {
  const doc = parseHtml(html);
  return findElements(doc, (el) => el.name === 'script' && el.attribs.type === 'application/ld+json').map((el) =>
    JSON.parse(el.children.map((c) => ('data' in c ? String(c.data) : '')).join('')),
  );
}
