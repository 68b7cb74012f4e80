import { and, asc, eq, gt, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { articles, sites } from '../../db/schema/index.js';
import type { SiteArticleCopies } from '../articles/article-store.js';

export type SiteRow = typeof sites.$inferSelect;
export type NewSiteRow = typeof sites.$inferInsert;
export type SiteChanges = Partial<Omit<NewSiteRow, 'id' | 'createdAt'>>;

/** Stored health: the score columns plus the checks behind them (health_details). */
export interface StoredHealth {
  score: number;
  checkedAt: Date;
  details: unknown;
}

export class SitesRepository {
  constructor(
    private readonly db: Database,
    /** The articles module: the site's name on its articles, and its articles deleted with it. */
    private readonly articleStore: SiteArticleCopies,
  ) {}

  list(): Promise<SiteRow[]> {
    return this.db.select().from(sites).orderBy(asc(sites.name), asc(sites.id));
  }

  async find(id: number): Promise<SiteRow | null> {
    const [row] = await this.db.select().from(sites).where(eq(sites.id, id)).limit(1);
    return row ?? null;
  }

  /** Sites whose URL is one of these (the caller passes the http and https forms). */
  findByUrls(urls: string[]): Promise<SiteRow[]> {
    return this.db.select().from(sites).where(inArray(sites.url, urls));
  }

  async insert(values: NewSiteRow): Promise<SiteRow> {
    const [row] = await this.db.insert(sites).values(values).returning();
    return row!;
  }

  async update(id: number, changes: SiteChanges): Promise<SiteRow | null> {
    const [row] = await this.db
      .update(sites)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(sites.id, id))
      .returning();
    return row ?? null;
  }

  /**
   * WordPress rejected the credentials (issue #37 point 3). Only while the password is still the one
   * that was refused: an edit saved meanwhile is not undone by the answer to the old password.
   * Keeps the first time it happened; updated_at stays (not an edit by the operator).
   */
  async markCredentialsRejected(id: number, reason: string, passwordSealed: string): Promise<void> {
    await this.db
      .update(sites)
      .set({
        credentialsRejectedAt: sql`coalesce(${sites.credentialsRejectedAt}, now())`,
        credentialsRejectedReason: reason,
      })
      .where(and(eq(sites.id, id), eq(sites.passwordSealed, passwordSealed)));
  }

  /** WordPress accepted the credentials (a connection test or a save): the site may be used again. */
  async clearCredentialsRejected(id: number, passwordSealed: string): Promise<void> {
    await this.db
      .update(sites)
      .set({ credentialsRejectedAt: null, credentialsRejectedReason: null })
      .where(and(eq(sites.id, id), eq(sites.passwordSealed, passwordSealed), isNotNull(sites.credentialsRejectedAt)));
  }

  /** Keeps updated_at: a discovered REST root is not an edit by the operator. */
  /** What discovery found: the REST root, and the home the index names when it names one. */
  async setRestRoot(id: number, restRoot: string, wpHome?: string | null): Promise<void> {
    await this.db
      .update(sites)
      .set({ restRoot, ...(wpHome !== undefined ? { wpHome } : {}) })
      .where(eq(sites.id, id));
  }

  /** Other sites that are the WordPress with this home: saved at that address, or naming it as theirs. */
  sameWordPress(homeVariants: string[], exceptId: number): Promise<SiteRow[]> {
    return this.db
      .select()
      .from(sites)
      .where(and(ne(sites.id, exceptId), or(inArray(sites.url, homeVariants), inArray(sites.wpHome, homeVariants))))
      .orderBy(sites.id);
  }

  async saveHealth(id: number, health: StoredHealth): Promise<void> {
    await this.db
      .update(sites)
      .set({ healthScore: health.score, healthCheckedAt: health.checkedAt, healthDetails: health.details })
      .where(eq(sites.id, id));
  }

  async markDeleting(id: number, since: Date): Promise<SiteRow | null> {
    const [row] = await this.db
      .update(sites)
      .set({ deletingSince: since, isActive: false, updatedAt: since })
      .where(eq(sites.id, id))
      .returning();
    return row ?? null;
  }

  /**
   * Deletes the site and keeps its articles: their site_name snapshot is refreshed to the site's
   * current name first (it may have been renamed; the articles module writes it, in this
   * transaction), then the foreign key sets site_id to null.
   */
  async deleteKeepingArticles(id: number, siteName: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      await this.articleStore.renameSiteCopies(id, siteName, tx);
      const deleted = await tx.delete(sites).where(eq(sites.id, id)).returning({ id: sites.id });
      return deleted.length > 0;
    });
  }

  async delete(id: number): Promise<boolean> {
    const deleted = await this.db.delete(sites).where(eq(sites.id, id)).returning({ id: sites.id });
    return deleted.length > 0;
  }

  /** The site's articles, and how many of them have a WordPress post. */
  async articleCounts(siteId: number): Promise<{ articles: number; posts: number }> {
    const [row] = await this.db
      .select({ articles: sql<number>`count(*)::int`, posts: sql<number>`count(${articles.wordpressPostId})::int` })
      .from(articles)
      .where(eq(articles.siteId, siteId));
    return { articles: row?.articles ?? 0, posts: row?.posts ?? 0 };
  }

  /** The site's articles that have a WordPress post, a batch after the given article id. */
  async postsAfter(siteId: number, afterId: number, limit: number): Promise<{ articleId: number; postId: number }[]> {
    return this.db
      .select({ articleId: articles.id, postId: sql<number>`${articles.wordpressPostId}` })
      .from(articles)
      .where(and(eq(articles.siteId, siteId), isNotNull(articles.wordpressPostId), gt(articles.id, afterId)))
      .orderBy(asc(articles.id))
      .limit(limit);
  }

  /**
   * Deletes up to `limit` of the site's articles (their images, logs and trend sources go with
   * them by foreign key; the articles module deletes them). Small batches keep each transaction
   * short on a big site.
   */
  deleteArticlesBatch(siteId: number, limit: number): Promise<number> {
    return this.articleStore.deleteSiteArticles(siteId, limit);
  }
}
