import MiniSearch from 'minisearch';
import {
  appendBeforeScripts,
  type ChildNode,
  type Document,
  element,
  findElements,
  linkableTextNodes,
  linkTo,
  parseHtml,
  renderHtml,
  text,
  wrapTextRange,
} from '../../lib/html/html-tree.js';
import { webAddress } from '../../lib/html/web-link.js';

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

/** Links the first whole-word occurrence of the phrase in body text (never a heading, never inside a link). */
function linkPhrase(doc: Document, phrase: string, post: LinkablePost): boolean {
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(phrase)}(?![\\p{L}\\p{N}])`, 'iu');
  for (const node of linkableTextNodes(doc)) {
    const match = pattern.exec(node.data);
    if (!match) continue;
    wrapTextRange(node, match.index, match.index + match[0].length, (inner) => siteLink(post, inner));
    return true;
  }
  return false;
}

/**
 * Places links to the chosen posts in the article's body: on the article's own words where a
 * phrase of the post's title occurs, else in one "Related reading" line at the end. Never two
 * links to the same post; a post the article already links to is skipped.
 */
export function placeSiteLinks(html: string, targets: readonly LinkablePost[]): { html: string; links: PlacedLink[] } {
  const doc = parseHtml(html);
  const linked = new Set(findElements(doc, (el) => el.name === 'a').map((a) => a.attribs.href));
  const links: PlacedLink[] = [];
  const related: LinkablePost[] = [];
  for (const post of targets) {
    // No web address (an unsafe link the inventory dropped): no link, and no words taken for one.
    if (!webAddress(post.link) || linked.has(post.link)) continue;
    linked.add(post.link);
    const anchor = anchorPhrases(post.title).find((phrase) => linkPhrase(doc, phrase, post));
    if (anchor) links.push({ wpId: post.wpId, title: post.title, href: post.link, anchor });
    else related.push(post);
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
  return { html: links.length > 0 ? renderHtml(doc) : html, links };
}
