import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { seoKeywords } from '../../../db/schema/index.js';

export type SeoKeywordRow = typeof seoKeywords.$inferSelect;
export type NewSeoKeywordRow = Omit<typeof seoKeywords.$inferInsert, 'id' | 'createdAt'>;

export class KeywordsRepository {
  constructor(private readonly db: Database) {}

  list(projectId: number): Promise<SeoKeywordRow[]> {
    return this.db.select().from(seoKeywords).where(eq(seoKeywords.projectId, projectId)).orderBy(asc(seoKeywords.id));
  }

  async find(id: number): Promise<SeoKeywordRow | null> {
    const [row] = await this.db.select().from(seoKeywords).where(eq(seoKeywords.id, id)).limit(1);
    return row ?? null;
  }

  /** The project's keyword with this text, ignoring case. */
  async findByText(projectId: number, keyword: string): Promise<SeoKeywordRow | null> {
    const [row] = await this.db
      .select()
      .from(seoKeywords)
      .where(and(eq(seoKeywords.projectId, projectId), sql`lower(${seoKeywords.keyword}) = lower(${keyword})`))
      .limit(1);
    return row ?? null;
  }

  /** Inserts what is new; texts the project already has (ignoring case) are skipped. Returns the inserted rows. */
  async insertMissing(rows: NewSeoKeywordRow[]): Promise<SeoKeywordRow[]> {
    if (rows.length === 0) return [];
    return this.db.insert(seoKeywords).values(rows).onConflictDoNothing().returning();
  }

  async insert(row: NewSeoKeywordRow): Promise<SeoKeywordRow> {
    const [inserted] = await this.db.insert(seoKeywords).values(row).returning();
    return inserted!;
  }

  async update(id: number, changes: Partial<NewSeoKeywordRow>): Promise<SeoKeywordRow | null> {
    const [row] = await this.db.update(seoKeywords).set(changes).where(eq(seoKeywords.id, id)).returning();
    return row ?? null;
  }

  async delete(id: number): Promise<boolean> {
    const rows = await this.db.delete(seoKeywords).where(eq(seoKeywords.id, id)).returning({ id: seoKeywords.id });
    return rows.length > 0;
  }

  async count(projectId: number): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(seoKeywords).where(eq(seoKeywords.projectId, projectId));
    return row?.n ?? 0;
  }
}
