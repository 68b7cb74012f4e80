import { and, asc, eq, gt, inArray, isNull, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { articles, knowledgeVectors, siteInventoryItems, siteInventoryTerms } from '../../db/schema/index.js';

/** Inventory posts and pages that count as what the site has (public, or scheduled to be). */
const INDEXED_STATUSES = ['publish', 'future'];
/** The app's articles that count: everything but failures (a draft is a subject being written). */
const INDEXED_ARTICLE_STATUSES = ['draft', 'review', 'published', 'scheduled'] as const;

export interface InventoryDocRow {
  kind: 'post' | 'page';
  wpId: number;
  title: string;
  link: string;
  categoryIds: number[];
  headings: string;
  body: string;
  excerpt: string;
}

export interface ArticleDocRow {
  id: number;
  title: string;
  content: string;
  link: string | null;
  categoryIds: number[];
}

/** What changes when a site's documents change: compared before each use of a kept index. */
export interface Watermark {
  items: number;
  itemsAt: number;
  articles: number;
  articlesAt: number;
  vectors: number;
  vectorsAt: number;
}

const epoch = (value: unknown) => (value ? new Date(value as string).getTime() : 0);

/**
 * Reads what site knowledge indexes (the inventory's posts and pages, the app's articles) and owns
 * the stored embeddings (knowledge_vectors).
 */
export class SiteKnowledgeRepository {
  constructor(private readonly db: Database) {}

  private itemsOf(siteId: number): SQL {
    return and(eq(siteInventoryItems.siteId, siteId), inArray(siteInventoryItems.status, INDEXED_STATUSES))!;
  }

  /** The app's articles of the site, except those whose post the inventory already lists (the post stands for them). */
  private articlesOf(siteId: number): SQL {
    return and(
      eq(articles.siteId, siteId),
      inArray(articles.status, [...INDEXED_ARTICLE_STATUSES]),
      or(
        isNull(articles.wordpressPostId),
        sql`not exists (select 1 from ${siteInventoryItems} i where i.site_id = ${articles.siteId} and i.kind = 'post' and i.wp_id = ${articles.wordpressPostId} and i.status in ('publish', 'future'))`,
      ),
    )!;
  }

  async watermark(siteId: number): Promise<Watermark> {
    const [items, arts, vectors] = await Promise.all([
      this.db
        .select({ n: sql<number>`count(*)::int`, at: sql<string | null>`max(${siteInventoryItems.syncedAt})` })
        .from(siteInventoryItems)
        .where(this.itemsOf(siteId)),
      this.db
        .select({ n: sql<number>`count(*)::int`, at: sql<string | null>`max(${articles.updatedAt})` })
        .from(articles)
        .where(this.articlesOf(siteId)),
      this.db
        .select({ n: sql<number>`count(*)::int`, at: sql<string | null>`max(${knowledgeVectors.createdAt})` })
        .from(knowledgeVectors)
        .where(eq(knowledgeVectors.siteId, siteId)),
    ]);
    return {
      items: Number(items[0]?.n ?? 0),
      itemsAt: epoch(items[0]?.at),
      articles: Number(arts[0]?.n ?? 0),
      articlesAt: epoch(arts[0]?.at),
      vectors: Number(vectors[0]?.n ?? 0),
      vectorsAt: epoch(vectors[0]?.at),
    };
  }

  /** Inventory documents of the site synced after `since` (all of them without), a page at a time by key. */
  inventoryDocs(siteId: number, options: { since?: number; after?: { kind: string; wpId: number }; limit: number }) {
    const conditions: SQL[] = [this.itemsOf(siteId)];
    if (options.since) conditions.push(gt(siteInventoryItems.syncedAt, new Date(options.since)));
    if (options.after)
      conditions.push(
        sql`(${siteInventoryItems.kind}, ${siteInventoryItems.wpId}) > (${options.after.kind}, ${options.after.wpId})`,
      );
    return this.db
      .select({
        kind: siteInventoryItems.kind,
        wpId: siteInventoryItems.wpId,
        title: siteInventoryItems.title,
        link: siteInventoryItems.link,
        categoryIds: siteInventoryItems.categoryIds,
        headings: siteInventoryItems.headings,
        body: siteInventoryItems.body,
        excerpt: siteInventoryItems.excerpt,
      })
      .from(siteInventoryItems)
      .where(and(...conditions))
      .orderBy(asc(siteInventoryItems.kind), asc(siteInventoryItems.wpId))
      .limit(options.limit) as Promise<InventoryDocRow[]>;
  }

  async inventoryKeys(siteId: number): Promise<string[]> {
    const rows = await this.db
      .select({ kind: siteInventoryItems.kind, wpId: siteInventoryItems.wpId })
      .from(siteInventoryItems)
      .where(this.itemsOf(siteId));
    return rows.map((row) => `${row.kind}:${row.wpId}`);
  }

  articleDocs(siteId: number, options: { since?: number; afterId?: number; limit: number }): Promise<ArticleDocRow[]> {
    const conditions: SQL[] = [this.articlesOf(siteId)];
    if (options.since) conditions.push(gt(articles.updatedAt, new Date(options.since)));
    if (options.afterId) conditions.push(gt(articles.id, options.afterId));
    return this.db
      .select({
        id: articles.id,
        title: articles.title,
        content: articles.content,
        link: articles.wordpressPermalink,
        categoryIds: sql<number[]>`${articles.wpCategoryIds}`,
      })
      .from(articles)
      .where(and(...conditions))
      .orderBy(asc(articles.id))
      .limit(options.limit);
  }

  async articleKeys(siteId: number): Promise<string[]> {
    const rows = await this.db.select({ id: articles.id }).from(articles).where(this.articlesOf(siteId));
    return rows.map((row) => `article:${row.id}`);
  }

  /** The site's category ids and names (from its last sync). */
  async categories(siteId: number): Promise<Array<{ id: number; name: string }>> {
    return this.db
      .select({ id: siteInventoryTerms.wpId, name: siteInventoryTerms.name })
      .from(siteInventoryTerms)
      .where(and(eq(siteInventoryTerms.siteId, siteId), eq(siteInventoryTerms.taxonomy, 'category')));
  }

  // ── vectors ─────────────────────────────────────────────────────────────

  /** Stored vectors of the model, created after `since` (all without). */
  vectors(siteId: number, model: string, since?: number) {
    return this.db
      .select({ docKey: knowledgeVectors.docKey, vector: knowledgeVectors.vector })
      .from(knowledgeVectors)
      .where(
        and(
          eq(knowledgeVectors.siteId, siteId),
          eq(knowledgeVectors.model, model),
          since ? gt(knowledgeVectors.createdAt, new Date(since)) : undefined,
        ),
      );
  }

  /** Which of the keys have a vector of this model for this exact text (hash). */
  async storedHashes(siteId: number, model: string, keys: readonly string[]): Promise<Map<string, string>> {
    if (keys.length === 0) return new Map();
    const rows = await this.db
      .select({ docKey: knowledgeVectors.docKey, contentHash: knowledgeVectors.contentHash })
      .from(knowledgeVectors)
      .where(
        and(
          eq(knowledgeVectors.siteId, siteId),
          eq(knowledgeVectors.model, model),
          inArray(knowledgeVectors.docKey, [...keys]),
        ),
      );
    return new Map(rows.map((row) => [row.docKey, row.contentHash]));
  }

  async saveVectors(
    siteId: number,
    model: string,
    rows: ReadonlyArray<{ docKey: string; contentHash: string; vector: number[] }>,
  ): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .insert(knowledgeVectors)
      .values(rows.map((row) => ({ siteId, model, ...row, createdAt: new Date() })))
      .onConflictDoUpdate({
        target: [knowledgeVectors.siteId, knowledgeVectors.docKey],
        set: {
          model: sql.raw('excluded.model'),
          contentHash: sql.raw('excluded.content_hash'),
          vector: sql.raw('excluded.vector'),
          createdAt: sql.raw('excluded.created_at'),
        },
      });
  }

  /** Drops the vectors of documents the site no longer has. */
  async pruneVectors(siteId: number, keep: readonly string[]): Promise<number> {
    const stored = await this.db
      .select({ docKey: knowledgeVectors.docKey })
      .from(knowledgeVectors)
      .where(eq(knowledgeVectors.siteId, siteId));
    const keeping = new Set(keep);
    const gone = stored.map((row) => row.docKey).filter((key) => !keeping.has(key));
    for (let start = 0; start < gone.length; start += 1_000)
      await this.db
        .delete(knowledgeVectors)
        .where(
          and(eq(knowledgeVectors.siteId, siteId), inArray(knowledgeVectors.docKey, gone.slice(start, start + 1_000))),
        );
    return gone.length;
  }

  /** Sites with something indexed (for the background embedding tick). */
  async sitesWithDocuments(): Promise<number[]> {
    const rows = await this.db
      .selectDistinct({ siteId: siteInventoryItems.siteId })
      .from(siteInventoryItems)
      .where(inArray(siteInventoryItems.status, INDEXED_STATUSES));
    const arts = await this.db
      .selectDistinct({ siteId: articles.siteId })
      .from(articles)
      .where(
        and(
          inArray(articles.status, [...INDEXED_ARTICLE_STATUSES]),
          sql`${articles.siteId} is not null`,
          rows.length
            ? notInArray(
                articles.siteId,
                rows.map((row) => row.siteId),
              )
            : undefined,
        ),
      );
    return [...rows.map((row) => row.siteId), ...arts.map((row) => row.siteId!)];
  }
}
