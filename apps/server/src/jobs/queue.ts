import { fromPglite, PgBoss, type Job, type Queue, type QueueOptions, type SendOptions, type WorkOptions } from 'pg-boss';
import type { ZodType } from 'zod';
import type { Role } from '../config.js';
import type { DatabaseHandle } from '../db/client.js';

/** A durable job: its payload schema, its queue policy, and the handler a worker runs. */
export interface JobDefinition<T> {
  name: string;
  schema: ZodType<T>;
  /** Retry/expiry options and the queue policy (e.g. 'exclusive': one queued or active job at a time). */
  queue?: Omit<Queue, 'name'>;
  work?: Pick<WorkOptions, 'localConcurrency' | 'pollingIntervalSeconds' | 'batchSize'>;
  /** A recurring job: worker processes register this cron schedule (pg-boss sends one job per occurrence across all of them). */
  cron?: string;
  handler: (data: T, job: Job<T>) => Promise<unknown>;
}

// Retries with backoff by default: a crash or a passing error never loses a job.
const DEFAULT_QUEUE: QueueOptions = { retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 15 * 60 };

export interface QueueLogger {
  error(obj: unknown, msg: string): void;
}

/** pg-boss on the same database: the PGlite backend embedded, node-postgres on PostgreSQL. */
export class JobQueue {
  private readonly definitions = new Map<string, JobDefinition<unknown>>();
  private started = false;

  constructor(
    readonly boss: PgBoss,
    private readonly role: Role,
  ) {}

  static create(handle: DatabaseHandle, role: Role, logger: QueueLogger): JobQueue {
    const runsWorkers = role !== 'web';
    const common = { schedule: runsWorkers, supervise: runsWorkers, migrate: true } as const;
    const boss =
      handle.driver === 'pglite'
        ? new PgBoss({ ...common, db: fromPglite(handle.pglite), backend: 'pglite' })
        : new PgBoss({ ...common, connectionString: handle.connectionString, max: 5, application_name: `abp-${role}` });
    boss.on('error', (err: unknown) => logger.error({ err }, 'job queue error'));
    return new JobQueue(boss, role);
  }

  get runsWorkers(): boolean {
    return this.role !== 'web';
  }

  define<T>(definition: JobDefinition<T>): void {
    this.definitions.set(definition.name, definition as JobDefinition<unknown>);
  }

  /** Starts pg-boss, creates every queue, and (unless this is a web-only process) starts the workers. */
  async start(): Promise<void> {
    await this.boss.start();
    this.started = true;
    for (const def of this.definitions.values()) {
      const { policy, ...options } = { ...DEFAULT_QUEUE, ...def.queue };
      await this.boss.createQueue(def.name, { ...options, ...(policy ? { policy } : {}) });
      // createQueue leaves an existing queue as it was: options changed in a new version apply
      // only through an update (the policy cannot change after creation).
      await this.boss.updateQueue(def.name, options);
    }
    if (!this.runsWorkers) return;
    for (const def of this.definitions.values()) {
      if (def.cron) await this.boss.schedule(def.name, def.cron);
      await this.boss.work<unknown>(def.name, { pollingIntervalSeconds: 1, ...def.work }, async (jobs) => {
        for (const job of jobs) {
          await def.handler(def.schema.parse(job.data), job);
        }
      });
    }
  }

  async send<T extends object>(name: string, data: T, options?: SendOptions): Promise<string> {
    const def = this.definitions.get(name);
    if (!def) throw new Error(`Unknown job ${name}`);
    const payload = def.schema.parse(data) as object;
    const id = await this.boss.send(name, payload, options ?? {});
    if (!id) throw new Error(`Job ${name} was not queued`);
    return id;
  }

  async isHealthy(): Promise<boolean> {
    if (!this.started) return false;
    try {
      await this.boss.getQueues();
      return true;
    } catch {
      return false;
    }
  }

  /** Waits for running handlers to finish (up to the timeout) before closing. */
  async stop(timeoutMs = 20_000): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, timeout: timeoutMs, close: true });
  }
}
