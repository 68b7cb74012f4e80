import type { RefreshChangeKind } from '@abp/contracts';
import type { StoredRefreshChange } from '../../db/schema/refresh.js';
import { type Element, findElements, linkableTextNodes, parseHtml } from '../../lib/html/html-tree.js';
import { linkHtml, webAddress } from '../../lib/html/web-link.js';
import { anchorPhrases, escapeRegExp } from '../site-inventory/live-site-links.js';
import { mechanicalYears } from './year-phrases.js';

/*
 * The mechanical changes of a refresh proposal (issue #36 §2), as pure functions of the post's raw
 * fields (WordPress' context=edit content, title and excerpt), what the link cache knows, and the
 * site's newer posts on the same subject. Each change is an exact span of a raw field and its
 * replacement: nothing else of the post is re-serialised (the merge then splices spans only).
 *   - dead link: the <a …>…</a> of an address the link check found dead becomes its inner markup
 *     (the words stay, the link goes); a link that redirects to a live address gets that address;
 *   - year: a recent past year in a dated label ("best … of 2025", "2025 guide") of the title or a
 *     heading becomes this year (year-phrases.ts `mechanicalYears`; body claims are left alone);
 *   - internal link: at most MAX_NEW_LINKS newer posts on the same subject the post does not link to
 *     yet, each on the post's own words (a run of the newer post's title) in a body paragraph or list
 *     item that has no link yet — never a heading — one per paragraph.
 */

export const MAX_NEW_LINKS = 2;
const CONTEXT = 80;

export type ProposedChange = Omit<StoredRefreshChange, 'id' | 'outcome' | 'outcome_reason'>;

export interface LinkFact {
  /** 'dead': unwrap it; 'moved': rewrite it to `finalUrl`. */
  kind: 'dead' | 'moved';
  why: string;
  finalUrl: string | null;
  checkedAt: Date;
}

export interface MechanicalInput {
  content: string;
  title: string;
  /** The post's address: relative links are read against it. */
  link: string;
  today: Date;
  /** The link cache's verdicts, keyed by the address as checked (`checkable`). */
  links: ReadonlyMap<string, LinkFact>;
  /** The site's newer posts on the post's subject, best first. */
  newer: ReadonlyArray<{ wpId: number; title: string; link: string }>;
}

/** An address as the link cache keys it: absolute, http(s), no fragment. */
export function linkKey(href: string, pageLink: string): string | null {
  try {
    const url = new URL(href.replace(/&amp;/g, '&'), pageLink || undefined);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    url.hash = '';
    return url.href;
  } catch {
    return null;
  }
}

/** Plain text around a span of a raw field: tags and block comments dropped, spaces folded. */
export function plainContext(raw: string, start: number, end: number): { before: string; after: string } {
  const plain = (html: string) =>
    html
      .replace(/<!--[\s\S]*?-->/g, ' ')
      .replace(/<[^>]*>/g, ' ')
      .replace(/&nbsp;/g, ' ')
      .replace(/&amp;/g, '&')
      .replace(/\s+/g, ' ');
  const before = plain(raw.slice(Math.max(0, start - 600), start)).replace(/^\s+/, '');
  const after = plain(raw.slice(end, end + 600)).replace(/\s+$/, '');
  return { before: before.slice(-CONTEXT), after: after.slice(0, CONTEXT) };
}

function change(
  kind: RefreshChangeKind,
  field: StoredRefreshChange['field'],
  raw: string,
  start: number,
  before: string,
  after: string,
  reason: string,
): ProposedChange {
  const context = plainContext(raw, start, start + before.length);
  return {
    kind,
    field,
    reason,
    start,
    before,
    after,
    context_before: context.before,
    context_after: context.after,
  };
}

const day = (date: Date) => date.toISOString().slice(0, 10);

/** The hrefs of a post's raw content (for the link cache look-up and "already links to"). */
export function contentLinks(content: string, pageLink: string): string[] {
  const doc = parseHtml(content);
  return findElements(doc, (el) => el.name === 'a' && typeof el.attribs.href === 'string')
    .map((el) => linkKey(el.attribs.href!, pageLink))
    .filter((key): key is string => key !== null);
}

function deadLinkChanges(input: MechanicalInput): ProposedChange[] {
  const { content } = input;
  const doc = parseHtml(content, { positions: true });
  const out: ProposedChange[] = [];
  for (const a of findElements(doc, (el) => el.name === 'a' && typeof el.attribs.href === 'string')) {
    if (a.startIndex === null || a.endIndex === null) continue;
    const key = linkKey(a.attribs.href!, input.link);
    const fact = key ? input.links.get(key) : undefined;
    if (!key || !fact) continue;
    const whole = content.slice(a.startIndex, a.endIndex + 1);
    // Only a closed <a …>…</a> as written (htmlparser2 also ends an unclosed one at its parent's end).
    if (!/^<a\b[^>]*>[\s\S]*<\/a\s*>$/i.test(whole)) continue;
    if (fact.kind === 'dead') {
      const inner = innerOf(content, a);
      out.push(
        change(
          'dead_link',
          'content',
          content,
          a.startIndex,
          whole,
          inner,
          `Links to ${key}, which answered ${fact.why} when checked on ${day(fact.checkedAt)}: the link is removed, its words stay.`,
        ),
      );
    } else if (fact.finalUrl && webAddress(fact.finalUrl) && !landsOnFrontPage(key, fact.finalUrl)) {
      const open = /^<a\b[^>]*>/i.exec(whole)![0];
      const attr = /\shref\s*=\s*("([^"]*)"|'([^']*)')/i.exec(open);
      if (!attr) continue;
      const valueAt = a.startIndex + attr.index + attr[0].indexOf(attr[1]!) + 1;
      const value = attr[2] ?? attr[3] ?? '';
      out.push(
        change(
          'dead_link',
          'content',
          content,
          valueAt,
          value,
          fact.finalUrl.replace(/&/g, '&amp;').replace(/"/g, '&quot;'),
          `Links to ${key}, which now redirects to ${fact.finalUrl} (checked on ${day(fact.checkedAt)}): the link goes there directly.`,
        ),
      );
    }
  }
  return out;
}

/**
 * A page that now redirects to a site's front page (or a login or search page) is a page that is gone
 * (a "soft 404"): pointing the link there would hide that, so no rewrite is proposed.
 */
function landsOnFrontPage(from: string, to: string): boolean {
  try {
    const [source, target] = [new URL(from), new URL(to)];
    const deep = (url: URL) => url.pathname.replace(/\/+$/, '') !== '';
    if (!deep(source)) return false;
    return !deep(target) || /(^|\/)(wp-login\.php|login|signin|search)(\/|$)/i.test(target.pathname);
  } catch {
    return true;
  }
}

/** The markup between an element's opening and closing tags, as written. */
function innerOf(raw: string, el: Element): string {
  const whole = raw.slice(el.startIndex!, el.endIndex! + 1);
  const open = /^<a\b[^>]*>/i.exec(whole)![0].length;
  const close = /<\/a\s*>$/i.exec(whole)![0].length;
  return whole.slice(open, whole.length - close);
}

function yearChanges(input: MechanicalInput): ProposedChange[] {
  const now = input.today.getUTCFullYear();
  const out: ProposedChange[] = [];
  for (const found of mechanicalYears(input.title, input.today)) {
    out.push(
      change(
        'year',
        'title',
        input.title,
        found.at,
        String(found.year),
        String(now),
        `The title's "${found.phrase}" dates the post; it is ${now} now.`,
      ),
    );
  }
  const doc = parseHtml(input.content, { positions: true });
  for (const heading of findElements(doc, (el) => /^h[1-6]$/.test(el.name))) {
    for (const node of textNodes(heading)) {
      if (node.startIndex === null || node.endIndex === null) continue;
      const raw = input.content.slice(node.startIndex, node.endIndex + 1);
      for (const found of mechanicalYears(raw, input.today)) {
        out.push(
          change(
            'year',
            'content',
            input.content,
            node.startIndex + found.at,
            String(found.year),
            String(now),
            `The heading's "${found.phrase}" dates the post; it is ${now} now.`,
          ),
        );
      }
    }
  }
  return out;
}

function textNodes(el: Element): Array<{ startIndex: number | null; endIndex: number | null }> {
  const out: Array<{ startIndex: number | null; endIndex: number | null }> = [];
  const walk = (node: Element['children'][number]) => {
    if (node.type === 'text') out.push(node);
    else if ('children' in node) for (const child of node.children) walk(child);
  };
  for (const child of el.children) walk(child);
  return out;
}

function internalLinkChanges(input: MechanicalInput, taken: readonly ProposedChange[]): ProposedChange[] {
  const { content } = input;
  const linked = new Set(contentLinks(content, input.link));
  const doc = parseHtml(content, { positions: true });
  const blocks = findElements(doc, (el) => el.name === 'p' || el.name === 'li').filter(
    (el) => findElements(el, (inner) => inner.name === 'p' || inner.name === 'li').length === 1,
  );
  const usedBlocks = new Set<Element>();
  const out: ProposedChange[] = [];
  const overlaps = (start: number, end: number) =>
    [...taken, ...out].some((c) => c.field === 'content' && start < c.start + c.before.length && c.start < end);
  for (const post of input.newer) {
    if (out.length >= MAX_NEW_LINKS) break;
    const href = webAddress(post.link);
    const key = href ? linkKey(href, input.link) : null;
    if (!href || !key || linked.has(key)) continue;
    let placed = false;
    for (const anchor of anchorPhrases(post.title).sort((a, b) => b.length - a.length)) {
      const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(anchor)}(?![\\p{L}\\p{N}])`, 'iu');
      for (const block of blocks) {
        if (usedBlocks.has(block) || findElements(block, (el) => el.name === 'a').length > 0) continue;
        for (const node of linkableTextNodes(block)) {
          if (node.startIndex === null || node.endIndex === null) continue;
          const raw = content.slice(node.startIndex, node.endIndex + 1);
          const match = pattern.exec(raw);
          if (!match || /[&<>]/.test(match[0])) continue;
          const start = node.startIndex + match.index;
          if (overlaps(start, start + match[0].length)) continue;
          out.push(
            change(
              'internal_link',
              'content',
              content,
              start,
              match[0],
              linkHtml(href, match[0]),
              `"${post.title}" is a newer post of the site on the same subject; the post's own words "${match[0]}" link to it.`,
            ),
          );
          usedBlocks.add(block);
          placed = true;
          break;
        }
        if (placed) break;
      }
      if (placed) break;
    }
  }
  return out;
}

/** Every mechanical change of the post, spans in order per field, none overlapping. */
export function mechanicalChanges(input: MechanicalInput): ProposedChange[] {
  const dead = deadLinkChanges(input);
  const years = yearChanges(input).filter(
    (y) => y.field !== 'content' || !dead.some((d) => y.start < d.start + d.before.length && d.start < y.start + 4),
  );
  const links = internalLinkChanges(input, [...dead, ...years]);
  return [...dead, ...years, ...links].sort((a, b) => a.field.localeCompare(b.field) || a.start - b.start);
}
