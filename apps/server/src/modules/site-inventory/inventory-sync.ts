import type { WordPressClient, WpPostSummary, WpTerm } from '../../integrations/wordpress/index.js';
import { webAddress } from '../../lib/html/web-link.js';
import { clampPlainText, htmlToPlainText, toPlainText } from '../../lib/plain-text.js';
import type { ItemKind, NewInventoryItem, SiteInventoryRepository } from './site-inventory.repository.js';

const PER_PAGE = 100;
const EXCERPT_MAX = 1_000;
/**
 * An incremental sync asks for posts modified after the newest modification it saw, less this
 * much: WordPress keeps whole seconds, so a post saved in the same second just after our read, or
 * whose save was slow to commit, is read again rather than missed (posts read twice are simply
 * written again). `modified_after` is sent in UTC with its zone; WordPress (5.7+) converts it to
 * the site's time zone before comparing.
 */
const CURSOR_OVERLAP_MS = 2_000;

const COLLECTIONS: ReadonlyArray<{ kind: ItemKind; type: 'posts' | 'pages'; phase: string }> = [
  { kind: 'post', type: 'posts', phase: 'Posts' },
  { kind: 'page', type: 'pages', phase: 'Pages' },
];

export interface SyncFigures {
  fetched: number;
  removed: number;
  /** The newest modification seen (the next sync's starting point). */
  cursor: Date | null;
}

export type ProgressReport = (phase: string, done: number, total: number | null) => Promise<void>;

/** WordPress' "2026-11-23T10:00:00" (GMT, no zone) as a Date; null for drafts without one. */
function gmtDate(value: string | null | undefined): Date | null {
  if (!value || value.startsWith('0000')) return null;
  const date = new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function toInventoryItem(kind: ItemKind, post: WpPostSummary): NewInventoryItem {
  const title = post.title?.raw !== undefined ? toPlainText(post.title.raw) : htmlToPlainText(post.title?.rendered ?? '');
  const excerptHtml = post.excerpt?.raw?.trim() ? post.excerpt.raw : (post.excerpt?.rendered ?? '');
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
  };
}

function termRow(taxonomy: 'category' | 'tag', term: WpTerm) {
  return { taxonomy, wpId: term.id, name: toPlainText(term.name), slug: term.slug, parent: term.parent ?? 0, postCount: term.count };
}

/**
 * One sync of a site's inventory: categories and tags, authors, then posts and pages page by page
 * (all of them the first time; after that only those modified since the last sync), then the ids
 * still on the site, so that what was deleted or trashed there goes here too.
 */
export async function syncInventory(
  client: WordPressClient,
  repo: SiteInventoryRepository,
  siteId: number,
  previousCursor: Date | null,
  report: ProgressReport,
): Promise<SyncFigures> {
  await report('Categories and tags', 0, null);
  const [categories, tags] = await Promise.all([client.categories.list(), client.tags.list()]);
  await repo.replaceTerms(siteId, [...categories.map((t) => termRow('category', t)), ...tags.map((t) => termRow('tag', t))]);

  await report('Authors', 0, null);
  const authors = await client.inventory.listAuthors();
  await repo.replaceAuthors(siteId, authors.map((a) => ({ wpId: a.id, name: toPlainText(a.name) || a.slug, slug: a.slug })));

  const modifiedAfter = previousCursor ? new Date(previousCursor.getTime() - CURSOR_OVERLAP_MS).toISOString() : undefined;
  let cursor = previousCursor;
  let fetched = 0;
  let removed = 0;
  for (const { kind, type, phase } of COLLECTIONS) {
    const seen = new Set<number>();
    let done = 0;
    let total: number | null = null;
    for (let page = 1; ; page++) {
      const answer = await client.inventory.listContent(type, { page, perPage: PER_PAGE, ...(modifiedAfter ? { modifiedAfter } : {}) });
      total = answer.total;
      const items = answer.items.map((post) => toInventoryItem(kind, post));
      await repo.upsertItems(siteId, items);
      for (const item of items) {
        seen.add(item.wpId);
        if (item.modifiedAt && (!cursor || item.modifiedAt > cursor)) cursor = item.modifiedAt;
      }
      done += items.length;
      await report(phase, done, total);
      if (items.length === 0 || page >= answer.totalPages) break;
    }
    fetched += done;

    // What the site still has: read now after an incremental sync; the full read saw it all.
    let present = seen;
    if (modifiedAfter) {
      await report(`${phase}: checking for deleted ones`, 0, null);
      present = new Set<number>();
      for (let page = 1; ; page++) {
        const answer = await client.inventory.listContent(type, { page, perPage: PER_PAGE, idsOnly: true });
        for (const item of answer.items) present.add(item.id);
        if (answer.items.length === 0 || page >= answer.totalPages) break;
      }
    }
    const gone = (await repo.idsOf(siteId, kind)).filter((id) => !present.has(id));
    await repo.removeItems(siteId, kind, gone);
    removed += gone.length;
  }
  return { fetched, removed, cursor };
}
