import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { settings } from '../../db/schema/index.js';

export interface StoredSetting {
  value: unknown;
  updatedAt: Date;
}

/** One row per Settings section; each section's service owns the shape of its value. */
export class SettingsRepository {
  constructor(private readonly db: Database) {}

  async get(key: string): Promise<StoredSetting | null> {
    const [row] = await this.db
      .select({ value: settings.value, updatedAt: settings.updatedAt })
      .from(settings)
      .where(eq(settings.key, key))
      .limit(1);
    return row ?? null;
  }

  async put(key: string, value: unknown): Promise<StoredSetting> {
    const updatedAt = new Date();
    await this.db
      .insert(settings)
      .values({ key, value, updatedAt })
      .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt } });
    return { value, updatedAt };
  }

  async delete(key: string): Promise<void> {
    await this.db.delete(settings).where(eq(settings.key, key));
  }
}
