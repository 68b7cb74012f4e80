import pino from 'pino';
import type { AppContext } from '../../app-context.js';
import { BulkItemQueue } from './bulk-item-queue.js';
import { BulkItemRunner, ITEM_LEASE_MS } from './bulk-item-runner.js';
import { BulkItemsRepository } from './bulk-items.repository.js';
import { BulkJobsRepository } from './bulk-jobs.repository.js';
import { BulkJobsService } from './bulk-jobs.service.js';
import type { BulkArticles, BulkGeneration, BulkProducer, BulkSites } from './bulk-ports.js';
import { BulkRecovery } from './bulk-recovery.js';
import { BulkRecoveryRepository } from './bulk-recovery.repository.js';
import { BulkRuns } from './bulk-runs.js';

export interface BulkJobsDependencies {
  generation: BulkGeneration;
  producer: BulkProducer;
  articles: BulkArticles;
  sites: BulkSites;
}

export interface BulkJobsModule {
  service: BulkJobsService;
  /** Started in worker processes: puts the items of dead runs back on the queue. */
  recovery: BulkRecovery;
}

/** Wires the bulk-jobs module for one process. */
export function createBulkJobs(ctx: AppContext, deps: BulkJobsDependencies): BulkJobsModule {
  const { handle } = ctx;
  const log = pino({ name: 'bulk-jobs', level: ctx.config.logLevel });
  const queue = new BulkItemQueue(ctx.queue);
  const items = new BulkItemsRepository(handle.db, queue);
  const runs = new BulkRuns(items, { leaseMs: ITEM_LEASE_MS });
  const runner = new BulkItemRunner(items, runs, deps.generation, deps.producer, deps.articles, log, queue);
  const service = new BulkJobsService(new BulkJobsRepository(handle.db, queue), deps.sites, runner, runs, {
    concurrency: ctx.config.llm.concurrency,
    stuckMinutes: ctx.config.bulkStuckMinutes,
  }, items.finaliseIfDone);
  const isClosed = () => (handle.driver === 'pglite' ? handle.pglite.closed : handle.pool.ending);
  const recoveryRepo = new BulkRecoveryRepository(handle.db, queue, items.finaliseIfDone);
  return { service, recovery: new BulkRecovery(recoveryRepo, runs, handle.driver === 'pglite', log, isClosed) };
}
