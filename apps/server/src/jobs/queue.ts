import { randomUUID } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import {
  type DrizzleTransactionLike,
  fromDrizzle,
  fromPglite,
  type Job,
  PgBoss,
  type Queue,
  type QueueOptions,
  type SendOptions,
  type WorkOptions,
} from 'pg-boss';
import type { Role } from '../config.js';
import type { DatabaseHandle, Tx } from '../db/client.js';
import { JOBS, type JobKey, type JobPayload, RETIRED_QUEUES } from './catalogue.js';

/** An entry written in the caller's transaction. */
export interface TxEntry<K extends JobKey> {
  data: JobPayload<K>;
  startAfter?: Date;
}

/** The handler of one catalogue job (jobs/catalogue.ts), with its queue policy. */
export interface JobDefinition<K extends JobKey> {
  job: K;
  /** Retry/expiry options and the queue policy (e.g. 'exclusive': one queued or active job at a time). */
  queue?: Omit<Queue, 'name'>;
  work?: Pick<WorkOptions, 'localConcurrency' | 'pollingIntervalSeconds' | 'batchSize'>;
  /** A recurring job: worker processes register this cron schedule (pg-boss sends one job per occurrence across all of them). */
  cron?: string;
  handler: (data: JobPayload<K>, job: Job<JobPayload<K>>) => Promise<unknown>;
  /** pg-boss stores what the handler returns as the entry's output (read with `entry()`). */
  keepOutput?: boolean;
}

// Retries with backoff by default: a crash or a passing error never loses a job.
const DEFAULT_QUEUE: QueueOptions = { retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 15 * 60 };

export interface QueueLogger {
  error(obj: unknown, msg: string): void;
}

/** Where pg-boss keeps its tables (its default schema). */
const BOSS_SCHEMA = 'pgboss';

/**
 * A condition for our own queries: the queue entry whose id `entryId` holds is being run by a live
 * worker now (pg-boss marks it active and its heartbeat is fresh; a dead or frozen worker's entry
 * stops being live once its heartbeat lapses).
 */
export function entryRunsLive(key: JobKey, entryId: SQL): SQL {
  return sql`exists (select 1 from ${sql.raw(BOSS_SCHEMA)}.job q where q.name = ${JOBS[key].name} and q.id::text = ${entryId} and q.state = 'active'
    and coalesce(q.heartbeat_on, q.started_on) + coalesce(q.heartbeat_seconds, q.expire_seconds) * interval '1 second' >= now())`;
}

/** pg-boss on the same database: the PGlite backend embedded, node-postgres on PostgreSQL. */
export class JobQueue {
  private readonly definitions = new Map<JobKey, JobDefinition<JobKey>>();
  private readonly prepared = new Map<JobKey, Promise<unknown>>();
  private readonly startHooks: (() => Promise<unknown>)[] = [];
  private readonly beforeWorkerHooks: ((embedded: boolean) => Promise<unknown>)[] = [];
  private started = false;

  constructor(
    /** For jobs/ and tests only: modules use the methods below (a lint rule keeps it so). */
    readonly boss: PgBoss,
    private readonly role: Role,
    private readonly logger: QueueLogger = { error: () => undefined },
    /** The embedded database: only one process can open it, so at start nothing else is running any entry. */
    private readonly embedded = false,
  ) {}

  static create(handle: DatabaseHandle, role: Role, logger: QueueLogger): JobQueue {
    const runsWorkers = role !== 'web';
    const common = { schedule: runsWorkers, supervise: runsWorkers, migrate: true } as const;
    const boss =
      handle.driver === 'pglite'
        ? new PgBoss({ ...common, db: fromPglite(handle.pglite), backend: 'pglite' })
        : new PgBoss({ ...common, connectionString: handle.connectionString, max: 5, application_name: `abp-${role}` });
    boss.on('error', (err: unknown) => logger.error({ err }, 'job queue error'));
    return new JobQueue(boss, role, logger, handle.driver === 'pglite');
  }

  get runsWorkers(): boolean {
    return this.role !== 'web';
  }

  define<K extends JobKey>(definition: JobDefinition<K>): void {
    this.definitions.set(definition.job, definition as unknown as JobDefinition<JobKey>);
  }

  /**
   * Worker processes run this after the queue started and before any worker fetches (so nothing
   * runs yet); `embedded` says no other process can be running anything. A failure is logged.
   */
  beforeWorkers(hook: (embedded: boolean) => Promise<unknown>): void {
    this.beforeWorkerHooks.push(hook);
  }

  /** Worker processes run this once the workers have started (a failure is logged; the next start tries again). */
  whenStarted(hook: () => Promise<unknown>): void {
    this.startHooks.push(hook);
  }

  /** Starts pg-boss, creates every queue, and (unless this is a web-only process) starts the workers. */
  async start(): Promise<void> {
    await this.boss.start();
    this.started = true;
    for (const def of this.definitions.values()) {
      const { name } = JOBS[def.job];
      const { policy, ...options } = { ...DEFAULT_QUEUE, ...def.queue };
      await this.boss.createQueue(name, { ...options, ...(policy ? { policy } : {}) });
      // createQueue leaves an existing queue as it was: options changed in a new version apply
      // only through an update (the policy cannot change after creation).
      await this.boss.updateQueue(name, options);
    }
    if (!this.runsWorkers) return;
    await this.deleteRetiredQueues();
    if (this.embedded) await this.retryEntriesOfDeadProcess();
    for (const hook of this.beforeWorkerHooks)
      await hook(this.embedded).catch((err: unknown) =>
        this.logger.error({ err }, 'a start-up step of the job queue failed'),
      );
    for (const def of this.definitions.values()) {
      const { name, payload } = JOBS[def.job];
      if (def.cron) await this.boss.schedule(name, def.cron);
      await this.boss.work<unknown>(name, { pollingIntervalSeconds: 1, ...def.work }, async (jobs) => {
        let output: unknown;
        for (const job of jobs) {
          output = await def.handler(payload.parse(job.data) as JobPayload<JobKey>, job as Job<JobPayload<JobKey>>);
        }
        // pg-boss completes the fetched entries with what this returns: one entry, one output.
        return def.keepOutput && jobs.length === 1 ? output : undefined;
      });
    }
    for (const hook of this.startHooks)
      await hook().catch((err: unknown) => this.logger.error({ err }, 'a start-up step of the job queue failed'));
  }

  /**
   * Deletes the queues of jobs an older version had (RETIRED_QUEUES), with their entries, through
   * pg-boss itself (its tables are its own). A queue that is not there is nothing to do. Worker
   * processes starting together on PostgreSQL may race: a failure matters only if the queue is
   * still there afterwards (it is logged, and the next start tries again).
   */
  private async deleteRetiredQueues(): Promise<void> {
    for (const name of RETIRED_QUEUES) {
      await this.boss.deleteQueue(name).catch(async (err: unknown) => {
        if (await this.boss.getQueue(name).catch(() => true))
          this.logger.error({ err }, `the retired job queue ${name} was not deleted`);
      });
    }
  }

  /**
   * On the embedded database only one process can exist, so at start every entry still marked
   * active belongs to a process that is gone (a kill -9): it is offered again at once, as pg-boss
   * would once its heartbeat or expiry lapsed (the retry counts as one of its retries). Their
   * handlers are idempotent: the rows they work on say what is left to do.
   */
  private async retryEntriesOfDeadProcess(): Promise<void> {
    const names = [...this.definitions.values()].map((def) => JOBS[def.job].name);
    await this.boss
      .getDb()
      .executeSql(
        `update ${BOSS_SCHEMA}.job set state = 'retry', start_after = now() where state = 'active' and name = any($1::text[])`,
        [names],
      );
  }

  async send<K extends JobKey>(key: K, data: JobPayload<K>, options?: SendOptions): Promise<string> {
    const id = await this.trySend(key, data, options);
    if (!id) throw new Error(`Job ${JOBS[key].name} was not queued`);
    return id;
  }

  /** Null when the queue's policy refuses the entry ('exclusive': one is already queued or active). */
  async trySend<K extends JobKey>(key: K, data: JobPayload<K>, options?: SendOptions): Promise<string | null> {
    return this.boss.send(JOBS[key].name, this.payload(key, data), options ?? {});
  }

  /**
   * Call before opening a transaction that adds or removes entries of this job. pg-boss looks the
   * queue up (once) on its own connection; on PGlite, which has one connection, doing that inside
   * our transaction would wait for the transaction to end: a deadlock.
   */
  async prepareForTx(key: JobKey): Promise<void> {
    let ready = this.prepared.get(key);
    if (!ready) {
      ready = this.boss.findJobs(JOBS[key].name, { id: randomUUID() }).catch((error: unknown) => {
        this.prepared.delete(key);
        throw error;
      });
      this.prepared.set(key, ready);
    }
    await ready;
  }

  /**
   * Entries written in the caller's transaction: a row and its entry commit together, so a crash
   * can never leave work that nothing will run. Returns the entries' ids in the order given.
   */
  async sendInTx<K extends JobKey>(tx: Tx, key: K, entries: readonly TxEntry<K>[]): Promise<string[]> {
    if (entries.length === 0) return [];
    const ids = entries.map(() => randomUUID());
    await this.boss.insert(
      JOBS[key].name,
      entries.map((entry, index) => ({
        id: ids[index],
        data: this.payload(key, entry.data),
        ...(entry.startAfter ? { startAfter: entry.startAfter } : {}),
      })),
      { db: inTransaction(tx) },
    );
    return ids;
  }

  /** Drops entries in the caller's transaction (ones that have not run yet; running ones finish). */
  async deleteInTx(tx: Tx, key: JobKey, ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.boss.deleteJob(JOBS[key].name, [...ids], { db: inTransaction(tx) });
  }

  /** One entry: its pg-boss state and what its handler returned; null when unknown (or purged). */
  async entry(key: JobKey, id: string): Promise<{ state: string; output: unknown } | null> {
    const job = await this.boss.getJobById(JOBS[key].name, id);
    return job ? { state: job.state, output: job.output } : null;
  }

  /** The states of the job's entries (created, retry, active, completed, …). */
  async states(key: JobKey): Promise<string[]> {
    return (await this.boss.findJobs(JOBS[key].name)).map((job) => job.state);
  }

  /** When the job's cron schedule was registered, or null. */
  async scheduledSince(key: JobKey): Promise<Date | null> {
    return (await this.boss.getSchedule(JOBS[key].name))?.createdOn ?? null;
  }

  /**
   * Wakes this process' workers of the job: the idle ones after new entries were committed (a job
   * starts at once instead of at their next poll), or the busy ones as a run ends (a pg-boss worker
   * waits out its polling interval after a job shorter than it; told there may be more, it fetches
   * again at once). Workers in other processes find new entries by polling.
   */
  nudgeWorkers(key: JobKey, which: 'idle' | 'busy'): void {
    const { name } = JOBS[key];
    for (const worker of this.boss.getWipData()) {
      if (worker.name === name && (which === 'idle' ? worker.count === 0 : worker.count > 0))
        this.boss.notifyWorker(worker.id);
    }
  }

  private payload<K extends JobKey>(key: K, data: JobPayload<K>): object {
    return JOBS[key].payload.parse(data) as object;
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

/**
 * pg-boss statements on our transaction. Our Database type is generic over both drivers, so
 * execute()'s result is typed unknown; at run time both drivers answer with `{ rows }`, which is
 * what the adapter reads.
 */
function inTransaction(tx: Tx) {
  return fromDrizzle(tx as unknown as DrizzleTransactionLike, sql);
}
