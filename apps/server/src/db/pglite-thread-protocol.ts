/*
 * The messages between the server's thread and the thread that runs the embedded database
 * (pglite-thread.ts, pglite-thread-worker.ts). Everything in them survives structured cloning:
 * parameters and rows (strings, numbers, BigInt, Date, Uint8Array, plain objects) do; a database
 * error crosses as its message and its own fields (code, detail, constraint…), and functions do not
 * cross at all, so a query's type parsers are sent as the type ids to leave as text.
 */

export interface ThreadQueryOptions {
  rowMode?: 'array' | 'object';
  /** Type ids whose values stay as the database's text (drizzle's parsers for dates and intervals). */
  textTypes?: number[];
}

export type ThreadRequest =
  | { id: number; kind: 'query'; sql: string; params: unknown[]; options: ThreadQueryOptions }
  | { id: number; kind: 'exec'; sql: string }
  | { id: number; kind: 'listen'; channel: string }
  | { id: number; kind: 'unlisten'; channel: string }
  | { id: number; kind: 'dump' }
  | { id: number; kind: 'close' };

export interface SerializedError {
  message: string;
  name: string;
  fields: Record<string, unknown>;
}

export type ThreadMessage =
  | { kind: 'ready' }
  | { kind: 'failed'; error: SerializedError }
  | { kind: 'result'; id: number; result: unknown }
  | { kind: 'error'; id: number; error: SerializedError }
  | { kind: 'notify'; channel: string; payload: string };

export interface ThreadStart {
  dataDir: string | undefined;
  /** A dumped data directory to start from (tests: the migrated template), instead of dataDir. */
  load?: Uint8Array<ArrayBuffer>;
  startParams: string[];
}

export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { message: String(error), name: 'Error', fields: {} };
  // The error's own plain fields (code, detail, constraint, table…): not the query's options or
  // parameters, which may hold functions (no clone) or a whole article.
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (['string', 'number', 'boolean'].includes(typeof value) && key !== 'query') fields[key] = value;
  }
  return { message: error.message, name: error.name, fields };
}
