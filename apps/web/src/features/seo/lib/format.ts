import { formatDateTime } from '../../../lib/dates';

/** Dates and times in the app's one format (lib/dates.ts). */
export { formatDate } from '../../../lib/dates';

export function formatTime(iso: string): string {
  return formatDateTime(iso);
}

export const statusColor = (status: string): 'success' | 'error' | 'warning' | 'default' => {
  if (status === 'completed') return 'success';
  if (status === 'failed') return 'error';
  if (status === 'phase1' || status === 'phase2' || status === 'phase3') return 'warning';
  return 'default';
};

/** A project's status in words (issue #37 item 8: the card said "phase1"); the step says where it is. */
export const statusLabel = (status: string): string =>
  status === 'completed' ? 'Completed' : status === 'failed' ? 'Failed' : 'In progress';

/** What a generation left out and why (a summary's `notes`), said to the operator as warnings. */
export function summaryNotes(summary: Record<string, unknown>): string[] {
  const notes = summary.notes;
  return Array.isArray(notes) ? notes.filter((note): note is string => typeof note === 'string') : [];
}
