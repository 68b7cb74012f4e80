import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openPostgres, wrapPglite } from '../src/db/client.js';
import { applyMigrations } from '../src/db/migrate.js';

/**
 * A database of its own for one test file: PGlite loaded from the migrated template, or — when
 * TEST_DATABASE_URL points at a PostgreSQL server — a fresh database created there and migrated.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const blob = new Blob([fs.readFileSync(inject('pgliteTemplate'))]);
    return wrapPglite(await PGlite.create({ loadDataDir: blob }));
  }
  const url = await createScratchPostgresDatabase(adminUrl);
  const handle = openPostgres(url, 5);
  await applyMigrations(handle);
  return handle;
}

export async function createScratchPostgresDatabase(adminUrl: string): Promise<string> {
  const name = `abp_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
