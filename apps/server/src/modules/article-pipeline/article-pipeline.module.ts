import pino from 'pino';
import type { AppContext } from '../../app-context.js';
import type { JobDefinition } from '../../jobs/queue.js';
import type { ArticleProducer } from './article-producer.js';
import type { Tx } from '../../db/client.js';
import { articleProduceJob, enqueueUnit, productionQueue, queueCarriedOverUnits } from './production-job.js';
import type { ProductionUnit } from './production-unit.js';
import { ProductionRunner, type ProductionConsumer, type ProductionQueuePort } from './production-runner.js';
import { ProductionsRepository } from './productions.repository.js';

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
  /** Each producer registers what it does around its units, under its origin. */
  register(origin: string, consumer: ProductionConsumer): void;
  job(): JobDefinition<'articleProduce'>;
  /** Worker processes, once the queue runs: units a migration carried over get their entries. */
  queueCarriedOver(): Promise<number>;
}

export function createArticlePipeline(ctx: AppContext, producer: Pick<ArticleProducer, 'produce'>): ArticlePipeline {
  const units = new ProductionsRepository(ctx.handle.db);
  const queue = productionQueue(ctx.queue);
  const runner = new ProductionRunner(units, producer, queue, pino({ name: 'article-pipeline', level: ctx.config.logLevel }));
  return {
    units,
    queue,
    runner,
    enqueue: (tx, unit) => enqueueUnit(units, queue, tx, unit),
    register: (origin, consumer) => runner.register(origin, consumer),
    job: () => articleProduceJob(runner),
    queueCarriedOver: () => queueCarriedOverUnits(units, queue),
  };
}
