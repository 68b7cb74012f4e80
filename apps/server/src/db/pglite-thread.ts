import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Results } from '@electric-sql/pglite';
import type {
  SerializedError,
  ThreadMessage,
  ThreadQueryOptions,
  ThreadRequest,
  ThreadStart,
} from './pglite-thread-protocol.js';

/**
 * What the app, drizzle's PGlite driver and pg-boss's PGlite adapter use of an embedded database:
 * a PGlite itself (tests, the short-lived migration process) or a PgliteThread (the server).
 */
export interface EmbeddedDatabase {
  readonly closed: boolean;
  query<T>(sql: string, params?: unknown[], options?: QueryOptionsIn): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
  transaction<T>(callback: (tx: EmbeddedTransaction) => Promise<T>): Promise<T>;
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
  /** The data directory as a tar file (tests read what is at rest). */
  dumpDataDir(compression: 'none'): Promise<Blob>;
  close(): Promise<void>;
}

export interface EmbeddedTransaction {
  readonly closed: boolean;
  query<T>(sql: string, params?: unknown[], options?: QueryOptionsIn): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
  rollback(): Promise<void>;
}

/** The query options callers pass: a row mode, and parsers (only ones that keep a type's text cross). */
interface QueryOptionsIn {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, (value: string, type: number) => unknown>;
}

/**
 * The embedded database in a worker thread of its own. PGlite runs every statement synchronously
 * in WebAssembly on the thread that owns it: on the server's thread a job's statements (an
 * article's rows, pg-boss' polling, an inventory's thousand items) held requests back for their
 * whole length. Here the server's thread only sends statements and receives rows.
 *
 * PGlite is one session: a transaction must have it to itself. The server's thread keeps that rule
 * — while a transaction is open, statements outside it wait for its end (as PGlite's own
 * transaction lock does), and the thread answers requests strictly in order.
 */
export class PgliteThread implements EmbeddedDatabase {
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  private nextId = 1;
  /** A transaction has the session; what comes meanwhile waits in `waiting`, in order. */
  private held = false;
  private readonly waiting: Array<{ transaction: boolean; start(): void }> = [];
  private exited: Error | null = null;
  #closed = false;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (message: ThreadMessage) => this.receive(message));
    worker.on('error', (error) => this.fail(error));
    worker.on('exit', (code) => this.fail(new Error(`the embedded database thread stopped (code ${code})`)));
  }

  static async open(start: ThreadStart): Promise<PgliteThread> {
    const worker = startWorker(start);
    await new Promise<void>((resolve, reject) => {
      const onMessage = (message: ThreadMessage) => {
        if (message.kind === 'ready') done(null);
        else if (message.kind === 'failed') done(toError(message.error));
      };
      const onExit = (code: number) => done(new Error(`the embedded database thread stopped (code ${code})`));
      const done = (error: Error | null) => {
        worker.off('message', onMessage);
        worker.off('error', done);
        worker.off('exit', onExit);
        if (error) {
          void worker.terminate();
          reject(error);
        } else resolve();
      };
      worker.on('message', onMessage);
      worker.on('error', done);
      worker.on('exit', onExit);
    });
    return new PgliteThread(worker);
  }

  get closed(): boolean {
    return this.#closed;
  }

  query<T>(sql: string, params: unknown[] = [], options?: QueryOptionsIn): Promise<Results<T>> {
    return this.outsideTransactions(() => this.sendQuery<T>(sql, params, options));
  }

  exec(sql: string): Promise<Results[]> {
    return this.outsideTransactions(() => this.request({ kind: 'exec', sql }) as Promise<Results[]>);
  }

  async transaction<T>(callback: (tx: EmbeddedTransaction) => Promise<T>): Promise<T> {
    await new Promise<void>((resolve) => {
      const start = () => {
        this.held = true;
        resolve();
      };
      if (this.held || this.waiting.length > 0) this.waiting.push({ transaction: true, start });
      else start();
    });
    let ended = false;
    const tx: EmbeddedTransaction = {
      get closed() {
        return ended;
      },
      query: <R>(sql: string, params: unknown[] = [], options?: QueryOptionsIn) =>
        this.sendQuery<R>(sql, params, options),
      exec: async (sql: string) => (await this.request({ kind: 'exec', sql })) as Results[],
      rollback: async () => {
        if (ended) return;
        ended = true;
        await this.request({ kind: 'exec', sql: 'ROLLBACK' });
      },
    };
    try {
      await this.request({ kind: 'exec', sql: 'BEGIN' });
      try {
        const result = await callback(tx);
        if (!ended) {
          ended = true;
          await this.request({ kind: 'exec', sql: 'COMMIT' });
        }
        return result;
      } catch (error) {
        if (!ended) {
          ended = true;
          await this.request({ kind: 'exec', sql: 'ROLLBACK' }).catch(() => undefined);
        }
        throw error;
      }
    } finally {
      this.release();
    }
  }

  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    let callbacks = this.listeners.get(channel);
    if (!callbacks) {
      callbacks = new Set();
      this.listeners.set(channel, callbacks);
      await this.request({ kind: 'listen', channel });
    }
    callbacks.add(callback);
    return async () => {
      const current = this.listeners.get(channel);
      current?.delete(callback);
      if (current?.size === 0 && !this.#closed) {
        this.listeners.delete(channel);
        await this.request({ kind: 'unlisten', channel });
      }
    };
  }

  async dumpDataDir(_compression: 'none'): Promise<Blob> {
    const dump = await this.outsideTransactions(() => this.request({ kind: 'dump' }));
    return new Blob([dump as Uint8Array<ArrayBuffer>]);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    await this.outsideTransactions(async () => {
      this.#closed = true;
      await this.request({ kind: 'close' }).catch(() => undefined);
    });
    await this.worker.terminate();
  }

  /**
   * A statement outside transactions is sent at once when none is open or waiting, else after
   * them, in order. The decision and the sending happen in the same turn: with an await between
   * them, a transaction asked for just after could send its BEGIN first and take the statement in.
   */
  private outsideTransactions<R>(send: () => Promise<R>): Promise<R> {
    // A statement refused before it is sent (a parser that cannot cross) rejects on its own: it must
    // not stop the statements queued behind it from being sent.
    const sendOrReject = () => {
      try {
        return send();
      } catch (error) {
        return Promise.reject(error);
      }
    };
    if (!this.held && this.waiting.length === 0) return sendOrReject();
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ transaction: false, start: () => void sendOrReject().then(resolve, reject) });
    });
  }

  /** The transaction ended: the statements waited for are sent, up to the next transaction, which starts. */
  private release(): void {
    this.held = false;
    for (let next = this.waiting.shift(); next; next = this.waiting.shift()) {
      next.start();
      if (next.transaction) return;
    }
  }

  private sendQuery<T>(sql: string, params: unknown[], options: QueryOptionsIn | undefined): Promise<Results<T>> {
    return this.request({ kind: 'query', sql, params, options: threadOptions(options) }) as Promise<Results<T>>;
  }

  private request(body: DistributiveOmit<ThreadRequest, 'id'>): Promise<unknown> {
    if (this.#closed && body.kind !== 'close') return Promise.reject(new Error('the embedded database is closed'));
    if (this.exited) return Promise.reject(this.exited);
    const id = this.nextId++;
    // The caller's stack, so a database error says which statement of the app it came from.
    const origin = new Error();
    return new Promise((resolve, reject) => {
      this.pending.set(id, {
        resolve,
        reject: (error) => {
          error.stack = `${error.name}: ${error.message}\n${origin.stack?.split('\n').slice(1).join('\n') ?? ''}`;
          reject(error);
        },
      });
      this.worker.postMessage({ ...body, id } as ThreadRequest);
    });
  }

  private receive(message: ThreadMessage): void {
    if (message.kind === 'notify') {
      for (const callback of this.listeners.get(message.channel) ?? []) callback(message.payload);
      return;
    }
    if (message.kind !== 'result' && message.kind !== 'error') return;
    const waiting = this.pending.get(message.id);
    if (!waiting) return;
    this.pending.delete(message.id);
    if (message.kind === 'result') waiting.resolve(message.result);
    else waiting.reject(toError(message.error));
  }

  private fail(error: Error): void {
    this.exited ??= error;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }
}

const THREAD_YOUNG_GENERATION_MB = 6;

/**
 * Built, the worker is a .js file beside this one. From the sources (development, tests) it is
 * .ts, and a worker thread does not inherit the TypeScript loader: it registers tsx itself first.
 */
function startWorker(start: ThreadStart): Worker {
  const built = !import.meta.url.endsWith('.ts');
  const entry = new URL(`./pglite-thread-worker.${built ? 'js' : 'ts'}`, import.meta.url);
  // The thread's own objects are few and short-lived (a statement's rows until they are sent): a
  // small young generation does, and V8's default (up to 48 MiB, kept once grown) would be resident
  // memory for nothing (idle RSS, `npm run bench -- startup`).
  const resourceLimits = { maxYoungGenerationSizeMb: THREAD_YOUNG_GENERATION_MB };
  if (built) return new Worker(entry, { workerData: start, resourceLimits });
  // tsx's ES module API, by its package's own exports map (require.resolve would give the CommonJS one).
  const tsxPackage = createRequire(import.meta.url).resolve('tsx/package.json');
  const exportsMap = JSON.parse(fs.readFileSync(tsxPackage, 'utf8')).exports['./esm/api'].import.default as string;
  const tsx = path.resolve(path.dirname(tsxPackage), exportsMap);
  const boot = `import(${JSON.stringify(pathToFileURL(tsx).href)}).then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); })`;
  return new Worker(boot, { eval: true, workerData: start, resourceLimits });
}

type DistributiveOmit<T, K extends keyof T> = T extends unknown ? Omit<T, K> : never;

/** A database error as it was thrown in the thread: its message and fields (code, detail, constraint…). */
function toError(serialized: SerializedError): Error {
  const error = new Error(serialized.message);
  Object.assign(error, serialized.fields);
  error.name = serialized.name;
  return error;
}

/**
 * Only parsers that leave a type's text as it is can cross to the thread (drizzle passes those for
 * dates and intervals); a parser that does anything else would be silently lost, so it is refused.
 */
function threadOptions(options: QueryOptionsIn | undefined): ThreadQueryOptions {
  const textTypes: number[] = [];
  for (const [type, parse] of Object.entries(options?.parsers ?? {})) {
    if (parse('abp-text', Number(type)) !== 'abp-text')
      throw new Error(`a query parser for type ${type} cannot run in the embedded database thread`);
    textTypes.push(Number(type));
  }
  return { ...(options?.rowMode ? { rowMode: options.rowMode } : {}), ...(textTypes.length ? { textTypes } : {}) };
}
