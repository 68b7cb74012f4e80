import type { InternalLink } from '@abp/contracts';
import { appendBeforeScripts, element, findElements, linkableTextNodes, parseHtml, remove, renderHtml, text, unwrap, wrapTextRange, type ChildNode, type Document } from '../../../lib/html/html-tree.js';
import type { LinkCandidate } from './link-planner.js';

/** Our links and our "Related reading" paragraph carry these, so a new run replaces them. */
const LINK_MARK = 'data-abp-link';
const RELATED_MARK = 'data-abp-related';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Longest first: "coffee grinder settings" beats "coffee grinder". */
function anchorsFor(candidate: LinkCandidate): string[] {
  const phrases = [...candidate.target.keywords, candidate.target.title].map((p) => p.trim()).filter((p) => p.length >= 3);
  return [...new Set(phrases)].sort((a, b) => b.length - a.length);
}

function linkElement(candidate: LinkCandidate, inner: ChildNode) {
  return element('a', { href: candidate.target.href, [LINK_MARK]: String(candidate.target.id) }, [inner]);
}

/** Finds the phrase as whole words in body text (not headings, not inside a link) and links it. */
function linkFirstOccurrence(doc: Document, phrase: string, candidate: LinkCandidate): boolean {
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(phrase)}(?![\\p{L}\\p{N}])`, 'iu');
  for (const node of linkableTextNodes(doc)) {
    const match = pattern.exec(node.data);
    if (!match) continue;
    wrapTextRange(node, match.index, match.index + match[0].length, (inner) => linkElement(candidate, inner));
    return true;
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
export function placeInternalLinks(html: string, candidates: readonly LinkCandidate[], max: number): { html: string; links: InternalLink[] } {
  const doc = parseHtml(html);
  stripOurLinks(doc);
  const links: InternalLink[] = [];
  const fallback: LinkCandidate[] = [];
  for (const candidate of candidates) {
    if (links.length + fallback.length >= max) break;
    const anchor = anchorsFor(candidate).find((phrase) => linkFirstOccurrence(doc, phrase, candidate));
    if (anchor) links.push({ target_article_id: candidate.target.id, anchor, href: candidate.target.href, relation: candidate.relation });
    else if (candidate.relation === 'pillar' || candidate.relation === 'cluster') fallback.push(candidate);
  }
  if (fallback.length > 0) {
    const children: ChildNode[] = [text('Related reading: ')];
    fallback.forEach((candidate, index) => {
      if (index > 0) children.push(text(', '));
      children.push(linkElement(candidate, text(candidate.target.title)));
      links.push({ target_article_id: candidate.target.id, anchor: candidate.target.title, href: candidate.target.href, relation: candidate.relation });
    });
    children.push(text('.'));
    appendBeforeScripts(doc, element('p', { [RELATED_MARK]: '1' }, children));
  }
  return { html: renderHtml(doc), links };
}

/** After publishing: our links point at the targets' real permalinks. */
export function rewriteLinkTargets(html: string, hrefById: ReadonlyMap<number, string>): string {
  const doc = parseHtml(html);
  let changed = false;
  for (const a of findElements(doc, (el) => el.name === 'a' && LINK_MARK in el.attribs)) {
    const href = hrefById.get(Number(a.attribs[LINK_MARK]));
    if (href && a.attribs.href !== href) {
      a.attribs.href = href;
      changed = true;
    }
  }
  return changed ? renderHtml(doc) : html;
}
