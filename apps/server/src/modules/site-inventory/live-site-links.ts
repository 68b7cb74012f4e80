import MiniSearch from 'minisearch';
import {
  appendBeforeScripts,
  type ChildNode,
  type Document,
  type Element,
  element,
  findElements,
  isHeading,
  linkableTextNodes,
  linkTo,
  parseHtml,
  renderHtml,
  text,
  unwrap,
  wrapTextRange,
} from '../../lib/html/html-tree.js';
import { webAddress } from '../../lib/html/web-link.js';
import { type AnchorMatch, anchorKey, bestAnchor, subjectTerms } from '../site-knowledge/anchors.js';

/** A post of the live site that an article may link to. */
export interface LinkablePost {
  wpId: number;
  title: string;
  link: string;
  excerpt: string;
}

export interface PlacedLink {
  wpId: number;
  title: string;
  href: string;
  /** The article's own words that carry the link, or null for the "Related reading" line. */
  anchor: string | null;
}

/** Marks our links into the live site (a regeneration replaces them, and nothing else). */
const SITE_LINK_MARK = 'data-abp-site-link';
const STOPWORDS = new Set(
  'a about after all an and any are as at be before best by can do does for from get guide how i in into is it its just more most my new not of on or our so than that the their them these this to top up vs was what when where which who why will with you your'.split(
    ' ',
  ),
);
// MiniSearch multiplies a result's score by the number of query terms it matched, and on a small
// site a shared rare word weighs little against the top result: a fifth cut a fitting post that
// shares only the topic's word on a three-post site. A tenth still drops the stragglers.
const MIN_SCORE_SHARE = 0.1;

/**
 * A BM25 index (MiniSearch) over the site's posts: titles weigh most, excerpts help. Built once
 * per site and content sync, then asked once per article.
 */
export function buildPostIndex(posts: readonly LinkablePost[]): MiniSearch<LinkablePost> {
  const index = new MiniSearch<LinkablePost>({
    idField: 'wpId',
    fields: ['title', 'excerpt'],
    storeFields: ['wpId', 'title', 'link', 'excerpt'],
    // Little words match everything ("for", "how"): they are no evidence that two posts fit.
    processTerm: (term) => {
      const word = term.toLowerCase();
      return word.length < 2 || STOPWORDS.has(word) ? null : word;
    },
    searchOptions: { boost: { title: 3 }, prefix: (term) => term.length > 4, fuzzy: 0.15, combineWith: 'OR' },
  });
  index.addAll(posts);
  return index;
}

/** The words the index and the queries keep: lower case, little words dropped. */
export function significantTerms(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 2 && !STOPWORDS.has(word));
}

/**
 * The posts that fit the article best: its title and keywords as the query. A post must share a
 * word of the article's subject (its topic), not only a word such as "practical" that its title
 * happens to use; results far below the best one (under a tenth of its score) are not worth a link.
 */
export function chooseTargets(
  index: MiniSearch<LinkablePost>,
  query: string,
  subject: string,
  max: number,
  exclude: (post: LinkablePost) => boolean,
): LinkablePost[] {
  const subjectTerms = new Set(significantTerms(subject));
  const results = index.search(query).filter((result) => result.queryTerms.some((term) => subjectTerms.has(term)));
  const best = results[0]?.score ?? 0;
  const chosen: LinkablePost[] = [];
  for (const result of results) {
    if (chosen.length >= max || result.score < best * MIN_SCORE_SHARE) break;
    const post = {
      wpId: result.wpId as number,
      title: result.title as string,
      link: result.link as string,
      excerpt: result.excerpt as string,
    };
    if (!exclude(post)) chosen.push(post);
  }
  return chosen;
}

export const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Phrases of the target's title that may carry its link, longest first: the whole title, then runs of 2+ words not starting or ending with a little word. */
export function anchorPhrases(title: string): string[] {
  const words = title.split(/\s+/).filter(Boolean);
  const phrases: string[] = [];
  for (let length = words.length; length >= 2; length--) {
    for (let start = 0; start + length <= words.length; start++) {
      const run = words.slice(start, start + length);
      const first = run[0]!.toLowerCase().replace(/\W/g, '');
      const last = run.at(-1)!.toLowerCase().replace(/\W/g, '');
      if (STOPWORDS.has(first) || STOPWORDS.has(last)) continue;
      const phrase = run.join(' ').replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
      if (phrase.length >= 8) phrases.push(phrase);
    }
  }
  return [...new Set(phrases)];
}

function siteLink(post: LinkablePost, inner: ChildNode) {
  return linkTo(post.link, { [SITE_LINK_MARK]: String(post.wpId) }, inner);
}

/** The share of a target title's (IDF-weighted) terms an anchor in the article must cover. */
export const ANCHOR_MIN_SHARE = 0.34;

/** The paragraph or list item (any body block) a node is in, or null. */
function blockOf(node: ChildNode): Element | null {
  for (let parent = node.parent; parent; parent = parent.parent)
    if ('name' in parent && BLOCKS.has(parent.name)) return parent;
  return null;
}
const BLOCKS = new Set(['p', 'li', 'td', 'dd', 'blockquote']);

/**
 * Links the writer (a model given the candidates) already placed: kept, and marked as ours, when
 * they are in body text, one per target, with words no other target's link has; a link in a
 * heading, a second link to one target or a repeated anchor loses its link (the words stay).
 */
function adoptWrittenLinks(
  doc: Document,
  targets: readonly LinkablePost[],
  taken: Set<string>,
  links: PlacedLink[],
): boolean {
  let touched = false;
  const byHref = new Map(targets.filter((post) => webAddress(post.link)).map((post) => [post.link, post]));
  const placed = new Set<string>();
  for (const a of findElements(doc, (el) => el.name === 'a')) {
    const post = byHref.get(a.attribs.href ?? '');
    if (!post) continue;
    const anchor = textOf(a).trim();
    touched = true;
    const inBody = blockOf(a) !== null && !headingAbove(a);
    if (!inBody || placed.has(post.link) || !anchor || taken.has(anchorKey(anchor))) {
      unwrap(a);
      continue;
    }
    a.attribs[SITE_LINK_MARK] = String(post.wpId);
    placed.add(post.link);
    taken.add(anchorKey(anchor));
    links.push({ wpId: post.wpId, title: post.title, href: post.link, anchor });
  }
  return touched;
}

function headingAbove(node: ChildNode): boolean {
  for (let parent = node.parent; parent; parent = parent.parent) if (isHeading(parent)) return true;
  return false;
}

function textOf(node: ChildNode): string {
  if ('data' in node && typeof node.data === 'string' && node.type === 'text') return node.data;
  return 'children' in node ? (node.children as ChildNode[]).map(textOf).join('') : '';
}

/**
 * Links the best run of the article's own words for the post (its title's stems, weighted by the
 * site's IDF) in body text, preferring a paragraph that has no link of ours yet; never words
 * another target took. False when no paragraph names the post well enough.
 */
function linkOnOwnWords(
  doc: Document,
  post: LinkablePost,
  weight: (term: string) => number,
  taken: Set<string>,
  links: PlacedLink[],
): boolean {
  const terms = subjectTerms([post.title], weight);
  const busy = new Set(
    findElements(doc, (el) => el.name === 'a' && SITE_LINK_MARK in el.attribs)
      .map((a) => blockOf(a))
      .filter((block) => block !== null),
  );
  let best: { node: ReturnType<typeof linkableTextNodes>[number]; match: AnchorMatch; free: boolean } | null = null;
  for (const node of linkableTextNodes(doc)) {
    const match = bestAnchor(node.data, terms, { minShare: ANCHOR_MIN_SHARE, taken });
    if (!match) continue;
    const block = blockOf(node);
    const free = !block || !busy.has(block);
    // A paragraph without a link of ours first; then the better anchor; then the earlier one.
    if (!best || (free && !best.free) || (free === best.free && match.score > best.match.score + 1e-9))
      best = { node, match, free };
  }
  if (!best) return false;
  wrapTextRange(best.node, best.match.start, best.match.end, (inner) => siteLink(post, inner));
  taken.add(anchorKey(best.match.text));
  links.push({ wpId: post.wpId, title: post.title, href: post.link, anchor: best.match.text });
  return true;
}

/**
 * Places links to the chosen posts in the article's body. Links the writer placed to them (when it
 * was given them) are kept and marked; each other post is linked on the article's own words where they name it
 * (stemmed, weighted by `weight`: the site's IDF), in a paragraph of its own where one fits, never
 * in a heading, never twice, never on words another post's link has; the posts left over go into
 * one "Related reading" line at the end. A post the article already linked to otherwise is skipped.
 */
export function placeSiteLinks(
  html: string,
  targets: readonly LinkablePost[],
  weight: (term: string) => number = () => 1,
  /** The targets were given to the writer: its links to them are ours (else they are the article's own, and skipped). */
  givenToWriter = false,
): { html: string; links: PlacedLink[] } {
  const doc = parseHtml(html);
  const links: PlacedLink[] = [];
  const taken = new Set<string>();
  const written = givenToWriter && adoptWrittenLinks(doc, targets, taken, links);
  const linked = new Set(findElements(doc, (el) => el.name === 'a').map((a) => a.attribs.href));
  const related: LinkablePost[] = [];
  for (const post of targets) {
    // No web address (an unsafe link the inventory dropped): no link, and no words taken for one.
    if (!webAddress(post.link) || linked.has(post.link)) continue;
    linked.add(post.link);
    if (!linkOnOwnWords(doc, post, weight, taken, links)) related.push(post);
  }
  if (related.length > 0) {
    const children: ChildNode[] = [text('Related reading: ')];
    related.forEach((post, i) => {
      if (i > 0) children.push(text(', '));
      children.push(siteLink(post, text(post.title)));
      links.push({ wpId: post.wpId, title: post.title, href: post.link, anchor: null });
    });
    children.push(text('.'));
    appendBeforeScripts(doc, element('p', {}, children));
  }
  return { html: links.length > 0 || written ? renderHtml(doc) : html, links };
}
