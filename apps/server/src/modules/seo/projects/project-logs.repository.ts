import { count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { seoProjectLogs } from '../../../db/schema/index.js';

export type SeoLogRow = typeof seoProjectLogs.$inferSelect;
export type NewSeoLogRow = Omit<typeof seoProjectLogs.$inferInsert, 'id' | 'createdAt'>;

export class ProjectLogsRepository {
  constructor(private readonly db: Database) {}

  async insert(values: NewSeoLogRow): Promise<void> {
    await this.db.insert(seoProjectLogs).values(values);
  }

  list(projectId: number, limit: number): Promise<SeoLogRow[]> {
    return this.db
      .select()
      .from(seoProjectLogs)
      .where(eq(seoProjectLogs.projectId, projectId))
      .orderBy(desc(seoProjectLogs.createdAt), desc(seoProjectLogs.id))
      .limit(limit);
  }

  async count(projectId: number): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(seoProjectLogs)
      .where(eq(seoProjectLogs.projectId, projectId));
    return row?.n ?? 0;
  }
}
