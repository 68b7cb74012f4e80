import type { InternalLink } from '@abp/contracts';
import {
  appendBeforeScripts,
  type ChildNode,
  type Document,
  type Element,
  element,
  findElements,
  linkableTextNodes,
  linkTo,
  parseHtml,
  remove,
  renderHtml,
  text,
  unwrap,
  wrapTextRange,
} from '../../../lib/html/html-tree.js';
import { webAddress } from '../../../lib/html/web-link.js';
import type { LinkCandidate } from './link-planner.js';

/** Our links and our "Related reading" paragraph carry these, so a new run replaces them. */
const LINK_MARK = 'data-abp-link';
const RELATED_MARK = 'data-abp-related';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Longest first: "coffee grinder settings" beats "coffee grinder". */
function anchorsFor(candidate: LinkCandidate): string[] {
  const phrases = [...candidate.target.keywords, candidate.target.title]
    .map((p) => p.trim())
    .filter((p) => p.length >= 3);
  return [...new Set(phrases)].sort((a, b) => b.length - a.length);
}

function linkElement(candidate: LinkCandidate, inner: ChildNode) {
  return linkTo(candidate.target.href, { [LINK_MARK]: String(candidate.target.id) }, inner);
}

const BLOCKS = new Set(['p', 'li', 'td', 'th', 'dd', 'dt', 'blockquote', 'figcaption']);
const TITLE_JOINERS = new Set(['to', 'of', 'for', 'the', 'and', 'a', 'an', 'in', 'on', 'with']);
const startsUpper = (word: string | undefined) => word !== undefined && /^\p{Lu}/u.test(word);

/** The paragraph (or list item, cell …) a text belongs to: at most one of our links in each. */
function blockOf(node: ChildNode): Element | null {
  for (let parent = node.parent; parent && parent.type === 'tag'; parent = parent.parent) {
    if (BLOCKS.has((parent as Element).name)) return parent as Element;
  }
  return null;
}

/**
 * The match is part of a title written in the text ("The Complete Guide to Organic Vegetable
 * Gardening", "Organic Gardening Handbook"): a capitalised match next to capitalised words,
 * possibly across "to", "of" …. A link there would cut the title in two.
 */
function insideTitlePhrase(data: string, start: number, end: number): boolean {
  if (!startsUpper(data.slice(start, end))) return false;
  const before = data.slice(0, start).match(/(\p{L}+)\s+(\p{L}+)\s+$|(\p{L}+)\s+$/u);
  const previous = before?.[2] ?? before?.[3];
  const beforePrevious = before?.[1];
  if (startsUpper(previous)) return true;
  if (previous && TITLE_JOINERS.has(previous.toLowerCase()) && startsUpper(beforePrevious)) return true;
  return startsUpper(data.slice(end).match(/^\s+(\p{L}+)/u)?.[1]);
}

/**
 * Links the first whole-word occurrence of the phrase in body text (not headings, not inside a
 * link, not inside a title written in the text, not in a paragraph that has one of our links).
 */
function linkFirstOccurrence(
  doc: Document,
  phrase: string,
  candidate: LinkCandidate,
  linkedBlocks: Set<Element>,
): boolean {
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(phrase)}(?![\\p{L}\\p{N}])`, 'giu');
  for (const node of linkableTextNodes(doc)) {
    const block = blockOf(node);
    if (block && linkedBlocks.has(block)) continue;
    for (const match of node.data.matchAll(pattern)) {
      const end = match.index + match[0].length;
      if (insideTitlePhrase(node.data, match.index, end)) continue;
      wrapTextRange(node, match.index, end, (inner) => linkElement(candidate, inner));
      if (block) linkedBlocks.add(block);
      return true;
    }
  }
  return false;
}

export function stripOurLinks(doc: Document): void {
  for (const p of findElements(doc, (el) => RELATED_MARK in el.attribs)) remove(p);
  for (const a of findElements(doc, (el) => el.name === 'a' && LINK_MARK in el.attribs)) unwrap(a);
}

/**
 * Places up to `max` internal links. Anchors are the targets' keywords or titles found in the
 * article's own body text; a cluster ↔ pillar link whose words do not occur gets a short
 * "Related reading" paragraph at the end (still body text, never a heading).
 */
export function placeInternalLinks(
  html: string,
  candidates: readonly LinkCandidate[],
  max: number,
): { html: string; links: InternalLink[] } {
  const doc = parseHtml(html);
  stripOurLinks(doc);
  const links: InternalLink[] = [];
  const fallback: LinkCandidate[] = [];
  // Issue #18 item 9: each target its own anchor text, one link per paragraph.
  const usedAnchors = new Set<string>();
  const linkedBlocks = new Set<Element>();
  for (const candidate of candidates) {
    if (links.length + fallback.length >= max) break;
    // A target without a web address gets no link (and takes no anchor words or place in the list).
    if (!webAddress(candidate.target.href)) continue;
    const anchor = anchorsFor(candidate)
      .filter((phrase) => !usedAnchors.has(phrase.toLowerCase()))
      .find((phrase) => linkFirstOccurrence(doc, phrase, candidate, linkedBlocks));
    if (anchor) usedAnchors.add(anchor.toLowerCase());
    if (anchor)
      links.push({
        target_article_id: candidate.target.id,
        anchor,
        href: candidate.target.href,
        relation: candidate.relation,
      });
    else if (candidate.relation === 'pillar' || candidate.relation === 'cluster') fallback.push(candidate);
  }
  if (fallback.length > 0) {
    // A short list, one link per item (one link per paragraph holds here too).
    const items: ChildNode[] = fallback.map((candidate) => {
      links.push({
        target_article_id: candidate.target.id,
        anchor: candidate.target.title,
        href: candidate.target.href,
        relation: candidate.relation,
      });
      return element('li', {}, [linkElement(candidate, text(candidate.target.title))]);
    });
    appendBeforeScripts(doc, element('p', { [RELATED_MARK]: '1' }, [text('Related reading:')]));
    appendBeforeScripts(doc, element('ul', { [RELATED_MARK]: '1' }, items));
  }
  return { html: renderHtml(doc), links };
}

/** After publishing: our links point at the targets' real permalinks. */
export function rewriteLinkTargets(html: string, hrefById: ReadonlyMap<number, string>): string {
  const doc = parseHtml(html);
  let changed = false;
  for (const a of findElements(doc, (el) => el.name === 'a' && LINK_MARK in el.attribs)) {
    // Only a web address replaces the one the link has: WordPress' permalink is not trusted blindly.
    const href = webAddress(hrefById.get(Number(a.attribs[LINK_MARK])));
    if (href && a.attribs.href !== href) {
      a.attribs.href = href;
      changed = true;
    }
  }
  return changed ? renderHtml(doc) : html;
}
