import path from 'node:path';
import { openPglite } from '../apps/server/src/db/client.js';
import { applyMigrations } from '../apps/server/src/db/migrate.js';

/** SQL that gives the bench database its sites (`count` of them, "Site 1" … at https://site-N.example). */
export const benchSitesSql = (count: number) =>
  `INSERT INTO sites (name, url, username, password_sealed)
     SELECT 'Site ' || i, 'https://site-' || i || '.example', 'editor', 'unused' FROM generate_series(1, ${count}) AS i;`;

/**
 * Creates the embedded database of a bench data directory, runs the migrations and the seed SQL,
 * then `after` (vacuum, the app's own maintenance). Returns the milliseconds it took.
 */
export async function seedEmbeddedDatabase(
  dataDir: string,
  seedSql: string,
  after?: (
    pglite: { exec(sql: string): Promise<unknown> },
    handle: Awaited<ReturnType<typeof openPglite>>,
  ) => Promise<unknown>,
): Promise<number> {
  const handle = await openPglite(path.join(dataDir, 'db'));
  if (handle.driver !== 'pglite') throw new Error('expected the embedded database');
  const t0 = performance.now();
  await applyMigrations(handle);
  await handle.pglite.exec(seedSql);
  await after?.(handle.pglite, handle);
  await handle.close();
  return performance.now() - t0;
}
