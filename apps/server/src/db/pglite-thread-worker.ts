import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import {
  type SerializedError,
  serializeError,
  type ThreadMessage,
  type ThreadQueryOptions,
  type ThreadRequest,
  type ThreadStart,
} from './pglite-thread-protocol.js';

/*
 * The thread that owns the embedded database (see pglite-thread.ts). It answers requests one after
 * the other, in the order they came: the server's thread decides what runs inside a transaction.
 */

const port = parentPort;
if (!port) throw new Error('pglite-thread-worker runs as a worker thread');
const post = (message: ThreadMessage) => port.postMessage(message);
const start = workerData as ThreadStart;

const keepAsText = (value: string) => value;

function queryOptions(options: ThreadQueryOptions) {
  const parsers = options.textTypes?.length
    ? Object.fromEntries(options.textTypes.map((type) => [type, keepAsText]))
    : undefined;
  return { ...(options.rowMode ? { rowMode: options.rowMode } : {}), ...(parsers ? { parsers } : {}) };
}

async function main(): Promise<void> {
  let pglite: PGlite;
  try {
    pglite = await PGlite.create({
      startParams: start.startParams,
      ...(start.dataDir ? { dataDir: start.dataDir } : {}),
      ...(start.load ? { loadDataDir: new Blob([start.load]) } : {}),
    });
  } catch (error) {
    post({ kind: 'failed', error: serializeError(error) });
    return;
  }
  const unlisten = new Map<string, () => Promise<void>>();

  async function answer(request: ThreadRequest): Promise<unknown> {
    switch (request.kind) {
      case 'query':
        return pglite.query(request.sql, request.params, queryOptions(request.options));
      case 'exec':
        return pglite.exec(request.sql);
      case 'listen': {
        if (!unlisten.has(request.channel)) {
          const stop = await pglite.listen(request.channel, (payload) =>
            post({ kind: 'notify', channel: request.channel, payload }),
          );
          unlisten.set(request.channel, stop);
        }
        return null;
      }
      case 'unlisten': {
        const stop = unlisten.get(request.channel);
        unlisten.delete(request.channel);
        await stop?.();
        return null;
      }
      case 'dump':
        return new Uint8Array(await (await pglite.dumpDataDir('none')).arrayBuffer());
      case 'close':
        await pglite.close();
        return null;
    }
  }

  let previous: Promise<unknown> = Promise.resolve();
  port?.on('message', (request: ThreadRequest) => {
    previous = previous.then(async () => {
      let error: SerializedError | null = null;
      let result: unknown = null;
      try {
        result = await answer(request);
      } catch (caught) {
        error = serializeError(caught);
      }
      try {
        if (error) post({ kind: 'error', id: request.id, error });
        else post({ kind: 'result', id: request.id, result });
      } catch (unsendable) {
        // An answer that cannot be cloned must still be answered, or its caller waits for ever.
        post({ kind: 'error', id: request.id, error: serializeError(unsendable) });
      }
      if (request.kind === 'close') port?.close();
    });
  });
  post({ kind: 'ready' });
}

await main();
