import type { VariantType } from 'notistack';
import { BULK_MESSAGES, BULK_POLLING, isFinalBulkJobStatus, type BulkJob, type BulkJobCancelResponse } from '@abp/contracts';
import { isApiError } from '../../../lib/api-client';
import { clearStoredBulkJob, readStoredBulkJobId, subscribeToStoredBulkJob } from '../../../lib/manual-bulk-job';
import { statusToast } from './bulk-job-format';

export interface WatcherSnapshot {
  /** The job shown: the stored one, or the last one (its final state stays visible) until another starts. */
  jobId: string | null;
  /** The last status read; undefined before the first answer. */
  job: BulkJob | undefined;
  /** Not final yet: polled, and the badge shows. */
  active: boolean;
  cancelling: boolean;
}

export interface WatcherDeps {
  fetchStatus: (jobId: string, signal: AbortSignal) => Promise<BulkJob>;
  cancelJob: (jobId: string) => Promise<BulkJobCancelResponse>;
  notify: (message: string, variant: VariantType) => void;
  intervalMs?: number;
}

const isLost = (error: unknown) => isApiError(error) && (error.status === 404 || error.message === BULK_MESSAGES.jobNotFound);
const EMPTY: WatcherSnapshot = { jobId: null, job: undefined, active: false, cancelling: false };

/**
 * The top-bar indicator's state (spec part 1): follows the job stored under 'manualBulkJob',
 * re-read on every 'manualBulkJobUpdated'; polls it every 5 s until it is final; toasts each
 * status change; clears the stored job when it is final, or with a warning when the server no
 * longer knows it. A framework-free store, read by React through useSyncExternalStore.
 */
export class BulkJobWatcher {
  private snapshot: WatcherSnapshot = EMPTY;
  private readonly listeners = new Set<() => void>();
  private timer: number | null = null;
  private controller: AbortController | null = null;
  private unsubscribe: (() => void) | null = null;
  private lastStatusKey: string | null = null;

  constructor(private readonly deps: WatcherDeps) {}

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): WatcherSnapshot => this.snapshot;

  start(): void {
    if (this.unsubscribe) return;
    this.unsubscribe = subscribeToStoredBulkJob(() => this.readStore());
    this.readStore();
  }

  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.halt();
  }

  async cancel(): Promise<void> {
    const { jobId } = this.snapshot;
    if (!jobId || this.snapshot.cancelling) return;
    this.update({ cancelling: true });
    try {
      await this.deps.cancelJob(jobId);
      this.deps.notify(BULK_MESSAGES.cancelRequested, 'info');
      // Spec: the status is read again (its 'cancelled' toast follows) and the stored job cleared.
      await this.poll(jobId);
      clearStoredBulkJob(jobId);
    } catch (error) {
      this.deps.notify(BULK_MESSAGES.cancelFailed(error instanceof Error ? error.message : String(error)), 'error');
    } finally {
      this.update({ cancelling: false });
    }
  }

  /**
   * A stored job that is new, or the same one stored again (Retry Failed), is followed from now.
   * A job cleared from storage while followed is still followed to its end: the Bulk tab clears it
   * when the operator cancels there (the job reads 'Cancelling' until its running items stop), and
   * the indicator is what tells how it ended.
   */
  private readStore(): void {
    const stored = readStoredBulkJobId();
    if (stored === null) return;
    const polling = this.timer !== null || this.controller !== null;
    if (stored === this.snapshot.jobId && this.snapshot.active && polling) return;
    this.halt();
    if (stored !== this.snapshot.jobId) this.lastStatusKey = null;
    this.update({ jobId: stored, job: stored === this.snapshot.jobId ? this.snapshot.job : undefined, active: true });
    void this.poll(stored);
  }

  private async poll(jobId: string): Promise<void> {
    if (this.timer !== null) window.clearTimeout(this.timer);
    this.timer = null;
    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    try {
      const job = await this.deps.fetchStatus(jobId, controller.signal);
      if (controller.signal.aborted || this.snapshot.jobId !== jobId) return;
      this.report(job);
    } catch (error) {
      if (controller.signal.aborted || this.snapshot.jobId !== jobId) return;
      if (isLost(error)) {
        this.deps.notify(BULK_MESSAGES.lostOnIndicator, 'warning');
        this.halt();
        this.update(EMPTY);
        clearStoredBulkJob(jobId);
        return;
      }
      // A passing failure: keep the last reading and try again at the next interval.
    }
    if (this.snapshot.active && this.snapshot.jobId === jobId) {
      this.timer = window.setTimeout(() => void this.poll(jobId), this.deps.intervalMs ?? BULK_POLLING.indicatorMs);
    }
  }

  private report(job: BulkJob): void {
    const key = `${job.job_id}:${job.status}`;
    if (key !== this.lastStatusKey) {
      this.lastStatusKey = key;
      const toast = statusToast(job.status);
      this.deps.notify(toast.message, toast.variant);
    }
    const final = isFinalBulkJobStatus(job.status);
    this.update({ job, active: !final });
    if (final) {
      this.halt();
      clearStoredBulkJob(job.job_id);
    }
  }

  private halt(): void {
    if (this.timer !== null) window.clearTimeout(this.timer);
    this.timer = null;
    this.controller?.abort();
    this.controller = null;
  }

  private update(change: Partial<WatcherSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...change };
    for (const listener of this.listeners) listener();
  }
}
