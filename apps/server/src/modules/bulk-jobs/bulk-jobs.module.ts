import type { AppContext } from '../../app-context.js';
import type { ArticlePipeline } from '../article-pipeline/article-pipeline.module.js';
import type { PlacementCheck } from '../site-inventory/placement-check.js';
import { BulkItemConsumer } from './bulk-item-consumer.js';
import { BULK_ORIGIN } from './bulk-item-unit.js';
import { BulkItemsRepository } from './bulk-items.repository.js';
import { BulkJobsRepository } from './bulk-jobs.repository.js';
import { BulkJobsService, type BulkUsage } from './bulk-jobs.service.js';
import type { BulkSites } from './bulk-ports.js';

export interface BulkJobsDependencies {
  pipeline: Pick<ArticlePipeline, 'queue' | 'enqueueMany' | 'withdraw' | 'abandon' | 'register' | 'cancelRunning'>;
  sites: BulkSites;
  /** The usage ledger's sums for a job's model calls (shown live on the job); a reached budget refuses a start. */
  usage?: BulkUsage;
  /** The site inventory's check of the job's category and author ids. */
  placementCheck?: PlacementCheck;
}

export interface BulkJobsModule {
  service: BulkJobsService;
}

/**
 * Wires the bulk-jobs module for one process: a job's items are units of the article pipeline
 * (origin 'bulk'); BulkItemConsumer keeps the items and the job's counters in step with them.
 */
export function createBulkJobs(ctx: AppContext, deps: BulkJobsDependencies): BulkJobsModule {
  const { db } = ctx.handle;
  const items = new BulkItemsRepository(db);
  deps.pipeline.register(BULK_ORIGIN, new BulkItemConsumer(items));
  const runs = {
    stopJob: (jobId: string) =>
      deps.pipeline.cancelRunning((unit) => unit.origin === BULK_ORIGIN && unit.context.jobId === jobId),
  };
  const service = new BulkJobsService(
    new BulkJobsRepository(db, deps.pipeline),
    deps.sites,
    runs,
    {
      concurrency: ctx.config.llm.concurrency,
      stuckMinutes: ctx.config.bulkStuckMinutes,
    },
    items.finaliseIfDone,
    undefined,
    deps.usage,
    deps.placementCheck,
  );
  return { service };
}
