import { randomUUID } from 'node:crypto';
import type { BulkItemsRepository } from './bulk-items.repository.js';

/** Why a run's signal fired: the job stopped (cancelled, cleared), or this process is stopping. */
export class RunStopped extends Error {
  constructor(readonly reason: 'job_stopped' | 'process_stopping') {
    super(reason === 'job_stopped' ? 'The bulk job was stopped' : 'The worker is stopping');
    this.name = 'RunStopped';
  }
}

interface Run {
  jobId: string;
  controller: AbortController;
}

export interface BulkRunsOptions {
  leaseMs: number;
  /** How often running jobs are checked for a cancellation made by another process. */
  stopCheckMs?: number;
}

/**
 * The item runs in progress in this process. A cancellation here aborts them at once; one made by
 * another process is seen by a check every second. The same ticker renews their leases, so a
 * run's item is taken back by a recovery only when its process has really gone.
 */
export class BulkRuns {
  /** Prefix of every claim token of this process: a recovery at start leaves this process' runs alone. */
  readonly instanceId = randomUUID();
  private readonly runs = new Map<string, Run>();
  private timer: NodeJS.Timeout | null = null;
  private lastRenewal = 0;
  private ticking = false;

  constructor(
    private readonly items: BulkItemsRepository,
    private readonly options: BulkRunsOptions,
  ) {}

  newToken(): string {
    return `${this.instanceId}:${randomUUID()}`;
  }

  add(token: string, jobId: string): AbortSignal {
    const controller = new AbortController();
    this.runs.set(token, { jobId, controller });
    this.startTicker();
    return controller.signal;
  }

  remove(token: string): void {
    this.runs.delete(token);
    if (this.runs.size === 0) this.stopTicker();
  }

  /** Aborts this process' runs of the job. */
  stopJob(jobId: string): void {
    for (const run of this.runs.values()) {
      if (run.jobId === jobId && !run.controller.signal.aborted) run.controller.abort(new RunStopped('job_stopped'));
    }
  }

  /** This run only: its queue entry was taken back (pg-boss stopping or expiring it). */
  stopRun(token: string): void {
    const run = this.runs.get(token);
    if (run && !run.controller.signal.aborted) run.controller.abort(new RunStopped('process_stopping'));
  }

  stopAll(): void {
    for (const run of this.runs.values()) if (!run.controller.signal.aborted) run.controller.abort(new RunStopped('process_stopping'));
  }

  get size(): number {
    return this.runs.size;
  }

  private startTicker(): void {
    if (this.timer) return;
    this.lastRenewal = Date.now();
    this.timer = setInterval(() => void this.tick(), this.options.stopCheckMs ?? 1000);
    this.timer.unref();
  }

  private stopTicker(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private async tick(): Promise<void> {
    if (this.ticking || this.runs.size === 0) return;
    this.ticking = true;
    try {
      const jobIds = [...new Set([...this.runs.values()].map((run) => run.jobId))];
      for (const jobId of await this.items.inactiveJobs(jobIds)) this.stopJob(jobId);
      if (Date.now() - this.lastRenewal >= this.options.leaseMs / 4) {
        await this.items.renewClaims([...this.runs.keys()], this.options.leaseMs);
        this.lastRenewal = Date.now();
      }
    } catch {
      // The database is busy or closing: the next tick tries again, and the lease has slack for that.
    } finally {
      this.ticking = false;
    }
  }
}
