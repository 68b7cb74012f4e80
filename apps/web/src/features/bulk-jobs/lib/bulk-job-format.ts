import { BULK_MESSAGES, type BulkJob, type BulkJobStatus } from '@abp/contracts';
import type { VariantType } from 'notistack';
import { formatDateTime } from '../../../lib/dates';

/** Percent processed, or null when the total is not known yet. */
export function percentProcessed(job: BulkJob | undefined): number | null {
  if (!job || job.progress.total <= 0) return null;
  return Math.min(100, Math.round((job.progress.processed / job.progress.total) * 100));
}

/** The badge: the percent, or an ellipsis while the total is unknown. */
export function badgeText(job: BulkJob | undefined): string {
  const percent = percentProcessed(job);
  return percent === null ? '…' : `${percent}%`;
}

const TOAST_VARIANT: Record<BulkJobStatus, VariantType> = {
  queued: 'info',
  processing: 'info',
  completed: 'success',
  completed_with_errors: 'warning',
  failed: 'error',
  cancelled: 'warning',
};

/** Spec part 1 §4: the toast for a status change. */
export function statusToast(status: BulkJobStatus): { message: string; variant: VariantType } {
  return { message: BULK_MESSAGES.toast[status], variant: TOAST_VARIANT[status] };
}

/** The estimate in the app's one date format (lib/dates.ts): a long job may end on another day. */
export function localTime(iso: string): string {
  return formatDateTime(iso);
}
