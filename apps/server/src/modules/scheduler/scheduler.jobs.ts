import type { JobDefinition, JobQueue } from '../../jobs/queue.js';
import type { SlotRow } from './scheduler.repository.js';
import type { SchedulerService } from './scheduler.service.js';

/**
 * Every minute, on whichever worker pg-boss hands the occurrence to. Running it on several
 * workers at once is harmless: each slot is claimed by compare-and-set. A tick that fails is
 * not retried: the next minute's tick does the same work.
 */
export function schedulerTickJob(scheduler: SchedulerService): JobDefinition<'schedulerTick'> {
  return {
    job: 'schedulerTick',
    cron: '* * * * *',
    queue: { retryLimit: 0, expireInSeconds: 5 * 60 },
    handler: async () => scheduler.tick(),
  };
}

/**
 * One claimed slot: generate and publish. The slot's lease in the database lets one job at a time
 * work on it (a duplicate job finds it leased or finished and does nothing). Retries (with backoff)
 * cover crashes and passing WordPress failures; very long articles take a while, hence the expiry.
 */
export function schedulerSlotJob(scheduler: SchedulerService): JobDefinition<'schedulerSlot'> {
  return {
    job: 'schedulerSlot',
    queue: { retryLimit: 5, retryDelay: 60, retryBackoff: true, expireInSeconds: 3 * 60 * 60 },
    handler: async ({ slotId }) => scheduler.runSlot(slotId),
  };
}

/** Queues the slot's job. */
export function dispatchSlotJob(queue: JobQueue): (slot: SlotRow) => Promise<void> {
  return async (slot) => {
    await queue.send('schedulerSlot', { slotId: slot.id });
  };
}
