import { BULK_POLLING, type BulkJob, isFinalBulkJobStatus } from '@abp/contracts';
import { isLostBulkJob } from '../../../lib/resources/bulk-jobs';

export interface PollState {
  data: BulkJob | undefined;
  status: 'pending' | 'error' | 'success';
  error: unknown;
  /** Polls made since the job was followed (answers and failures). */
  polls: number;
}

/**
 * The Bulk Generation tab's polling (spec part 2 §4), as TanStack Query's refetchInterval: every
 * 2 s; 5 s after a passing error; never again once the job is final or the server lost it; at
 * most 600 polls. (The first poll, 1 s after the job is followed, is the hook's.)
 */
export function nextPollDelay(state: PollState): number | false {
  if (state.status === 'error') {
    if (isLostBulkJob(state.error)) return false;
  } else if (state.data && isFinalBulkJobStatus(state.data.status)) {
    return false;
  }
  if (state.polls >= BULK_POLLING.maxPolls) return false;
  return state.status === 'error' ? BULK_POLLING.errorRetryMs : BULK_POLLING.pollMs;
}

/** The poll limit was reached while the job still ran: it goes on in the background. */
export function gaveUp(state: PollState): boolean {
  return (
    state.polls >= BULK_POLLING.maxPolls &&
    !(state.data && isFinalBulkJobStatus(state.data.status)) &&
    !isLostBulkJob(state.error)
  );
}
