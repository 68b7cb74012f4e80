import type { PGlite } from '@electric-sql/pglite';
import { yieldToEventLoop } from '../lib/event-loop-yield.js';

/**
 * PGlite runs each statement synchronously in WASM on the main thread and resolves at once, so a
 * job issuing statement after statement (its own, drizzle's, pg-boss') never gives requests a
 * turn. Each top-level statement and transaction here first yields to the event loop: requests
 * are served between any two of them. Statements inside a transaction do not yield (they hold
 * the single connection; a transaction is short).
 */
export function yieldBeforeEachStatement(pglite: PGlite): PGlite {
  const query = pglite.query.bind(pglite);
  const exec = pglite.exec.bind(pglite);
  const transaction = pglite.transaction.bind(pglite);
  pglite.query = async (...args: Parameters<PGlite['query']>) => {
    await yieldToEventLoop();
    return query(...args);
  };
  pglite.exec = async (...args: Parameters<PGlite['exec']>) => {
    await yieldToEventLoop();
    return exec(...args);
  };
  pglite.transaction = async <T>(callback: Parameters<PGlite['transaction']>[0]) => {
    await yieldToEventLoop();
    return transaction(callback) as Promise<T>;
  };
  return pglite;
}
