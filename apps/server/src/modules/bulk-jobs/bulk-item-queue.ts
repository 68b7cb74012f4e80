import type { Tx } from '../../db/client.js';
import type { JobQueue } from '../../jobs/queue.js';

export type { Tx } from '../../db/client.js';
export type BulkItemJobData = { jobId: string; itemId: number };

export interface QueueEntry {
  jobId: string;
  itemId: number;
  startAfter?: Date;
}

/**
 * Queue entries for bulk items, written inside the caller's transaction: an item becomes pending
 * and gets its entry atomically, so a crash can never leave a pending item that nothing will run.
 * The entry only says "look at this item"; the item row decides whether there is anything to do.
 */
export class BulkItemQueue {
  constructor(private readonly queue: JobQueue) {}

  /** Call before opening a transaction that adds or removes entries (see JobQueue.prepareForTx). */
  prepare(): Promise<void> {
    return this.queue.prepareForTx('bulkItem');
  }

  /** Returns the entries' ids in the order given. */
  add(tx: Tx, entries: readonly QueueEntry[]): Promise<string[]> {
    return this.queue.sendInTx(
      tx,
      'bulkItem',
      entries.map((entry) => ({ data: { jobId: entry.jobId, itemId: entry.itemId }, ...(entry.startAfter ? { startAfter: entry.startAfter } : {}) })),
    );
  }

  /** After new entries were committed: idle item workers of this process start at once. */
  wakeLocalWorkers(): void {
    this.queue.nudgeWorkers('bulkItem', 'idle');
  }

  /** As an item run ends: busy workers fetch again at once, so no worker idles while items wait. */
  keepBusyWorkersFetching(): void {
    this.queue.nudgeWorkers('bulkItem', 'busy');
  }

  /** Drops entries that have not run yet (or are stranded); running ones finish as no-ops. */
  remove(tx: Tx, queueJobIds: readonly string[]): Promise<void> {
    return this.queue.deleteInTx(tx, 'bulkItem', queueJobIds);
  }
}
