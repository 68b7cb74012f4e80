import { render } from 'dom-serializer';
import { type AnyNode, type ChildNode, type Document, Element, isTag, isText, type ParentNode, Text } from 'domhandler';
import { append, prepend, removeElement } from 'domutils';
import { parseDocument } from 'htmlparser2';
import { webAddress } from './web-link.js';

/*
 * A real HTML parser (htmlparser2, the one sanitize-html uses) for the edits the SEO suite makes
 * to article HTML: placing links in body text and embedding JSON-LD. Regular expressions over
 * HTML would happily put a link inside a heading, an attribute or another link.
 */

export type { ChildNode, Document, Element };

/** `positions`: every node carries startIndex/endIndex into the source (for edits spliced into the original text). */
export function parseHtml(html: string, options: { positions?: boolean } = {}): Document {
  return parseDocument(html, options.positions ? { withStartIndices: true, withEndIndices: true } : {});
}

/** Serialises back; only the characters HTML requires are escaped. */
export function renderHtml(node: AnyNode | ArrayLike<AnyNode>): string {
  return render(node, { encodeEntities: 'utf8' });
}

const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
/** Text under these is never body text for links: headings, links, code, scripts, buttons, captions. */
const NO_LINK_ANCESTORS = new Set([
  ...HEADINGS,
  'a',
  'script',
  'style',
  'code',
  'pre',
  'button',
  'figcaption',
  'title',
  'label',
  'summary',
  'template',
  'noscript',
]);
/** Body text lives in paragraphs, list items, table cells and quotes. */
const BODY_BLOCKS = new Set(['p', 'li', 'td', 'dd', 'blockquote']);

export function isHeading(node: AnyNode): boolean {
  return isTag(node) && HEADINGS.has(node.name);
}

/** Text nodes in document order that may carry a link: inside a body block, outside headings and links. */
export function linkableTextNodes(root: ParentNode): Text[] {
  const out: Text[] = [];
  const walk = (node: AnyNode, inBody: boolean) => {
    if (isText(node)) {
      if (inBody && node.data.trim()) out.push(node);
      return;
    }
    if (!isTag(node) && node.type !== 'root') return;
    if (isTag(node) && NO_LINK_ANCESTORS.has(node.name)) return;
    const body = inBody || (isTag(node) && BODY_BLOCKS.has(node.name));
    for (const child of (node as ParentNode).children) walk(child, body);
  };
  walk(root, false);
  return out;
}

export function findElements(root: ParentNode, test: (el: Element) => boolean): Element[] {
  const out: Element[] = [];
  const walk = (node: AnyNode) => {
    if (isTag(node)) {
      if (test(node)) out.push(node);
    }
    if ('children' in node) for (const child of node.children) walk(child);
  };
  walk(root);
  return out;
}

/** Replaces an element by its children (keeps the text of a removed link). */
export function unwrap(el: Element): void {
  for (const child of [...el.children]) prepend(el, child);
  removeElement(el);
}

export function remove(node: ChildNode): void {
  removeElement(node);
}

export function element(name: string, attribs: Record<string, string>, children: ChildNode[] = []): Element {
  // A link without a web address must be impossible to write: links come from linkTo() only.
  if (name.toLowerCase() === 'a')
    throw new Error('Links are made with linkTo(), which refuses an address that is not a web address');
  return build(name, attribs, children);
}

/**
 * A link to `href` around `inner`, or `inner` alone when `href` is not a web address (empty,
 * 'javascript:', relative …): the words stay, a link without an address is never written.
 */
export function linkTo(href: string | null | undefined, attribs: Record<string, string>, inner: ChildNode): ChildNode {
  const address = webAddress(href);
  if (!address) return inner;
  const others = Object.fromEntries(Object.entries(attribs).filter(([name]) => name.toLowerCase() !== 'href'));
  return build('a', { href: address, ...others }, [inner]);
}

function build(name: string, attribs: Record<string, string>, children: ChildNode[]): Element {
  const el = new Element(name, attribs, []);
  for (const child of children) {
    child.parent = el;
    const last = el.children[el.children.length - 1];
    if (last) {
      last.next = child;
      child.prev = last;
    }
    el.children.push(child);
  }
  return el;
}

export function text(data: string): Text {
  return new Text(data);
}

/** Splits a text node around [start, end) and wraps that part in `wrapper`'s place. */
export function wrapTextRange(
  node: Text,
  start: number,
  end: number,
  makeWrapper: (inner: Text) => ChildNode,
): ChildNode {
  const before = node.data.slice(0, start);
  const middle = node.data.slice(start, end);
  const after = node.data.slice(end);
  const wrapper = makeWrapper(new Text(middle));
  node.data = before;
  append(node, wrapper);
  if (after) append(wrapper, new Text(after));
  if (!before) removeElement(node);
  return wrapper;
}

/** Inserts `node` as the last child of the document, or before the first trailing <script>. */
export function appendBeforeScripts(doc: Document, node: ChildNode): void {
  const scripts = doc.children.filter((child) => isTag(child) && child.name === 'script');
  const firstScript = scripts[0];
  if (firstScript) prepend(firstScript, node);
  else {
    node.parent = doc;
    const last = doc.children[doc.children.length - 1];
    if (last) {
      last.next = node;
      node.prev = last;
    }
    doc.children.push(node);
  }
}
