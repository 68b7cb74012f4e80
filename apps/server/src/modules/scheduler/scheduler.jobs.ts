import type { JobDefinition } from '../../jobs/queue.js';
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
 * Entries of the post-slot job an older version queued. The migration to the article pipeline
 * (0022) made every unfinished slot a unit of `article.produce`, queued at start; these entries
 * have nothing left to do and are drained.
 */
export function legacySlotJob(): JobDefinition<'schedulerSlot'> {
  return { job: 'schedulerSlot', queue: { retryLimit: 0 }, handler: async () => undefined };
}
