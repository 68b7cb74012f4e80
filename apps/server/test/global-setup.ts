import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { wrapPglite } from '../src/db/client.js';
import { applyMigrations } from '../src/db/migrate.js';
import { JobQueue } from '../src/jobs/queue.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/**
 * Migrating a fresh database in every test file is slow; we migrate once (our schema and pg-boss's),
 * dump the data directory, and every test file loads that dump into its own in-memory PGlite.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const pglite = await PGlite.create();
  const handle = wrapPglite(pglite);
  await applyMigrations(handle);
  const queue = JobQueue.create(handle, 'all', { error: () => undefined });
  await queue.boss.start();
  await queue.boss.stop({ graceful: false, close: false });
  const dump = await pglite.dumpDataDir('none');
  await pglite.close();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abp-template-'));
  const file = path.join(dir, 'template.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
