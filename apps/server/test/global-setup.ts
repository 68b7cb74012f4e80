import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { type DatabaseHandle, openPostgres, wrapPglite } from '../src/db/client.js';
import { applyMigrations } from '../src/db/migrate.js';
import { JobQueue } from '../src/jobs/queue.js';
import { hashPassword } from '../src/lib/password-hash.js';
import { createDatabase, dropDatabases, newRunPrefix } from './postgres-databases.js';
import { TEST_PASSWORD } from './test-password.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite data directory (a tar file); '' in the PostgreSQL pass. */
    pgliteTemplate: string;
    /** The PostgreSQL pass (TEST_DATABASE_URL): the migrated template database and this run's name prefix. */
    postgres: { template: string; prefix: string } | null;
    /** The hash of TEST_PASSWORD, made once (createTestApp stores it as the operator's). */
    testPasswordHash: string;
    /** A folder of this run's own, removed when it ends (the real-WordPress lock, real-site.ts). */
    runDir: string;
  }
}

/** Our schema and pg-boss's, as every test database starts. */
async function migrate(handle: DatabaseHandle): Promise<void> {
  await applyMigrations(handle);
  const queue = JobQueue.create(handle, 'all', { error: () => undefined });
  await queue.boss.start();
  // On PostgreSQL pg-boss has a pool of its own, which must be closed: nobody may be connected to a template.
  await queue.boss.stop({ graceful: false, close: handle.driver === 'postgres' });
}

/**
 * Migrating a fresh database in every test file is slow; we migrate once and every test file
 * starts from a copy: on PGlite we dump the data directory and every file loads that dump into its
 * own in-memory PGlite; on PostgreSQL (TEST_DATABASE_URL) a template database that every file's
 * database is created from. The PostgreSQL databases of the run are dropped when it ends.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  project.provide('testPasswordHash', await hashPassword(TEST_PASSWORD));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abp-test-run-'));
  project.provide('runDir', dir);
  const removeDir = async () => fs.rmSync(dir, { recursive: true, force: true });
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const prefix = newRunPrefix();
    const template = `${prefix}_template`;
    const handle = openPostgres(await createDatabase(adminUrl, template), 1);
    try {
      await migrate(handle);
    } finally {
      await handle.close();
    }
    project.provide('pgliteTemplate', '');
    project.provide('postgres', { template, prefix });
    return async () => {
      await removeDir();
      await dropDatabases(adminUrl, prefix);
    };
  }
  const pglite = await PGlite.create();
  await migrate(wrapPglite(pglite));
  const dump = await pglite.dumpDataDir('none');
  await pglite.close();
  const file = path.join(dir, 'template.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  project.provide('postgres', null);
  return removeDir;
}
