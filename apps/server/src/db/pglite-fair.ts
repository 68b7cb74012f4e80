import type { PGlite } from '@electric-sql/pglite';
import { yieldWhenSliceUsed } from '../lib/event-loop-yield.js';

/**
 * PGlite runs each statement synchronously in WASM on the main thread and resolves at once, so a
 * job issuing statement after statement (its own, drizzle's, pg-boss') never gives requests a
 * turn. Each top-level statement and transaction here first yields to the event loop once the
 * current slice of work (a few ms) is used up, so requests are served between statements. Statements inside a transaction do not yield (they hold
 * the single connection; a transaction is short).
 */
export function yieldBeforeEachStatement(pglite: PGlite): PGlite {
  const query = pglite.query.bind(pglite);
  const exec = pglite.exec.bind(pglite);
  const transaction = pglite.transaction.bind(pglite);
  pglite.query = async (...args: Parameters<PGlite['query']>) => {
    await yieldWhenSliceUsed();
    return query(...args);
  };
  pglite.exec = async (...args: Parameters<PGlite['exec']>) => {
    await yieldWhenSliceUsed();
    return exec(...args);
  };
  pglite.transaction = async <T>(callback: Parameters<PGlite['transaction']>[0]) => {
    await yieldWhenSliceUsed();
    return transaction(callback) as Promise<T>;
  };
  return pglite;
}
