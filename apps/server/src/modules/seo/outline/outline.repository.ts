import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { type StoredOutline, seoOutlines } from '../../../db/schema/index.js';

export type SeoOutlineRow = typeof seoOutlines.$inferSelect;

export class OutlineRepository {
  constructor(private readonly db: Database) {}

  async find(projectId: number): Promise<SeoOutlineRow | null> {
    const [row] = await this.db.select().from(seoOutlines).where(eq(seoOutlines.projectId, projectId)).limit(1);
    return row ?? null;
  }

  /** One outline per project: regenerating replaces it. */
  async save(projectId: number, outlineData: StoredOutline): Promise<SeoOutlineRow> {
    const now = new Date();
    const [row] = await this.db
      .insert(seoOutlines)
      .values({ projectId, outlineData })
      .onConflictDoUpdate({ target: seoOutlines.projectId, set: { outlineData, updatedAt: now } })
      .returning();
    return row!;
  }
}
