import pino from 'pino';
import type { AppContext } from '../../app-context.js';
import type { Tx } from '../../db/client.js';
import type { JobDefinition } from '../../jobs/queue.js';
import type { ArticleProducer } from './article-producer.js';
import {
  articleProduceJob,
  enqueueUnit,
  enqueueUnits,
  productionQueue,
  queueCarriedOverUnits,
  resumeCutOffUnits,
  runUnitNow,
  withdrawUnits,
} from './production-job.js';
import {
  type ProductionAttempt,
  type ProductionConsumer,
  type ProductionQueuePort,
  type ProductionRunEnd,
  ProductionRunner,
  type ProductionRunnerOptions,
} from './production-runner.js';
import type { ProductionUnit } from './production-unit.js';
import { type ProductionRow, ProductionsRepository } from './productions.repository.js';

/** The article pipeline of one process: its units, their queue and the one runner. */
export interface ArticlePipeline {
  units: ProductionsRepository;
  queue: ProductionQueuePort;
  runner: ProductionRunner;
  /**
   * Queues a unit in the producer's transaction (call queue.prepare() before opening it): its row
   * and its entry commit together with the producer's own rows. False when the key's unit is still
   * under way (nothing is queued twice).
   */
  enqueue(tx: Tx, unit: ProductionUnit): Promise<boolean>;
  /** As enqueue, for many units (a bulk job's items); returns the keys queued. Call queue.wake() after the commit. */
  enqueueMany(tx: Tx, units: readonly ProductionUnit[]): Promise<string[]>;
  /** In the producer's transaction: units not started yet end as cancelled, with their entries (its Cancel). */
  withdraw(tx: Tx, originKeys: readonly string[]): Promise<void>;
  /** In the producer's transaction: units end as failed whatever their state, with their entries (Clear Stuck Jobs). */
  abandon(tx: Tx, originKeys: readonly string[], reason: string): Promise<void>;
  /** Stops this process' runs of the units picked, at once (other processes: the producer's `cancelled` check). */
  cancelRunning(which: (unit: ProductionRow) => boolean): void;
  /** Runs a unit in the caller (a request), with a queue entry due after `backstopAfterMs` should this process die meanwhile. */
  runNow(
    unit: ProductionUnit,
    attempt: Omit<ProductionAttempt, 'queueJobId'>,
    backstopAfterMs: number,
  ): Promise<ProductionRunEnd>;
  /** Each producer registers what it does around its units, under its origin. */
  register(origin: string, consumer: ProductionConsumer): void;
  job(): JobDefinition<'articleProduce'>;
  /** Worker processes, once the queue runs: units a migration carried over get their entries. */
  queueCarriedOver(): Promise<number>;
  /** Worker processes on the embedded database, before the workers fetch: units a dead process was running carry on at once. */
  resumeCutOff(): Promise<number>;
}

export interface PipelineDependencies {
  /** The articles module: drops a failed attempt's article. */
  articles: ProductionRunnerOptions['articles'];
  producer: Pick<ArticleProducer, 'produce'>;
  /** True when articles are written on this thread (the offline writer): units then run one at a time. */
  writesOnThisThread?: () => Promise<boolean>;
  /** Monthly budgets (issues #16, #31): a unit reserves its estimate before it writes, or does not start. */
  budget?: ProductionRunnerOptions['budget'];
  /** Notifications (issue #33 §5): a unit that failed for good at its publish stage. */
  onPublishFailed?: ProductionRunnerOptions['onPublishFailed'];
}

export function createArticlePipeline(ctx: AppContext, deps: PipelineDependencies): ArticlePipeline {
  const units = new ProductionsRepository(ctx.handle.db);
  const queue = productionQueue(ctx.queue);
  const runner = new ProductionRunner(
    units,
    deps.producer,
    queue,
    pino({ name: 'article-pipeline', level: ctx.config.logLevel }),
    {
      articles: deps.articles,
      ...(deps.writesOnThisThread ? { writesOnThisThread: deps.writesOnThisThread } : {}),
      ...(deps.budget ? { budget: deps.budget } : {}),
      ...(deps.onPublishFailed ? { onPublishFailed: deps.onPublishFailed } : {}),
    },
  );
  return {
    units,
    queue,
    runner,
    enqueue: (tx, unit) => enqueueUnit(units, queue, tx, unit),
    enqueueMany: (tx, list) => enqueueUnits(units, queue, tx, list),
    withdraw: (tx, keys) => withdrawUnits(units, queue, tx, keys),
    abandon: async (tx, keys, reason) => queue.remove(tx, await units.abandon(tx, keys, reason)),
    cancelRunning: (which) => runner.cancel(which),
    runNow: (unit, attempt, backstopAfterMs) => runUnitNow(units, queue, runner, unit, attempt, backstopAfterMs),
    register: (origin, consumer) => runner.register(origin, consumer),
    job: () => articleProduceJob(runner, ctx.config.llm.concurrency),
    queueCarriedOver: () => queueCarriedOverUnits(units, queue),
    resumeCutOff: () => resumeCutOffUnits(units, queue),
  };
}
