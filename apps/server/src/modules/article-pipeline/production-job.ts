import type { Tx } from '../../db/client.js';
import type { JobDefinition, JobQueue } from '../../jobs/queue.js';
import {
  MAX_TRANSIENT_ATTEMPTS,
  type ProductionAttempt,
  type ProductionQueuePort,
  type ProductionRunEnd,
  type ProductionRunner,
} from './production-runner.js';
import type { ProductionUnit } from './production-unit.js';
import type { ProductionsRepository } from './productions.repository.js';

/**
 * The `article.produce` job. pg-boss does the durability: the heartbeat tells within about a
 * minute that a worker died (its entry is then retried, under the same id, so the unit's fence lets
 * the retry carry on), and the expiry bounds a run that hangs. pg-boss' retry is there for a run
 * that was cut off, never for a failure of the work: the runner owns the unit's retries (a failure
 * that may pass hands the unit to a new entry that runs later) and counts a cut-off run among the
 * unit's failures (MAX_TRANSIENT_ATTEMPTS). So the limit here only has to let the runner see the
 * last retry, which then ends the unit as failed instead of working again.
 */
export function articleProduceJob(runner: ProductionRunner, concurrency: number): JobDefinition<'articleProduce'> {
  return {
    job: 'articleProduce',
    queue: {
      retryLimit: MAX_TRANSIENT_ATTEMPTS,
      retryDelay: 30,
      retryBackoff: true,
      expireInSeconds: 3 * 60 * 60,
      heartbeatSeconds: 30,
    },
    // As many articles at once per worker process as the model may write (LLM_CONCURRENCY).
    work: { localConcurrency: concurrency, pollingIntervalSeconds: 2 },
    handler: ({ originKey }, job) => runner.run(originKey, { queueJobId: job.id, signal: job.signal }),
  };
}

/** The pipeline's queue port on the real job queue. */
export function productionQueue(queue: JobQueue): ProductionQueuePort {
  return {
    prepare: () => queue.prepareForTx('articleProduce'),
    send: async (tx: Tx, originKey: string, startAfter?: Date) => {
      const [id] = await queue.sendInTx(tx, 'articleProduce', [
        { data: { originKey }, ...(startAfter ? { startAfter } : {}) },
      ]);
      return id!;
    },
    sendMany: (tx: Tx, originKeys: readonly string[]) =>
      queue.sendInTx(
        tx,
        'articleProduce',
        originKeys.map((originKey) => ({ data: { originKey } })),
      ),
    remove: (tx: Tx, queueJobIds: readonly string[]) => queue.deleteInTx(tx, 'articleProduce', queueJobIds),
    wake: () => queue.nudgeWorkers('articleProduce', 'idle'),
    keepFetching: () => queue.nudgeWorkers('articleProduce', 'busy'),
  };
}

/** A unit and its entry, in the caller's transaction. A unit still under way keeps its own entry; the one sent here then owns nothing and ends at once. */
export async function enqueueUnit(
  repo: Pick<ProductionsRepository, 'insert'>,
  queue: ProductionQueuePort,
  tx: Tx,
  unit: ProductionUnit,
): Promise<boolean> {
  const queueJobId = await queue.send(tx, unit.originKey);
  if (await repo.insert(tx, unit, queueJobId)) return true;
  // The entry just sent would own nothing: it finds the unit owned by another entry and does nothing.
  return false;
}

/**
 * Many units and their entries in the caller's transaction (a bulk job's items), with one
 * statement for the entries and one per 500 units. Returns the keys that were queued (a key whose
 * unit is still under way keeps it; its new entry then ends at once).
 */
export async function enqueueUnits(
  repo: Pick<ProductionsRepository, 'insertMany'>,
  queue: ProductionQueuePort,
  tx: Tx,
  units: readonly ProductionUnit[],
): Promise<string[]> {
  const queued: string[] = [];
  for (let start = 0; start < units.length; start += 500) {
    const chunk = units.slice(start, start + 500);
    const ids = await queue.sendMany(
      tx,
      chunk.map((unit) => unit.originKey),
    );
    queued.push(
      ...(await repo.insertMany(
        tx,
        chunk.map((unit, index) => ({ unit, queueJobId: ids[index]! })),
      )),
    );
  }
  return queued;
}

/** Units not started yet are finished as cancelled with their entries removed; running ones are left to their runs. */
export async function withdrawUnits(
  repo: Pick<ProductionsRepository, 'withdrawQueued'>,
  queue: ProductionQueuePort,
  tx: Tx,
  originKeys: readonly string[],
): Promise<void> {
  if (originKeys.length === 0) return;
  await queue.remove(tx, await repo.withdrawQueued(tx, originKeys));
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
      await repo
        .transaction(async (tx) => {
          const id = await queue.send(tx, key);
          if (await repo.assignQueueJob(tx, key, id)) queued++;
          else throw new Error('already queued'); // rolls the entry back
        })
        .catch(() => undefined);
    }
    // Nothing of this batch could be queued (the database is closing): the next start tries again.
    if (queued === before) return queued;
  }
}

/**
 * Runs a unit in the caller (a request the operator is waiting on), with a queue entry as its
 * backstop: the entry is due only after `backstopAfterMs`, by when this run has ended, so the two
 * never race (the unit's fence lets one through); if the process dies meanwhile, that entry carries
 * the unit on, publishing the article already stored or writing it.
 */
export async function runUnitNow(
  repo: Pick<ProductionsRepository, 'insert' | 'transaction'>,
  queue: ProductionQueuePort,
  runner: Pick<ProductionRunner, 'run'>,
  unit: ProductionUnit,
  attempt: Omit<ProductionAttempt, 'queueJobId'>,
  backstopAfterMs: number,
): Promise<ProductionRunEnd> {
  await queue.prepare();
  const queueJobId = await repo.transaction(async (tx) => {
    const id = await queue.send(tx, unit.originKey, new Date(Date.now() + backstopAfterMs));
    if (!(await repo.insert(tx, unit, id))) throw new Error(`The unit ${unit.originKey} is already under way`);
    return id;
  });
  return runner.run(unit.originKey, { ...attempt, queueJobId });
}

/**
 * At a start on the embedded database, which only one process can open, every unit still marked
 * running was cut off by a process that is gone: each is handed to a new entry due now, so it
 * carries on at once, whatever its old entry was (a retry pg-boss would give only after the
 * heartbeat lapsed, or a request's backstop due minutes later). Runs before any worker fetches.
 */
export async function resumeCutOffUnits(repo: ProductionsRepository, queue: ProductionQueuePort): Promise<number> {
  const units = await repo.running(10_000);
  if (units.length === 0) return 0;
  await queue.prepare();
  let resumed = 0;
  for (const unit of units) {
    if (!unit.queueJobId) continue; // carried over by a migration: queueCarriedOver gives it its entry
    await repo
      .transaction(async (tx) => {
        const next = await queue.send(tx, unit.originKey);
        // The run that was cut off counts as a failure of the unit (see the runner's MAX_TRANSIENT_ATTEMPTS).
        if (await repo.handOver(tx, unit.originKey, unit.queueJobId!, next, true)) resumed++;
        else throw new Error('moved on'); // rolls the entry back
      })
      .catch(() => undefined);
  }
  return resumed;
}
