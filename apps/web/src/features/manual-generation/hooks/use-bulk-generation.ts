import {
  BULK_MESSAGES,
  BULK_POLLING,
  type BulkJob,
  type BulkJobStartInput,
  isFinalBulkJobStatus,
} from '@abp/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  clearStoredBulkJob,
  forgetLastBulkJob,
  readLastBulkJobId,
  readStoredBulkJobId,
  rememberLastBulkJob,
  storeBulkJobId,
} from '../../../lib/manual-bulk-job';
import { bulkJobKeys, cancelBulkJob, getBulkJobStatus, isLostBulkJob } from '../../../lib/resources/bulk-jobs';
import { type BulkJobWithResults, getBulkJobResults } from '../api/bulk-job-results';
import { retryBulkJob } from '../api/bulk-retry-job';
import { startBulkJob } from '../api/bulk-start-job';
import { nextPollDelay, gaveUp as pollingGaveUp } from '../lib/bulk-poll-schedule';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export interface BulkGeneration {
  jobId: string | null;
  job: BulkJob | null;
  results: BulkJobWithResults | null;
  /** Set when the server lost the job (the spec's 404 while polling). */
  lostMessage: string | null;
  /** The poll limit was reached; the job goes on in the background. */
  gaveUp: boolean;
  busy: 'starting' | 'retrying' | 'cancelling' | null;
  /** The key makes a start sent twice (a double click, a retried request) start one job. */
  /** True once the server confirmed the start (a refusal is shown as a toast and answers false). */
  start: (body: BulkJobStartInput, idempotencyKey?: string) => Promise<boolean>;
  retry: () => Promise<void>;
  cancel: () => Promise<void>;
}

/** The job followed: since when (the first poll waits 1 s; results count from then) and the poll count then. */
interface Following {
  jobId: string;
  since: number;
  basePolls: number;
}

/**
 * The Bulk Generation tab's job (spec part 2 §4): starts it and stores its id ('manualBulkJob'),
 * resumes a stored one on load, polls it (TanStack Query refetchInterval on the status entry the
 * top-bar indicator shares, timed by lib/bulk-poll-schedule.ts), fetches the results once it is
 * final, and handles retry, cancel and a job the server no longer knows.
 */
export function useBulkGeneration(): BulkGeneration {
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const [following, setFollowing] = useState<Following | null>(() => {
    // A running job first; else the last one, which the form shows again instead of forgetting it.
    const stored = readStoredBulkJobId() ?? readLastBulkJobId();
    return stored ? { jobId: stored, since: Date.now(), basePolls: pollsOf(queryClient, stored) } : null;
  });
  const [ready, setReady] = useState<Following | null>(null);
  const [busy, setBusy] = useState<BulkGeneration['busy']>(null);
  const jobId = following?.jobId ?? null;

  // The first poll comes 1 s after a job is followed.
  useEffect(() => {
    if (!following) return;
    const timer = window.setTimeout(() => setReady(following), BULK_POLLING.firstPollMs);
    return () => window.clearTimeout(timer);
  }, [following]);

  const status = useQuery({
    queryKey: bulkJobKeys.status(jobId ?? ''),
    queryFn: ({ signal }) => getBulkJobStatus(jobId!, signal),
    enabled: following !== null && ready === following,
    retry: false,
    refetchInterval: (query) =>
      nextPollDelay({
        data: query.state.data,
        status: query.state.status,
        error: query.state.error,
        polls: query.state.dataUpdateCount + query.state.errorUpdateCount - (following?.basePolls ?? 0),
      }),
    refetchIntervalInBackground: true,
  });
  const polls = jobId ? pollsOf(queryClient, jobId) - (following?.basePolls ?? 0) : 0;
  // Only readings taken since the job was followed count (a retried job's old final state does not).
  const fresh = following !== null && status.dataUpdatedAt >= following.since ? status.data : undefined;
  const lost =
    following !== null &&
    status.status === 'error' &&
    isLostBulkJob(status.error) &&
    status.errorUpdatedAt >= following.since;
  const final = fresh !== undefined && isFinalBulkJobStatus(fresh.status) && !lost;

  // A job stored by an earlier visit is picked up again (spec: 'Resuming background bulk job') —
  // said once the server has answered for it: a job it no longer knows is not resumed, and the
  // top bar's one notice tells of it (issue #17 item 19: one toast for one lost job).
  const resumed = useRef(readStoredBulkJobId() !== null);
  // Whether the job followed is a running one (stored) or only the tab's last one, shown again.
  const resumedRunning = useRef(readStoredBulkJobId() !== null || following === null);
  useEffect(() => {
    if (!resumed.current || (!fresh && !lost)) return;
    resumed.current = false;
    if (fresh) enqueueSnackbar(BULK_MESSAGES.resuming, { variant: 'info' });
  }, [fresh, lost, enqueueSnackbar]);

  const results = useQuery({
    queryKey: bulkJobKeys.results(jobId ?? ''),
    queryFn: ({ signal }) => getBulkJobResults(jobId!, signal),
    enabled: final,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

  // A final job: forget the stored one, and new articles change the Articles list and the dashboard.
  useEffect(() => {
    if (!final || !fresh) return;
    clearStoredBulkJob(fresh.job_id);
    void queryClient.invalidateQueries({ queryKey: bulkJobKeys.history });
    void queryClient.invalidateQueries({ queryKey: ['articles'] });
    void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
  }, [final, fresh, queryClient]);

  useEffect(() => {
    if (results.data && results.data.results.successful.length === 0)
      enqueueSnackbar(BULK_MESSAGES.noneSucceeded(results.data.status), { variant: 'error' });
  }, [results.data, enqueueSnackbar]);
  useEffect(() => {
    if (results.error) enqueueSnackbar(`Bulk operation failed: ${messageOf(results.error)}`, { variant: 'error' });
  }, [results.error, enqueueSnackbar]);

  // Spec: a lost job is marked failed and the operator told to try again — here, in the job's own
  // status; the toast is the top bar indicator's, which hears of the same loss.
  useEffect(() => {
    if (lost && jobId) clearStoredBulkJob(jobId);
    // A finished job shown again that the server no longer has (deleted with its site): simply forgotten.
    if (lost && jobId && !resumedRunning.current) {
      forgetLastBulkJob();
      setFollowing(null);
    }
  }, [lost, jobId]);

  const follow = useCallback(
    (id: string) => {
      // A retried job's results are read again once it is final again.
      queryClient.removeQueries({ queryKey: bulkJobKeys.results(id) });
      setFollowing({ jobId: id, since: Date.now(), basePolls: pollsOf(queryClient, id) });
      storeBulkJobId(id);
      rememberLastBulkJob(id);
      resumedRunning.current = true;
    },
    [queryClient],
  );

  const start = useCallback(
    async (body: BulkJobStartInput, idempotencyKey?: string) => {
      setBusy('starting');
      try {
        const { job_id, notices } = await startBulkJob(body, idempotencyKey);
        follow(job_id);
        for (const notice of notices) enqueueSnackbar(notice, { variant: 'info' });
        return true;
      } catch (error) {
        enqueueSnackbar(BULK_MESSAGES.startFailed(messageOf(error)), { variant: 'error' });
        return false;
      } finally {
        setBusy(null);
      }
    },
    [enqueueSnackbar, follow],
  );

  const retry = useCallback(async () => {
    if (!jobId) return;
    setBusy('retrying');
    try {
      await retryBulkJob(jobId);
      follow(jobId);
    } catch (error) {
      enqueueSnackbar(BULK_MESSAGES.retryFailed(messageOf(error)), { variant: 'error' });
    } finally {
      setBusy(null);
    }
  }, [enqueueSnackbar, follow, jobId]);

  const refetch = status.refetch;
  const cancel = useCallback(async () => {
    if (!jobId) return;
    setBusy('cancelling');
    try {
      await cancelBulkJob(jobId);
      void refetch();
    } catch (error) {
      enqueueSnackbar(BULK_MESSAGES.cancelFailed(messageOf(error)), { variant: 'error' });
    } finally {
      setBusy(null);
    }
  }, [enqueueSnackbar, jobId, refetch]);

  const shown = fresh ?? (following && status.data && status.dataUpdatedAt >= following.since ? status.data : null);
  return {
    jobId,
    job: lost && shown ? { ...shown, status: 'failed', error: BULK_MESSAGES.lostOnTab } : (shown ?? null),
    results: final ? (results.data ?? null) : null,
    lostMessage: lost ? BULK_MESSAGES.lostOnTab : null,
    gaveUp: following !== null && pollingGaveUp({ data: fresh, status: status.status, error: status.error, polls }),
    busy,
    start,
    retry,
    cancel,
  };
}

/** The status entry's reads so far (it is shared with the indicator): the tab counts its own from here. */
function pollsOf(queryClient: ReturnType<typeof useQueryClient>, jobId: string): number {
  const state = queryClient.getQueryState(bulkJobKeys.status(jobId));
  return state ? state.dataUpdateCount + state.errorUpdateCount : 0;
}
