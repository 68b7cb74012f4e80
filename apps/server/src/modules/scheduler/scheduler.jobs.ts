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
