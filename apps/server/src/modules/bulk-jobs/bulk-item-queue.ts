import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { fromDrizzle, type DrizzleTransactionLike, type PgBoss } from 'pg-boss';
import { z } from 'zod';
import type { Database } from '../../db/client.js';

export const BULK_ITEM_JOB = 'bulk-jobs.item';
export const bulkItemJobSchema = z.object({ jobId: z.string(), itemId: z.number().int() });
export type BulkItemJobData = z.infer<typeof bulkItemJobSchema>;

/** A drizzle transaction on either driver. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * pg-boss statements run on our transaction. Our Database type is generic over both drivers, so
 * execute()'s result is typed unknown; at run time both drivers answer with `{ rows }`, which is
 * what the adapter reads.
 */
function inTransaction(tx: Tx) {
  return fromDrizzle(tx as unknown as DrizzleTransactionLike, sql);
}

export interface QueueEntry {
  jobId: string;
  itemId: number;
  startAfter?: Date;
}

/**
 * Queue entries for items, written inside the caller's transaction: an item becomes pending and
 * gets its entry atomically, so a crash can never leave a pending item that nothing will run.
 * The entry only says "look at this item"; the item row decides whether there is anything to do.
 */
export class BulkItemQueue {
  private ready: Promise<unknown> | null = null;

  constructor(private readonly boss: PgBoss) {}

  /**
   * Call before opening a transaction that adds or removes entries. pg-boss looks the queue up
   * (once) on its own connection; on PGlite, which has one connection, doing that inside our
   * transaction would wait for the transaction to end: a deadlock.
   */
  async prepare(): Promise<void> {
    this.ready ??= this.boss.findJobs(BULK_ITEM_JOB, { id: randomUUID() }).catch((error: unknown) => {
      this.ready = null;
      throw error;
    });
    await this.ready;
  }

  /** Returns the entries' ids in the order given. */
  async add(tx: Tx, entries: readonly QueueEntry[]): Promise<string[]> {
    if (entries.length === 0) return [];
    const ids = entries.map(() => randomUUID());
    await this.boss.insert(
      BULK_ITEM_JOB,
      entries.map((entry, index) => ({
        id: ids[index],
        data: { jobId: entry.jobId, itemId: entry.itemId } satisfies BulkItemJobData,
        ...(entry.startAfter ? { startAfter: entry.startAfter } : {}),
      })),
      { db: inTransaction(tx) },
    );
    return ids;
  }

  /**
   * Wakes this process' idle item workers after new entries were committed, so a job starts at
   * once instead of at the workers' next poll. Workers in other processes find them by polling.
   */
  wakeLocalWorkers(): void {
    for (const worker of this.boss.getWipData()) {
      if (worker.name === BULK_ITEM_JOB && worker.count === 0) this.boss.notifyWorker(worker.id);
    }
  }

  /**
   * Called as an item run ends. A pg-boss worker waits out its polling interval after a job that
   * took less than that interval; told there may be more, it fetches again at once, so a worker
   * is never idle while items wait. Only busy workers are told: idle ones are woken by new entries.
   */
  keepBusyWorkersFetching(): void {
    for (const worker of this.boss.getWipData()) {
      if (worker.name === BULK_ITEM_JOB && worker.count > 0) this.boss.notifyWorker(worker.id);
    }
  }

  /** Drops entries that have not run yet (or are stranded); running ones finish as no-ops. */
  async remove(tx: Tx, queueJobIds: readonly string[]): Promise<void> {
    if (queueJobIds.length === 0) return;
    await this.boss.deleteJob(BULK_ITEM_JOB, [...queueJobIds], { db: inTransaction(tx) });
  }
}
