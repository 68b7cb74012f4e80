import path from 'node:path';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { DatabaseHandle } from './client.js';

// Same relative place from src/db and from dist/db: apps/server/drizzle.
export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../drizzle');
const MIGRATION_LOCK_ID = 7_314_001;

/** Applies the committed drizzle-kit migrations. On PostgreSQL an advisory lock lets many processes start at once. */
export async function applyMigrations(handle: DatabaseHandle): Promise<void> {
  if (handle.driver === 'pglite') {
    // handle.db is drizzle's PGlite database (client.ts), typed as the drivers' common PgDatabase.
    await migratePglite(handle.db as unknown as Parameters<typeof migratePglite>[0], {
      migrationsFolder: MIGRATIONS_DIR,
    });
    return;
  }
  const client = await handle.pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    client.release();
  }
}
