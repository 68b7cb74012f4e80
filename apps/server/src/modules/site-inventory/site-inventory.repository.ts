import type { InventoryListQuery } from '@abp/contracts';
import { and, asc, desc, eq, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  blogConfigs,
  siteInventoryAuthors,
  siteInventoryItems,
  siteInventorySyncs,
  siteInventoryTerms,
  sites,
} from '../../db/schema/index.js';

export type InventoryItemRow = typeof siteInventoryItems.$inferSelect;
export type NewInventoryItem = Omit<typeof siteInventoryItems.$inferInsert, 'siteId' | 'syncedAt'>;
export type InventoryTermRow = typeof siteInventoryTerms.$inferSelect;
export type InventoryAuthorRow = typeof siteInventoryAuthors.$inferSelect;
export type SyncRow = typeof siteInventorySyncs.$inferSelect;
export type ItemKind = InventoryItemRow['kind'];
export type RefreshInventoryRow = Pick<
  InventoryItemRow,
  'wpId' | 'title' | 'link' | 'publishedAt' | 'modifiedAt' | 'headings' | 'body' | 'links'
>;

const DELETE_CHUNK = 1_000;
/** `total` is a site's X-WP-Total, a claim: kept within the column's integer range. */
const INT_MAX = 2_147_483_647;

/** `%` and `_` in the operator's search are literal characters, not wildcards. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export class SiteInventoryRepository {
  constructor(private readonly db: Database) {}

  // ── sync state ──────────────────────────────────────────────────────────

  async syncOf(siteId: number): Promise<SyncRow | null> {
    const [row] = await this.db.select().from(siteInventorySyncs).where(eq(siteInventorySyncs.siteId, siteId));
    return row ?? null;
  }

  /** Every site with its sync row (null: never synced), in the Sites screen's order. */
  async summaries(): Promise<Array<{ siteId: number; sync: SyncRow | null }>> {
    const rows = await this.db
      .select({ siteId: sites.id, sync: siteInventorySyncs })
      .from(sites)
      .leftJoin(siteInventorySyncs, eq(siteInventorySyncs.siteId, sites.id))
      .orderBy(asc(sites.name), asc(sites.id));
    return rows;
  }

  /** Marks a sync as asked for, unless one is queued or running under a live worker. Returns false when one is. */
  async markQueued(siteId: number, trigger: SyncRow['trigger'], staleBefore: Date): Promise<boolean> {
    const [row] = await this.db
      .insert(siteInventorySyncs)
      .values({ siteId, state: 'queued', trigger, requestedAt: new Date() })
      .onConflictDoUpdate({
        target: siteInventorySyncs.siteId,
        set: { state: 'queued', trigger, requestedAt: new Date(), error: null },
        setWhere: or(
          inArray(siteInventorySyncs.state, ['succeeded', 'partial', 'failed']),
          // A sync whose worker stopped moving (died mid-run) does not block a new one.
          and(eq(siteInventorySyncs.state, 'running'), lt(siteInventorySyncs.progressAt, staleBefore)),
          and(eq(siteInventorySyncs.state, 'queued'), lt(siteInventorySyncs.requestedAt, staleBefore)),
        ),
      })
      .returning({ siteId: siteInventorySyncs.siteId });
    return row !== undefined;
  }

  /** The next sync reads the whole site (the address or credentials changed: what we knew may be another site's). */
  async forgetCursor(siteId: number): Promise<void> {
    await this.db.update(siteInventorySyncs).set({ cursor: null }).where(eq(siteInventorySyncs.siteId, siteId));
  }

  async markStarted(siteId: number): Promise<void> {
    const now = new Date();
    await this.db
      .insert(siteInventorySyncs)
      .values({ siteId, state: 'running', trigger: 'manual', startedAt: now, progressAt: now })
      .onConflictDoUpdate({
        target: siteInventorySyncs.siteId,
        set: {
          state: 'running',
          startedAt: now,
          progressAt: now,
          finishedAt: null,
          phase: null,
          done: 0,
          total: null,
          fetched: 0,
          removed: 0,
          error: null,
        },
      });
  }

  async progress(siteId: number, phase: string, done: number, total: number | null): Promise<void> {
    const claimed = total === null ? null : Math.min(Math.max(0, Math.trunc(total)), INT_MAX);
    await this.db
      .update(siteInventorySyncs)
      .set({ phase, done, total: claimed, progressAt: new Date() })
      .where(eq(siteInventorySyncs.siteId, siteId));
  }

  /** The end of a sync that ran to its end: the whole site ('succeeded'), or up to a cap ('partial', with why). */
  /**
   * The read is recorded (its figures, cursor and time: what the after-work reads). With `thenPhase`
   * the sync still shows as running, in that phase, until `markFinished`.
   */
  async markSucceeded(
    siteId: number,
    figures: { fetched: number; removed: number; cursor: Date | null; stopped?: string | null },
    thenPhase?: string,
  ): Promise<void> {
    const counts = await this.counts(siteId);
    const now = new Date();
    await this.db
      .update(siteInventorySyncs)
      .set({
        state: thenPhase ? 'running' : figures.stopped ? 'partial' : 'succeeded',
        error: figures.stopped ? figures.stopped.slice(0, 1000) : null,
        finishedAt: thenPhase ? null : now,
        progressAt: now,
        lastSuccessAt: now,
        phase: thenPhase ?? null,
        fetched: figures.fetched,
        removed: figures.removed,
        cursor: figures.cursor,
        postCount: counts.post,
        pageCount: counts.page,
      })
      .where(eq(siteInventorySyncs.siteId, siteId));
  }

  /** The after-work of a recorded read is done: the sync ends as the read did (whole, or 'partial'). */
  async markFinished(siteId: number, stopped: string | null): Promise<void> {
    const now = new Date();
    await this.db
      .update(siteInventorySyncs)
      .set({ state: stopped ? 'partial' : 'succeeded', finishedAt: now, progressAt: now, phase: null })
      .where(and(eq(siteInventorySyncs.siteId, siteId), eq(siteInventorySyncs.state, 'running')));
  }

  async markFailed(siteId: number, error: string): Promise<void> {
    const now = new Date();
    await this.db
      .update(siteInventorySyncs)
      .set({ state: 'failed', finishedAt: now, progressAt: now, phase: null, error: error.slice(0, 1000) })
      .where(eq(siteInventorySyncs.siteId, siteId));
  }

  /** Active sites not being deleted whose last successful sync is older than `before` (or that never had one), and none queued or running. */
  async dueSites(before: Date, staleBefore: Date): Promise<number[]> {
    const rows = await this.db
      .select({ id: sites.id })
      .from(sites)
      .leftJoin(siteInventorySyncs, eq(siteInventorySyncs.siteId, sites.id))
      .where(
        and(
          eq(sites.isActive, true),
          sql`${sites.deletingSince} is null`,
          or(
            sql`${siteInventorySyncs.siteId} is null`,
            sql`${siteInventorySyncs.lastSuccessAt} is null`,
            lt(siteInventorySyncs.lastSuccessAt, before),
          ),
          or(
            sql`${siteInventorySyncs.siteId} is null`,
            inArray(siteInventorySyncs.state, ['succeeded', 'partial', 'failed']),
            lt(siteInventorySyncs.progressAt, staleBefore),
          ),
        ),
      );
    return rows.map((row) => row.id);
  }

  // ── the inventory itself ────────────────────────────────────────────────

  async upsertItems(siteId: number, items: readonly NewInventoryItem[]): Promise<void> {
    if (items.length === 0) return;
    const excluded = (column: string) => sql.raw(`excluded.${column}`);
    await this.db
      .insert(siteInventoryItems)
      .values(items.map((item) => ({ ...item, siteId, syncedAt: new Date() })))
      .onConflictDoUpdate({
        target: [siteInventoryItems.siteId, siteInventoryItems.kind, siteInventoryItems.wpId],
        set: {
          title: excluded('title'),
          slug: excluded('slug'),
          link: excluded('link'),
          status: excluded('status'),
          publishedAt: excluded('published_at'),
          modifiedAt: excluded('modified_at'),
          categoryIds: excluded('category_ids'),
          tagIds: excluded('tag_ids'),
          authorId: excluded('author_id'),
          excerpt: excluded('excerpt'),
          headings: excluded('headings'),
          body: excluded('body'),
          links: excluded('links'),
          syncedAt: excluded('synced_at'),
        },
      });
  }

  async idsOf(siteId: number, kind: ItemKind): Promise<number[]> {
    const rows = await this.db
      .select({ wpId: siteInventoryItems.wpId })
      .from(siteInventoryItems)
      .where(and(eq(siteInventoryItems.siteId, siteId), eq(siteInventoryItems.kind, kind)));
    return rows.map((row) => row.wpId);
  }

  async removeItems(siteId: number, kind: ItemKind, wpIds: readonly number[]): Promise<void> {
    for (let start = 0; start < wpIds.length; start += DELETE_CHUNK) {
      const chunk = wpIds.slice(start, start + DELETE_CHUNK);
      await this.db
        .delete(siteInventoryItems)
        .where(
          and(
            eq(siteInventoryItems.siteId, siteId),
            eq(siteInventoryItems.kind, kind),
            inArray(siteInventoryItems.wpId, chunk),
          ),
        );
    }
  }

  async counts(siteId: number): Promise<Record<ItemKind, number>> {
    const rows = await this.db
      .select({ kind: siteInventoryItems.kind, n: sql<number>`count(*)::int` })
      .from(siteInventoryItems)
      .where(eq(siteInventoryItems.siteId, siteId))
      .groupBy(siteInventoryItems.kind);
    const counts: Record<ItemKind, number> = { post: 0, page: 0 };
    for (const row of rows) counts[row.kind] = Number(row.n);
    return counts;
  }

  /** One page of the browse list: newest first; title search and category filter. */
  async list(siteId: number, query: InventoryListQuery): Promise<{ rows: InventoryItemRow[]; total: number }> {
    const conditions: SQL[] = [eq(siteInventoryItems.siteId, siteId)];
    if (query.kind) conditions.push(eq(siteInventoryItems.kind, query.kind));
    if (query.category !== undefined)
      conditions.push(sql`${siteInventoryItems.categoryIds} @> array[${query.category}]::integer[]`);
    if (query.search) conditions.push(ilike(siteInventoryItems.title, likePattern(query.search)));
    const where = and(...conditions);
    const [rows, [count]] = await Promise.all([
      this.db
        .select()
        .from(siteInventoryItems)
        .where(where)
        .orderBy(sql`${siteInventoryItems.publishedAt} desc nulls last`, desc(siteInventoryItems.wpId))
        .limit(query.limit)
        .offset(query.offset),
      this.db.select({ n: sql<number>`count(*)::int` }).from(siteInventoryItems).where(where),
    ]);
    return { rows, total: Number(count?.n ?? 0) };
  }

  /** How many links into the live site a new article of the site gets: its blog configuration's, else null. */
  async linksPerArticle(siteId: number): Promise<number | null> {
    const [row] = await this.db
      .select({ n: blogConfigs.internalLinks })
      .from(blogConfigs)
      .where(eq(blogConfigs.siteId, siteId))
      .limit(1);
    return row?.n ?? null;
  }

  /** The site's published posts, for linking new articles into them. */
  /** The site's published posts with the links of their content, newest first, at most `max` (and whether there are more). */
  async linkReportRows(
    siteId: number,
    max: number,
  ): Promise<{ rows: Array<{ wpId: number; title: string; link: string; links: string[] }>; more: boolean }> {
    const rows = await this.db
      .select({
        wpId: siteInventoryItems.wpId,
        title: siteInventoryItems.title,
        link: siteInventoryItems.link,
        links: siteInventoryItems.links,
      })
      .from(siteInventoryItems)
      .where(
        and(
          eq(siteInventoryItems.siteId, siteId),
          eq(siteInventoryItems.kind, 'post'),
          eq(siteInventoryItems.status, 'publish'),
        ),
      )
      .orderBy(desc(siteInventoryItems.publishedAt), desc(siteInventoryItems.wpId))
      .limit(max + 1);
    return { rows: rows.slice(0, max), more: rows.length > max };
  }

  /** The site's published posts as the refresh scores read them (issue #36): text, dates and links. */
  refreshRows(siteId: number): Promise<RefreshInventoryRow[]> {
    return this.db
      .select({
        wpId: siteInventoryItems.wpId,
        title: siteInventoryItems.title,
        link: siteInventoryItems.link,
        publishedAt: siteInventoryItems.publishedAt,
        modifiedAt: siteInventoryItems.modifiedAt,
        headings: siteInventoryItems.headings,
        body: siteInventoryItems.body,
        links: siteInventoryItems.links,
      })
      .from(siteInventoryItems)
      .where(
        and(
          eq(siteInventoryItems.siteId, siteId),
          eq(siteInventoryItems.kind, 'post'),
          eq(siteInventoryItems.status, 'publish'),
        ),
      );
  }

  linkablePosts(siteId: number): Promise<Array<{ wpId: number; title: string; link: string; excerpt: string }>> {
    return this.db
      .select({
        wpId: siteInventoryItems.wpId,
        title: siteInventoryItems.title,
        link: siteInventoryItems.link,
        excerpt: siteInventoryItems.excerpt,
      })
      .from(siteInventoryItems)
      .where(
        and(
          eq(siteInventoryItems.siteId, siteId),
          eq(siteInventoryItems.kind, 'post'),
          eq(siteInventoryItems.status, 'publish'),
        ),
      );
  }

  // ── terms and authors ───────────────────────────────────────────────────

  /** Replaces the site's categories and tags with what WordPress has now. */
  async replaceTerms(siteId: number, terms: readonly Omit<InventoryTermRow, 'siteId'>[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(siteInventoryTerms).where(eq(siteInventoryTerms.siteId, siteId));
      for (let start = 0; start < terms.length; start += DELETE_CHUNK) {
        await tx
          .insert(siteInventoryTerms)
          .values(terms.slice(start, start + DELETE_CHUNK).map((term) => ({ ...term, siteId })));
      }
    });
  }

  async replaceAuthors(siteId: number, authors: readonly Omit<InventoryAuthorRow, 'siteId'>[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(siteInventoryAuthors).where(eq(siteInventoryAuthors.siteId, siteId));
      if (authors.length > 0)
        await tx.insert(siteInventoryAuthors).values(authors.map((author) => ({ ...author, siteId })));
    });
  }

  categories(siteId: number): Promise<InventoryTermRow[]> {
    return this.terms(siteId, 'category');
  }

  terms(siteId: number, taxonomy: 'category' | 'tag'): Promise<InventoryTermRow[]> {
    return this.db
      .select()
      .from(siteInventoryTerms)
      .where(and(eq(siteInventoryTerms.siteId, siteId), eq(siteInventoryTerms.taxonomy, taxonomy)))
      .orderBy(asc(siteInventoryTerms.name), asc(siteInventoryTerms.wpId));
  }

  /** Which of `ids` are categories of the site, and how many it has. */
  async categoryIdsAmong(siteId: number, ids: readonly number[]): Promise<{ known: number[]; total: number }> {
    const site = and(eq(siteInventoryTerms.siteId, siteId), eq(siteInventoryTerms.taxonomy, 'category'));
    const [rows, [count]] = await Promise.all([
      this.db
        .select({ id: siteInventoryTerms.wpId })
        .from(siteInventoryTerms)
        .where(and(site, inArray(siteInventoryTerms.wpId, [...ids]))),
      this.db.select({ n: sql<number>`count(*)::int` }).from(siteInventoryTerms).where(site),
    ]);
    return { known: rows.map((row) => row.id), total: count?.n ?? 0 };
  }

  /** Which of `ids` are the site's users who may publish, and how many it has. */
  async authorIdsAmong(siteId: number, ids: readonly number[]): Promise<{ known: number[]; total: number }> {
    const site = eq(siteInventoryAuthors.siteId, siteId);
    const [rows, [count]] = await Promise.all([
      this.db
        .select({ id: siteInventoryAuthors.wpId })
        .from(siteInventoryAuthors)
        .where(and(site, inArray(siteInventoryAuthors.wpId, [...ids]))),
      this.db.select({ n: sql<number>`count(*)::int` }).from(siteInventoryAuthors).where(site),
    ]);
    return { known: rows.map((row) => row.id), total: count?.n ?? 0 };
  }

  authors(siteId: number): Promise<InventoryAuthorRow[]> {
    return this.db
      .select()
      .from(siteInventoryAuthors)
      .where(eq(siteInventoryAuthors.siteId, siteId))
      .orderBy(asc(siteInventoryAuthors.name));
  }
}
