import {
  MANUAL_BULK_JOB_EVENT,
  MANUAL_BULK_JOB_STORAGE_KEY,
  MANUAL_BULK_LAST_JOB_STORAGE_KEY,
  storedBulkJobSchema,
} from '@abp/contracts';

/*
 * The active background bulk job, remembered in local storage as `manualBulkJob: { jobId }` (spec
 * part 1). The Bulk Generation tab writes it; the top-bar indicator reads it. Every change is
 * announced with the window event 'manualBulkJobUpdated', on which the indicator re-reads it.
 */

export function readStoredBulkJobId(key: string = MANUAL_BULK_JOB_STORAGE_KEY): string | null {
  try {
    const raw = window.localStorage.getItem(key);
    if (!raw) return null;
    const parsed = storedBulkJobSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data.jobId : null;
  } catch {
    return null; // unreadable (private mode, corrupt JSON): as if nothing were stored
  }
}

function announce(): void {
  window.dispatchEvent(new Event(MANUAL_BULK_JOB_EVENT));
}

export function storeBulkJobId(jobId: string): void {
  try {
    window.localStorage.setItem(MANUAL_BULK_JOB_STORAGE_KEY, JSON.stringify({ jobId }));
  } catch {
    // Storage refused: the job still runs; only the resume after a reload is lost.
  }
  announce();
}

/** Clears the stored job; with `onlyIf`, only when that job is the one stored (a newer one stays). */
export function clearStoredBulkJob(onlyIf?: string): void {
  if (onlyIf !== undefined && readStoredBulkJobId() !== onlyIf) return;
  try {
    window.localStorage.removeItem(MANUAL_BULK_JOB_STORAGE_KEY);
  } catch {
    // nothing to clear
  }
  announce();
}

/** Calls `listener` whenever the stored job may have changed (this tab's event, or another tab's storage write). */
export function subscribeToStoredBulkJob(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === MANUAL_BULK_JOB_STORAGE_KEY) listener();
  };
  window.addEventListener(MANUAL_BULK_JOB_EVENT, listener);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(MANUAL_BULK_JOB_EVENT, listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The Bulk Generation tab's last job, final or not: shown again when the operator comes back. */
export function readLastBulkJobId(): string | null {
  return readStoredBulkJobId(MANUAL_BULK_LAST_JOB_STORAGE_KEY);
}

export function rememberLastBulkJob(jobId: string): void {
  try {
    window.localStorage.setItem(MANUAL_BULK_LAST_JOB_STORAGE_KEY, JSON.stringify({ jobId }));
  } catch {
    // Storage refused: the job history still lists it.
  }
}

export function forgetLastBulkJob(): void {
  try {
    window.localStorage.removeItem(MANUAL_BULK_LAST_JOB_STORAGE_KEY);
  } catch {
    // nothing to forget
  }
}
