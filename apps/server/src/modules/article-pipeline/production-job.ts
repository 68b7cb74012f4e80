import type { Tx } from '../../db/client.js';
import type { JobDefinition, JobQueue } from '../../jobs/queue.js';
import type { ProductionQueuePort, ProductionRunner } from './production-runner.js';
import type { ProductionsRepository } from './productions.repository.js';
import type { ProductionUnit } from './production-unit.js';

/**
 * The `article.produce` job. pg-boss does the durability: the heartbeat tells within about a
 * minute that a worker died (its entry is then retried, under the same id, so the unit's fence lets
 * the retry carry on), retries with backoff cover crashes, and the expiry bounds a run that hangs.
 * Waits the pipeline decides itself (rate limits, another try later) are new entries (see the runner).
 */
export function articleProduceJob(runner: ProductionRunner): JobDefinition<'articleProduce'> {
  return {
    job: 'articleProduce',
    queue: { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 3 * 60 * 60, heartbeatSeconds: 30 },
    work: { localConcurrency: 2 },
    handler: ({ originKey }, job) => runner.run(originKey, { queueJobId: job.id, signal: job.signal }),
  };
}

/** The pipeline's queue port on the real job queue. */
export function productionQueue(queue: JobQueue): ProductionQueuePort {
  return {
    prepare: () => queue.prepareForTx('articleProduce'),
    send: async (tx: Tx, originKey: string, startAfter?: Date) => {
      const [id] = await queue.sendInTx(tx, 'articleProduce', [{ data: { originKey }, ...(startAfter ? { startAfter } : {}) }]);
      return id!;
    },
  };
}

/** A unit and its entry, in the caller's transaction. A unit still under way keeps its own entry; the one sent here then owns nothing and ends at once. */
export async function enqueueUnit(repo: Pick<ProductionsRepository, 'insert'>, queue: ProductionQueuePort, tx: Tx, unit: ProductionUnit): Promise<boolean> {
  const queueJobId = await queue.send(tx, unit.originKey);
  if (await repo.insert(tx, unit, queueJobId)) return true;
  // The entry just sent would own nothing: it finds the unit owned by another entry and does nothing.
  return false;
}

/**
 * Units carried over by a migration from the old per-producer machinery have no entry yet: each
 * gets one when the workers start (once; a unit that has one is left alone).
 */
export async function queueCarriedOverUnits(repo: ProductionsRepository, queue: ProductionQueuePort): Promise<number> {
  let queued = 0;
  for (;;) {
    const keys = await repo.unqueued(100);
    if (keys.length === 0) return queued;
    await queue.prepare();
    const before = queued;
    for (const key of keys) {
      await repo.transaction(async (tx) => {
        const id = await queue.send(tx, key);
        if (await repo.assignQueueJob(tx, key, id)) queued++;
        else throw new Error('already queued'); // rolls the entry back
      }).catch(() => undefined);
    }
    // Nothing of this batch could be queued (the database is closing): the next start tries again.
    if (queued === before) return queued;
  }
}
