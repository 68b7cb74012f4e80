import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { queueProbes } from '../../db/schema/index.js';

export class QueueProbeRepository {
  constructor(private readonly db: Database) {}

  async insert(id: string, message: string) {
    const [row] = await this.db.insert(queueProbes).values({ id, message }).returning();
    return row!;
  }

  async find(id: string) {
    const [row] = await this.db.select().from(queueProbes).where(eq(queueProbes.id, id)).limit(1);
    return row ?? null;
  }

  async complete(id: string, result: string, workerPid: number): Promise<void> {
    await this.db
      .update(queueProbes)
      .set({ status: 'completed', result, workerPid, completedAt: new Date() })
      .where(eq(queueProbes.id, id));
  }
}
