import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { type DatabaseHandle, loadPgliteThread, openPostgres, wrapPglite } from '../src/db/client.js';
import { createDatabase, scratchName } from './postgres-databases.js';

/**
 * A database of its own for one test file, migrated (see global-setup.ts): PGlite loaded from the
 * migrated template, or — when TEST_DATABASE_URL points at a PostgreSQL server — a database of
 * its own there, created from the run's migrated template database.
 */
export async function openTestDatabase(options: { thread?: boolean } = {}): Promise<DatabaseHandle> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const dump = fs.readFileSync(inject('pgliteTemplate'));
    // The server runs its embedded database in a thread of its own (pglite-thread.ts); tests do so
    // where they ask, or all of them with ABP_TEST_PGLITE_THREAD=1. Otherwise on the test's thread,
    // which is cheaper for a test file.
    if (options.thread || process.env.ABP_TEST_PGLITE_THREAD === '1') return loadPgliteThread(dump);
    return wrapPglite(await PGlite.create({ loadDataDir: new Blob([dump]) }));
  }
  const { template, prefix } = postgresRun();
  return openPostgres(await createDatabase(adminUrl, scratchName(prefix), template), 5);
}

/** An empty database (no migrations) on the PostgreSQL server, for tests that migrate it themselves. */
export async function createScratchPostgresDatabase(adminUrl: string): Promise<string> {
  return createDatabase(adminUrl, scratchName(postgresRun().prefix));
}

function postgresRun(): { template: string; prefix: string } {
  const run = inject('postgres');
  if (!run) throw new Error('TEST_DATABASE_URL was set after the test run began: set it before starting vitest');
  return run;
}
