import { BULK_LIMITS, BULK_MESSAGES, type BulkJob, type BulkJobItemResult, type BulkJobStatus } from '@abp/contracts';

export type AlertSeverity = 'info' | 'success' | 'warning' | 'error';

/** Spec part 2 §4: the status alert's text for each state of the job. */
export function statusMessage(job: BulkJob): string {
  const { successful, failed, total, processed } = job.progress;
  switch (job.status) {
    case 'queued':
      return BULK_MESSAGES.queued;
    case 'processing':
      return BULK_MESSAGES.processing(successful, failed, Math.max(0, total - processed));
    case 'completed':
      return BULK_MESSAGES.completed(successful);
    case 'completed_with_errors':
      return BULK_MESSAGES.completedWithErrors(successful, failed);
    case 'failed':
      return BULK_MESSAGES.failed(job.error);
    case 'cancelled':
      return BULK_MESSAGES.cancelled;
  }
}

const SEVERITY: Record<BulkJobStatus, AlertSeverity> = {
  queued: 'info',
  processing: 'info',
  completed: 'success',
  completed_with_errors: 'warning',
  failed: 'error',
  cancelled: 'warning',
};

export const statusSeverity = (status: BulkJobStatus): AlertSeverity => SEVERITY[status];

export function percentDone(job: BulkJob): number {
  return job.progress.total > 0 ? Math.round((job.progress.processed / job.progress.total) * 100) : 0;
}

/** Spec §9: an item's text is cut at 60 characters in the results lists. */
export function cutItemText(text: string): string {
  return text.length > BULK_LIMITS.itemTextCut ? `${text.slice(0, BULK_LIMITS.itemTextCut)}...` : text;
}

export interface ResultSummary {
  successful: number;
  failed: number;
  /** Percent of the finished items that succeeded, whole number. */
  successRate: number;
  recovered: number;
  refusalFlags: number;
  totalAttempts: number;
}

export function summarise(
  successful: readonly BulkJobItemResult[],
  failed: readonly BulkJobItemResult[],
): ResultSummary {
  const all = [...successful, ...failed];
  const finished = all.length;
  return {
    successful: successful.length,
    failed: failed.length,
    successRate: finished === 0 ? 0 : Math.round((successful.length / finished) * 100),
    recovered: all.filter((item) => item.refusal_recovered).length,
    refusalFlags: all.reduce((sum, item) => sum + item.refusal_matches.length, 0),
    totalAttempts: all.reduce((sum, item) => sum + item.attempts, 0),
  };
}
