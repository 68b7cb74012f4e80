import { BULK_MESSAGES, BULK_POLLING, isFinalBulkJobStatus, type BulkJob } from '@abp/contracts';
import { isApiError } from '../../../lib/api-client';

export interface BulkJobPollerCallbacks {
  fetchStatus: (jobId: string, signal: AbortSignal) => Promise<BulkJob>;
  onStatus: (job: BulkJob) => void;
  /** The job reached a final status; polling has stopped. */
  onFinal: (job: BulkJob) => void;
  /** 404 or 'Job not found': the server no longer knows the job. Polling has stopped. */
  onLost: (jobId: string) => void;
  /** A passing failure (network, 5xx): the next poll comes after the error delay. */
  onTransientError?: (error: unknown) => void;
  /** The poll limit was reached while the job still ran. */
  onGaveUp?: () => void;
}

const isLost = (error: unknown) => isApiError(error) && (error.status === 404 || error.message === BULK_MESSAGES.jobNotFound);

/**
 * The Bulk Generation tab's polling (spec part 2 §4): the first poll after 1 s, then every 2 s;
 * after a passing error the next one after 5 s; at most 600 polls. One job at a time: starting
 * another stops the first, and an answer for a stopped job is dropped.
 */
export class BulkJobPoller {
  private timer: number | null = null;
  private controller: AbortController | null = null;
  private polls = 0;
  private jobId: string | null = null;

  constructor(private readonly callbacks: BulkJobPollerCallbacks) {}

  start(jobId: string): void {
    this.stop();
    this.jobId = jobId;
    this.polls = 0;
    this.schedule(BULK_POLLING.firstPollMs);
  }

  /** Polls at once (after an action such as cancel), keeping the count. */
  pollNow(): void {
    if (this.jobId === null) return;
    this.schedule(0);
  }

  stop(): void {
    if (this.timer !== null) window.clearTimeout(this.timer);
    this.timer = null;
    this.controller?.abort();
    this.controller = null;
    this.jobId = null;
  }

  get pollCount(): number {
    return this.polls;
  }

  private schedule(delayMs: number): void {
    if (this.timer !== null) window.clearTimeout(this.timer);
    this.timer = window.setTimeout(() => void this.poll(), delayMs);
  }

  private async poll(): Promise<void> {
    this.timer = null;
    const jobId = this.jobId;
    if (jobId === null) return;
    if (this.polls >= BULK_POLLING.maxPolls) {
      this.stop();
      this.callbacks.onGaveUp?.();
      return;
    }
    this.polls += 1;
    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    try {
      const job = await this.callbacks.fetchStatus(jobId, controller.signal);
      if (this.jobId !== jobId || controller.signal.aborted) return;
      this.callbacks.onStatus(job);
      if (isFinalBulkJobStatus(job.status)) {
        this.stop();
        this.callbacks.onFinal(job);
        return;
      }
      this.schedule(BULK_POLLING.pollMs);
    } catch (error) {
      if (this.jobId !== jobId || controller.signal.aborted) return;
      if (isLost(error)) {
        this.stop();
        this.callbacks.onLost(jobId);
        return;
      }
      this.callbacks.onTransientError?.(error);
      this.schedule(BULK_POLLING.errorRetryMs);
    }
  }
}
