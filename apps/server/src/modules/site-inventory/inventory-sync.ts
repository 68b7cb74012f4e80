import type { InventoryPage, WordPressClient, WpPostSummary, WpTerm } from '../../integrations/wordpress/index.js';
import { htmlSections } from '../../lib/html/html-text.js';
import { findElements, parseHtml } from '../../lib/html/html-tree.js';
import { webAddress } from '../../lib/html/web-link.js';
import { clampPlainText, htmlToPlainText, toPlainText } from '../../lib/plain-text.js';
import type { ItemKind, NewInventoryItem, SiteInventoryRepository } from './site-inventory.repository.js';

const PER_PAGE = 100;
const EXCERPT_MAX = 1_000;
/** What site knowledge reads of a post: its headings and its text, bounded (a post can be a book). */
export const HEADINGS_MAX = 2_000;
export const BODY_MAX = 20_000;
/** Links of a post kept for the link report (a link farm's post would have thousands). */
export const LINKS_MAX = 200;
const LINK_MAX_CHARS = 2_000;
/** Markup beyond this is not read for text (a page builder's post can be megabytes of markup). */
const CONTENT_READ_MAX = 400_000;
/**
 * An incremental sync asks for posts modified after the newest modification it saw, less this
 * much: WordPress keeps whole seconds, so a post saved in the same second just after our read, or
 * whose save was slow to commit, is read again rather than missed (posts read twice are simply
 * written again). `modified_after` is sent in UTC with its zone; WordPress (5.7+) converts it to
 * the site's time zone before comparing.
 */
const CURSOR_OVERLAP_MS = 2_000;
/**
 * A collection is followed for at most its item cap / this many pages: a site that sends fewer
 * than 10 items a page (while claiming more) is not followed page after page for ever.
 */
const MIN_ITEMS_PER_PAGE = 10;

const COLLECTIONS: ReadonlyArray<{ kind: ItemKind; type: 'posts' | 'pages'; phase: string; noun: string }> = [
  { kind: 'post', type: 'posts', phase: 'Posts', noun: 'posts' },
  { kind: 'page', type: 'pages', phase: 'Pages', noun: 'pages' },
];

/**
 * How far one sync follows a site, whatever it claims (INVENTORY_MAX_*): a site that answers
 * every page with new posts and claims millions of pages is read up to these and no further.
 */
export interface InventoryLimits {
  /** Posts, and pages, each (INVENTORY_MAX_POSTS). */
  maxPosts: number;
  /** Categories, tags and authors, each (INVENTORY_MAX_TERMS). */
  maxTerms: number;
  /** All answers of one sync together, in bytes (INVENTORY_MAX_MB). */
  maxBytes: number;
  /** One sync's duration (INVENTORY_MAX_MINUTES). */
  maxMs: number;
}

export const DEFAULT_INVENTORY_LIMITS: InventoryLimits = {
  maxPosts: 50_000,
  maxTerms: 20_000,
  maxBytes: 200 * 1024 * 1024,
  maxMs: 60 * 60_000,
};

export interface SyncFigures {
  fetched: number;
  removed: number;
  /** The newest modification seen (the next sync's starting point); null after a capped sync. */
  cursor: Date | null;
  /** Why the sync stopped before the end of the site (what it read is kept); null when it read it all. */
  stopped: string | null;
}

export type ProgressReport = (phase: string, done: number, total: number | null) => Promise<void>;

export interface SyncOptions {
  limits?: InventoryLimits;
  now?: () => number;
  /**
   * Called after every UPKEEP_ITEMS items written and at the end: the embedded database's upkeep
   * (see SiteInventoryService), so that a long sync's disk use stays bounded.
   */
  upkeep?: () => Promise<void>;
  /** The site's address, which relative links in posts are resolved against (default: each post's own link). */
  siteUrl?: string;
}

/** How many items a sync writes between two rounds of upkeep (about 10 MB of write-ahead log). */
export const UPKEEP_ITEMS = 10_000;

/** WordPress' "2026-11-23T10:00:00" (GMT, no zone) as a Date; null for drafts without one. */
function gmtDate(value: string | null | undefined): Date | null {
  if (!value || value.startsWith('0000')) return null;
  const date = new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function toInventoryItem(kind: ItemKind, post: WpPostSummary, siteUrl?: string): NewInventoryItem {
  const title =
    post.title?.raw !== undefined ? toPlainText(post.title.raw) : htmlToPlainText(post.title?.rendered ?? '');
  const excerptHtml = post.excerpt?.raw?.trim() ? post.excerpt.raw : (post.excerpt?.rendered ?? '');
  const content = (post.content?.raw ?? post.content?.rendered ?? '').slice(0, CONTENT_READ_MAX);
  const sections = htmlSections(content);
  return {
    kind,
    wpId: post.id,
    title,
    slug: post.slug,
    // Only web addresses: a hostile site's "javascript:" link must never reach a page or an article.
    link: webAddress(post.link) ?? '',
    status: post.status,
    publishedAt: gmtDate(post.date_gmt),
    modifiedAt: gmtDate(post.modified_gmt),
    categoryIds: post.categories ?? [],
    tagIds: post.tags ?? [],
    authorId: post.author ?? null,
    excerpt: clampPlainText(htmlToPlainText(excerptHtml), EXCERPT_MAX),
    headings: clampPlainText(sections.headings.map(toPlainText).join('\n'), HEADINGS_MAX),
    body: clampPlainText(sections.body.replace(/\s+/g, ' ').trim(), BODY_MAX),
    links: contentLinks(content, siteUrl ?? webAddress(post.link) ?? undefined),
  };
}

/**
 * The distinct web addresses a post's content links to, in order, bounded. Relative links
 * (href="/slug/", "?p=123": editors and plugins write them) are resolved against the site's
 * address, so they count as the links to the site's posts that they are.
 */
export function contentLinks(html: string, siteUrl?: string): string[] {
  const out = new Set<string>();
  // "https://blog.example/news" is the site's root: "?p=1" is https://blog.example/news/?p=1.
  const base = siteUrl ? webAddress(siteUrl.replace(/\/*$/, '/')) : null;
  for (const a of findElements(parseHtml(html), (el) => el.name === 'a')) {
    if (out.size >= LINKS_MAX) break;
    const href = webAddress(resolved(a.attribs.href, base));
    if (href && href.length <= LINK_MAX_CHARS) out.add(href);
  }
  return [...out];
}

/** A relative href against the site's address; anything else as it is (webAddress judges it). */
function resolved(href: string | undefined, base: string | null): string | undefined {
  const trimmed = href?.trim();
  if (!trimmed || !base || /^[a-z][a-z0-9+.-]*:/i.test(trimmed) || trimmed.startsWith('#')) return href;
  try {
    return new URL(trimmed, base).href;
  } catch {
    return href;
  }
}

function termRow(taxonomy: 'category' | 'tag', term: WpTerm) {
  return {
    taxonomy,
    wpId: term.id,
    name: toPlainText(term.name),
    slug: term.slug,
    parent: term.parent ?? 0,
    postCount: term.count,
  };
}

const count = (n: number) => n.toLocaleString('en-US');

/** What one sync may still read: the bytes and the time shared by all its collections. */
class SyncBudget {
  #bytes = 0;
  readonly #deadline: number;

  constructor(
    private readonly limits: InventoryLimits,
    private readonly now: () => number,
  ) {
    this.#deadline = now() + limits.maxMs;
  }

  charge(bytes: number): void {
    this.#bytes += bytes;
  }

  /** Why nothing more may be read, or null. */
  spent(): string | null {
    if (this.#bytes >= this.limits.maxBytes) {
      const mb = this.limits.maxBytes / 1024 / 1024;
      const size = mb >= 1 ? `${count(Math.round(mb))} MB` : `${count(Math.round(this.limits.maxBytes / 1024))} KB`;
      return `The site sent more than ${size} in one sync; raise INVENTORY_MAX_MB to sync more.`;
    }
    if (this.now() >= this.#deadline) {
      const minutes = this.limits.maxMs / 60_000;
      const span =
        minutes >= 1
          ? `${count(Math.round(minutes))} minute${Math.round(minutes) === 1 ? '' : 's'}`
          : `${count(Math.round(this.limits.maxMs / 1000))} seconds`;
      return `The sync took longer than ${span}; raise INVENTORY_MAX_MINUTES to sync more.`;
    }
    return null;
  }
}

interface PagedRead {
  read: number;
  /** Why the read stopped before the site's end; null when it reached it. */
  stopped: string | null;
  /** Stopped by the sync's bytes or time, not by the collection's own cap: what was read is a fragment. */
  cut: boolean;
  /** The site's X-WP-Total of the last page. */
  total: number | null;
}

/**
 * Follows a collection's pages until the site's end or the first bound reached: `max` items,
 * `max / 10` pages, the sync's bytes and time. Each page is handed to `take` as it comes (and
 * committed there), so nothing but the page in hand is held in memory.
 */
async function readPages<T>(
  fetchPage: (page: number) => Promise<InventoryPage<T>>,
  take: (items: T[], page: InventoryPage<T>) => Promise<void>,
  bounds: { max: number; noun: string; variable: string; budget: SyncBudget },
): Promise<PagedRead> {
  const { max, noun, variable, budget } = bounds;
  const maxPages = Math.ceil(max / MIN_ITEMS_PER_PAGE);
  let read = 0;
  let total: number | null = null;
  for (let page = 1; ; page++) {
    const spent = budget.spent();
    if (spent) return { read, stopped: spent, cut: true, total };
    const answer = await fetchPage(page);
    budget.charge(answer.bytes);
    total = answer.total;
    const items = answer.items.slice(0, Math.max(0, max - read));
    if (items.length > 0) await take(items, answer);
    read += items.length;
    const more = answer.items.length > 0 && page < answer.totalPages;
    if (!more && answer.items.length <= items.length) return { read, stopped: null, cut: false, total };
    if (read >= max) {
      const reported = answer.total > max;
      return {
        read,
        stopped: `The site ${reported ? 'reports' : 'sent'} more than ${count(max)} ${noun}; raise ${variable} to sync more.`,
        cut: false,
        total,
      };
    }
    if (page >= maxPages) {
      return {
        read,
        stopped: `The site sent ${count(page)} pages of ${noun} without an end (${count(read)} ${noun} read); raise ${variable} to sync more.`,
        cut: false,
        total,
      };
    }
  }
}

/**
 * One sync of a site's inventory: categories and tags, authors, then posts and pages page by page
 * (all of them the first time; after that only those modified since the last sync), then the ids
 * still on the site, so that what was deleted or trashed there goes here too. Every read is
 * bounded (InventoryLimits); a sync that hits a bound keeps what it read, says why it stopped, and
 * removes only what it can prove gone.
 */
export async function syncInventory(
  client: WordPressClient,
  repo: SiteInventoryRepository,
  siteId: number,
  previousCursor: Date | null,
  report: ProgressReport,
  options: SyncOptions = {},
): Promise<SyncFigures> {
  const limits = options.limits ?? DEFAULT_INVENTORY_LIMITS;
  const budget = new SyncBudget(limits, options.now ?? Date.now);
  let sinceUpkeep = 0;
  const reasons: string[] = [];
  const stop = (reason: string | null) => {
    if (reason && !reasons.includes(reason)) reasons.push(reason);
  };
  const termBounds = (noun: string) => ({ max: limits.maxTerms, noun, variable: 'INVENTORY_MAX_TERMS', budget });

  // Terms and authors replace what was kept, unless the sync's bytes or time cut their read short:
  // a fragment would drop the ones not read (a collection's own cap is a deliberate first N).
  await report('Categories and tags', 0, null);
  const terms: Array<ReturnType<typeof termRow>> = [];
  let termsCut = false;
  for (const [taxonomy, collection] of [
    ['category', 'categories'],
    ['tag', 'tags'],
  ] as const) {
    const read = await readPages(
      (page) => client.inventory.listTerms(collection, { page, perPage: PER_PAGE }),
      async (items) => void terms.push(...items.map((t) => termRow(taxonomy, t))),
      termBounds(collection),
    );
    stop(read.stopped);
    termsCut ||= read.cut;
  }
  if (!termsCut) await repo.replaceTerms(siteId, terms);

  await report('Authors', 0, null);
  const authors: Array<{ wpId: number; name: string; slug: string }> = [];
  const authorsRead = await readPages(
    (page) => client.inventory.listAuthors({ page, perPage: PER_PAGE }),
    async (items) =>
      void authors.push(...items.map((a) => ({ wpId: a.id, name: toPlainText(a.name) || a.slug, slug: a.slug }))),
    termBounds('authors'),
  );
  stop(authorsRead.stopped);
  if (!authorsRead.cut) await repo.replaceAuthors(siteId, authors);

  const modifiedAfter = previousCursor
    ? new Date(previousCursor.getTime() - CURSOR_OVERLAP_MS).toISOString()
    : undefined;
  let cursor = previousCursor;
  let fetched = 0;
  let removed = 0;
  for (const { kind, type, phase, noun } of COLLECTIONS) {
    if (budget.spent()) break;
    const bounds = { max: limits.maxPosts, noun, variable: 'INVENTORY_MAX_POSTS', budget };
    const seen = new Set<number>();
    let done = 0;
    const content = await readPages(
      (page) =>
        client.inventory.listContent(type, { page, perPage: PER_PAGE, ...(modifiedAfter ? { modifiedAfter } : {}) }),
      async (posts, answer) => {
        const items = posts.map((post) => toInventoryItem(kind, post, options.siteUrl));
        // One page (100) per statement, committed as it comes: a long sync holds no more than a
        // page, and what it read stays listed if it stops.
        await repo.upsertItems(siteId, items);
        for (const item of items) {
          seen.add(item.wpId);
          if (item.modifiedAt && (!cursor || item.modifiedAt > cursor)) cursor = item.modifiedAt;
        }
        done += items.length;
        sinceUpkeep += items.length;
        if (options.upkeep && sinceUpkeep >= UPKEEP_ITEMS) {
          sinceUpkeep = 0;
          await options.upkeep();
        }
        await report(phase, done, answer.total);
      },
      bounds,
    );
    stop(content.stopped);
    fetched += done;

    // What the site still has: read now after an incremental sync; the full read saw it all.
    let present = seen;
    let complete = content.stopped === null;
    if (modifiedAfter) {
      if (budget.spent()) break;
      await report(`${phase}: checking for deleted ones`, 0, null);
      present = new Set<number>();
      const ids = await readPages(
        (page) => client.inventory.listContent(type, { page, perPage: PER_PAGE, idsOnly: true }),
        async (items) => items.forEach((item) => present.add(item.id)),
        bounds,
      );
      stop(ids.stopped);
      complete = ids.stopped === null;
    }
    // Read by id, ascending: after a read that stopped early only the ids up to the last one read
    // can be proven gone; the posts beyond it were merely not read.
    let upTo = complete ? Number.POSITIVE_INFINITY : 0;
    if (!complete) for (const id of present) upTo = Math.max(upTo, id);
    const gone = (await repo.idsOf(siteId, kind)).filter((id) => id <= upTo && !present.has(id));
    await repo.removeItems(siteId, kind, gone);
    removed += gone.length;
  }
  if (options.upkeep && fetched + removed > 0) await options.upkeep();
  stop(budget.spent());
  const stopped = reasons.length > 0 ? reasons.join(' ') : null;
  // A capped sync has not seen every change since the cursor: the next one reads the site anew.
  return { fetched, removed, cursor: stopped ? null : cursor, stopped };
}
