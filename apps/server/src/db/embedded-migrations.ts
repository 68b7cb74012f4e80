import { fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_DIR } from './migrate.js';

/**
 * The embedded database is created and migrated in a short-lived child process when it is new or
 * behind the code's migrations. Done in the server's own process, initdb and forty-odd migrations
 * leave it at ~840 MiB resident for its whole life (PGlite's WASM memory cannot shrink); a worker
 * thread is not enough either (the allocator keeps its arenas: ~270 MiB stay). A process that exits
 * hands everything back, and the server then opens a migrated database.
 *
 * Whether the database is current is told by a marker in its directory naming the last migration
 * applied: reading it needs no database, and it goes (or comes back) with the directory. It is only a hint — the server still runs the (then empty) migration
 * step itself, so a stale or missing marker costs memory or a few hundred ms, never correctness.
 */
export async function migrateEmbeddedDatabase(dbDir: string): Promise<'migrated' | 'current'> {
  const latest = latestMigrationTag();
  if (readMarker(dbDir) === latest) return 'current';
  await runMigrationProcess(dbDir);
  fs.writeFileSync(markerPath(dbDir), `${latest}\n`, { mode: 0o600 });
  return 'migrated';
}

function markerPath(dbDir: string): string {
  return path.join(dbDir, 'abp-migrated-to');
}

function readMarker(dbDir: string): string | null {
  try {
    return fs.readFileSync(markerPath(dbDir), 'utf8').trim();
  } catch {
    return null;
  }
}

function latestMigrationTag(): string {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  return journal.entries.at(-1)?.tag ?? '';
}

function runMigrationProcess(dbDir: string): Promise<void> {
  // Under tsx (development, tests) this module is .ts and so is the child's; fork passes tsx on.
  const extension = path.extname(new URL(import.meta.url).pathname);
  const child = fork(new URL(`./migration-process${extension}`, import.meta.url), [dbDir], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`the database migration process stopped (${signal ?? `code ${code}`}) before it finished`));
    });
  });
}
