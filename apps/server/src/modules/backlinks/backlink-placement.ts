import { type Document, type Element, findElements, linkableTextNodes, parseHtml } from '../../lib/html/html-tree.js';
import { linkHtml, webAddress } from '../../lib/html/web-link.js';
import { anchorPhrases, escapeRegExp } from '../site-inventory/live-site-links.js';
import { bestAnchor } from '../site-knowledge/anchors.js';

/** The share of the new article's (IDF-weighted) title and keyword terms an older post's words must cover. */
export const BACKLINK_MIN_SHARE = 0.4;

/** Where in an older post a link to the new article fits. */
export interface BacklinkSpot {
  /** Index among the post's body blocks (paragraphs and list items), in document order. */
  paragraphIndex: number;
  /** The post's own words, as written there, that will carry the link. */
  anchor: string;
  /** The paragraph as text, for the operator to judge (at most 300 characters). */
  paragraphText: string;
}

const BLOCK = (el: Element) => el.name === 'p' || el.name === 'li';
const MAX_EXCERPT = 300;

/** The words of the new article that may carry a link to it: its keywords and runs of its title, longest first. */
export function backlinkAnchors(title: string, keywords: readonly string[]): string[] {
  const fromKeywords = keywords.map((k) => k.trim()).filter((k) => k.length >= 6);
  return [...new Set([...fromKeywords, ...anchorPhrases(title)].map((a) => a.toLowerCase()))].sort(
    (a, b) => b.length - a.length,
  );
}

function blocksOf(doc: Document): Element[] {
  return findElements(doc, BLOCK).filter((el) => !findElements(el, BLOCK).some((inner) => inner !== el));
}

const blockText = (el: Element) =>
  linkableTextNodes(el)
    .map((node) => node.data)
    .join('')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The first place where one of the anchors appears, as a whole phrase, in body text of a paragraph
 * or list item that has no link yet (one link per paragraph, never in a heading). Null when the
 * post already links to the target or nothing fits. Matches are made on the source text, so the
 * edit can be spliced in without re-serialising the rest of the post.
 */
function locate(
  html: string,
  anchors: readonly string[],
  onlyBlock: number | null,
): { index: number; at: number; length: number; anchor: string; block: Element } | null {
  const doc = parseHtml(html, { positions: true });
  const blocks = blocksOf(doc);
  for (const anchor of anchors) {
    const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(anchor)}(?![\\p{L}\\p{N}])`, 'iu');
    for (let index = 0; index < blocks.length; index++) {
      if (onlyBlock !== null && index !== onlyBlock) continue;
      const block = blocks[index]!;
      if (findElements(block, (el) => el.name === 'a').length > 0) continue;
      for (const node of linkableTextNodes(block)) {
        if (node.startIndex === null || node.endIndex === null) continue;
        const raw = html.slice(node.startIndex, node.endIndex + 1);
        const match = pattern.exec(raw);
        if (match)
          return { index, at: node.startIndex + match.index, length: match[0].length, anchor: match[0], block };
      }
    }
  }
  return null;
}

/**
 * The older post's own words that name the new article best: in each paragraph or list item
 * without a link, the run of words whose stems cover most of the article's weighted terms (its
 * title and keywords, stemmed as the index does: "carrots grown in pots" for "Growing carrots in
 * containers"); the best paragraph wins, the earlier on a tie.
 */
function locateBySubject(
  html: string,
  subject: ReadonlyMap<string, number>,
): { index: number; at: number; length: number; anchor: string; block: Element } | null {
  const doc = parseHtml(html, { positions: true });
  const blocks = blocksOf(doc);
  let best: { index: number; at: number; length: number; anchor: string; block: Element; score: number } | null = null;
  for (let index = 0; index < blocks.length; index++) {
    const block = blocks[index]!;
    if (findElements(block, (el) => el.name === 'a').length > 0) continue;
    for (const node of linkableTextNodes(block)) {
      if (node.startIndex === null || node.endIndex === null) continue;
      const raw = html.slice(node.startIndex, node.endIndex + 1);
      // Entities and markup stay out of an anchor: only a run of plain words can carry the link.
      const match = bestAnchor(raw, subject, { minShare: BACKLINK_MIN_SHARE });
      if (!match || /[&<>]/.test(match.text)) continue;
      if (!best || match.score > best.score + 1e-9)
        best = {
          index,
          at: node.startIndex + match.start,
          length: match.end - match.start,
          anchor: match.text,
          block,
          score: match.score,
        };
    }
  }
  return best;
}

/**
 * Where an older post can link to the article: on its own words that name the article's subject
 * (`subject`: the article's stemmed terms with their weights), else on one of `anchors` (phrases
 * of its title or keywords) as written. Null when the post links to it already or nothing fits.
 */
export function findBacklinkSpot(
  html: string,
  targetLink: string,
  anchors: readonly string[],
  subject?: ReadonlyMap<string, number>,
): BacklinkSpot | null {
  // No web address to link to: no spot for a link.
  if (!webAddress(targetLink)) return null;
  if (html.includes(`href="${targetLink}"`)) return null;
  const found = (subject && locateBySubject(html, subject)) || locate(html, anchors, null);
  if (!found) return null;
  const text = blockText(found.block);
  return {
    paragraphIndex: found.index,
    anchor: found.anchor,
    paragraphText: text.length > MAX_EXCERPT ? `${text.slice(0, MAX_EXCERPT - 1)}…` : text,
  };
}

/**
 * The post's content with the link placed at the spot: the same paragraph and words as proposed
 * (the post may have changed since). Null when they are no longer there. Only the anchor's
 * characters change; everything else of the post stays byte for byte. Null too when `href` is not
 * a web address: there is nothing to link to.
 */
export function placeBacklink(
  html: string,
  spot: Pick<BacklinkSpot, 'paragraphIndex' | 'anchor'>,
  href: string,
): string | null {
  if (!webAddress(href) || html.includes(`href="${href}"`)) return null;
  const found = locate(html, [spot.anchor], spot.paragraphIndex);
  if (!found) return null;
  return `${html.slice(0, found.at)}${linkHtml(href, html.slice(found.at, found.at + found.length))}${html.slice(found.at + found.length)}`;
}
