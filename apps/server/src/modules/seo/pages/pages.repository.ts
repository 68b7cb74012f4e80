import { and, asc, count, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { seoPages } from '../../../db/schema/index.js';

export type SeoPageRow = typeof seoPages.$inferSelect;
export type NewSeoPageRow = Omit<typeof seoPages.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export class PagesRepository {
  constructor(private readonly db: Database) {}

  list(projectId: number, origin?: SeoPageRow['origin']): Promise<SeoPageRow[]> {
    const where = origin
      ? and(eq(seoPages.projectId, projectId), eq(seoPages.origin, origin))
      : eq(seoPages.projectId, projectId);
    return this.db.select().from(seoPages).where(where).orderBy(asc(seoPages.id));
  }

  listByIds(projectId: number, ids: number[]): Promise<SeoPageRow[]> {
    return this.db
      .select()
      .from(seoPages)
      .where(and(eq(seoPages.projectId, projectId), inArray(seoPages.id, ids)))
      .orderBy(asc(seoPages.id));
  }

  /**
   * Slugs are unique per project: writing a page whose slug exists replaces its copy and keeps
   * its WordPress page and status, so the next publish updates that page instead of adding another
   * (issue #18: regenerating never turns a published page back into 'generated'); a page already
   * on WordPress whose text changed is flagged as needing to be published again.
   */
  async upsert(rows: NewSeoPageRow[]): Promise<SeoPageRow[]> {
    if (rows.length === 0) return [];
    return this.db
      .insert(seoPages)
      .values(rows)
      .onConflictDoUpdate({
        target: [seoPages.projectId, seoPages.slug],
        set: {
          pageTitle: sql`excluded.page_title`,
          pageType: sql`excluded.page_type`,
          content: sql`excluded.content`,
          metaDescription: sql`excluded.meta_description`,
          targetKeywords: sql`excluded.target_keywords`,
          origin: sql`excluded.origin`,
          needsLegalReview: sql`excluded.needs_legal_review`,
          changedSincePublish: sql`${seoPages.changedSincePublish} or (${seoPages.wordpressPageId} is not null and (${seoPages.content} is distinct from excluded.content or ${seoPages.pageTitle} is distinct from excluded.page_title))`,
          updatedAt: new Date(),
        },
      })
      .returning();
  }

  async update(id: number, changes: Partial<NewSeoPageRow>): Promise<void> {
    await this.db
      .update(seoPages)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(seoPages.id, id));
  }

  /** The marker is chosen once, before the first create, and kept. */
  async assignMarker(id: number, marker: string): Promise<string> {
    const [row] = await this.db
      .update(seoPages)
      .set({ publishMarker: sql`coalesce(${seoPages.publishMarker}, ${marker})` })
      .where(eq(seoPages.id, id))
      .returning({ marker: seoPages.publishMarker });
    return row?.marker ?? marker;
  }

  /**
   * Takes the page's publish lease unless another push holds a live one (one UPDATE, so two
   * processes can never both win); an expired lease (its holder died) is taken over.
   */
  async acquireLease(id: number, token: string, leaseMs: number): Promise<boolean> {
    const rows = await this.db
      .update(seoPages)
      .set({ publishLockToken: token, publishLockExpiresAt: sql`now() + ${leaseMs} * interval '1 millisecond'` })
      .where(
        and(eq(seoPages.id, id), or(isNull(seoPages.publishLockToken), lt(seoPages.publishLockExpiresAt, sql`now()`))),
      )
      .returning({ id: seoPages.id });
    return rows.length > 0;
  }

  /** Frees every page's publish lease (an embedded start: each one still held died with its process). */
  async releaseAllLeases(): Promise<number> {
    const rows = await this.db
      .update(seoPages)
      .set({ publishLockToken: null, publishLockExpiresAt: null })
      .where(isNotNull(seoPages.publishLockToken))
      .returning({ id: seoPages.id });
    return rows.length;
  }

  async releaseLease(id: number, token: string): Promise<void> {
    await this.db
      .update(seoPages)
      .set({ publishLockToken: null, publishLockExpiresAt: null })
      .where(and(eq(seoPages.id, id), eq(seoPages.publishLockToken, token)));
  }

  async setSchemaMarkup(id: number, schema: unknown): Promise<void> {
    await this.db.update(seoPages).set({ schemaMarkup: schema }).where(eq(seoPages.id, id));
  }

  async count(projectId: number): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(seoPages).where(eq(seoPages.projectId, projectId));
    return row?.n ?? 0;
  }

  listPublished(projectId: number): Promise<SeoPageRow[]> {
    return this.db
      .select()
      .from(seoPages)
      .where(and(eq(seoPages.projectId, projectId), isNotNull(seoPages.wordpressPageId)));
  }
}
