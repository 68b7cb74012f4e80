import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { makeDataDirPrivate } from '../lib/private-data-dir.js';
import { yieldBeforeEachStatement } from './pglite-fair.js';
import { type EmbeddedDatabase, PgliteThread } from './pglite-thread.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A drizzle transaction on either driver. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** One handle over either driver; everything above the repositories is unaware of which. */
export type DatabaseHandle =
  | { driver: 'pglite'; db: Database; pglite: EmbeddedDatabase; close(): Promise<void> }
  | { driver: 'postgres'; db: Database; pool: pg.Pool; connectionString: string; close(): Promise<void> };

/** PGlite on this thread (tests, the short-lived migration process): each statement yields to requests first. */
export function wrapPglite(pglite: PGlite): DatabaseHandle {
  yieldBeforeEachStatement(pglite);
  return embeddedHandle(pglite as unknown as EmbeddedDatabase);
}

function embeddedHandle(embedded: EmbeddedDatabase): DatabaseHandle {
  // drizzle's PGlite driver takes anything with PGlite's query and transaction.
  const db = drizzlePglite({ client: embedded as unknown as PGlite, schema }) as unknown as Database;
  return { driver: 'pglite', db, pglite: embedded, close: () => embedded.close() };
}

/**
 * PostgreSQL's shared buffers for the embedded database. PGlite's default (128 MB) is written
 * through at start-up, so all of it counts toward the process' resident memory from the first
 * second; the operating system caches the data files as well, so a small pool costs little speed
 * on the workloads measured by `npm run bench` (see docs/architecture.md, "Memory").
 */
export const EMBEDDED_SHARED_BUFFERS_MB = 16;

/** PGlite's own start parameters plus a smaller buffer pool. */
export function embeddedStartParams(sharedBuffersMb = EMBEDDED_SHARED_BUFFERS_MB): string[] {
  return [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffersMb}MB`];
}

export async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  const startParams = embeddedStartParams();
  const pglite = await PGlite.create(dataDir ? { dataDir, startParams } : { startParams });
  // A new database is unpacked from PGlite's template with explicit chmods to 0666, past the
  // umask. The caller made DATA_DIR 0700 first, so no one else could reach them meanwhile.
  if (dataDir) makeDataDirPrivate(dataDir);
  return wrapPglite(pglite);
}

/**
 * The server's embedded database, in a thread of its own (pglite-thread.ts): its statements no
 * longer run on the thread that answers requests.
 */
export async function openPgliteThread(dataDir: string): Promise<DatabaseHandle> {
  const thread = await PgliteThread.open({ dataDir, startParams: embeddedStartParams() });
  makeDataDirPrivate(dataDir);
  return embeddedHandle(thread);
}

/** The same, in memory, from a dumped data directory (tests). */
export async function loadPgliteThread(dump: Uint8Array<ArrayBuffer>): Promise<DatabaseHandle> {
  return embeddedHandle(
    await PgliteThread.open({ dataDir: undefined, load: dump, startParams: embeddedStartParams() }),
  );
}

export function openPostgres(connectionString: string, max = 10): DatabaseHandle {
  const pool = new pg.Pool({ connectionString, max, application_name: 'automated-blog-poster' });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  return { driver: 'postgres', db, pool, connectionString, close: () => pool.end() };
}

/** Runs a raw query on either driver (health checks, advisory locks). */
export async function rawQuery<T = Record<string, unknown>>(
  handle: DatabaseHandle,
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  if (handle.driver === 'pglite') return (await handle.pglite.query<T>(sql, params)).rows;
  return (await handle.pool.query(sql, params)).rows as T[];
}
