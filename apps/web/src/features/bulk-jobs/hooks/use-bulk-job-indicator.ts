import { BULK_MESSAGES, BULK_POLLING, type BulkJob, isFinalBulkJobStatus } from '@abp/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useCallback, useEffect, useRef, useState } from 'react';
import { clearStoredBulkJob, readStoredBulkJobId, subscribeToStoredBulkJob } from '../../../lib/manual-bulk-job';
import { bulkJobKeys, cancelBulkJob, getBulkJobStatus, isLostBulkJob } from '../../../lib/resources/bulk-jobs';
import { statusToast } from '../lib/bulk-job-format';

export interface IndicatorState {
  /** The job shown: the stored one, or the last one (its final state stays visible) until another starts. */
  jobId: string | null;
  /** The last status read; undefined before the first answer. */
  job: BulkJob | undefined;
  /** Not final yet: polled, and the badge shows. */
  active: boolean;
  cancelling: boolean;
  cancel: () => void;
}

/**
 * The top-bar indicator (spec part 1): follows the job stored under 'manualBulkJob', re-read on
 * every 'manualBulkJobUpdated'; polls it every 5 s (TanStack Query refetchInterval, on the status
 * entry the Bulk tab shares) until it is final; toasts each status change; clears the stored job
 * when it is final, or with a warning when the server no longer knows it.
 */
export function useBulkJobIndicator(): IndicatorState {
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const [jobId, setJobId] = useState<string | null>(readStoredBulkJobId);
  const [cancelling, setCancelling] = useState(false);
  const lastStatus = useRef<string | null>(null);
  const warnedLost = useRef<string | null>(null);

  // A job stored later is followed from now; the same one stored again (Retry Failed) is read
  // again even if it had ended. A job cleared from storage while followed is still followed to
  // its end: the Bulk tab clears it when the operator cancels there, and this tells how it ended.
  useEffect(
    () =>
      subscribeToStoredBulkJob(() => {
        const stored = readStoredBulkJobId();
        if (stored === null) return;
        setJobId(stored);
        void queryClient.invalidateQueries({ queryKey: bulkJobKeys.status(stored) });
      }),
    [queryClient],
  );

  const status = useQuery({
    queryKey: bulkJobKeys.status(jobId ?? ''),
    queryFn: ({ signal }) => getBulkJobStatus(jobId!, signal),
    enabled: jobId !== null,
    retry: false,
    // A passing failure keeps the last reading and tries again at the next interval.
    refetchInterval: (query) => {
      if (query.state.status === 'error' && isLostBulkJob(query.state.error)) return false;
      const job = query.state.data;
      return job && isFinalBulkJobStatus(job.status) && query.state.status === 'success'
        ? false
        : BULK_POLLING.indicatorMs;
    },
    refetchIntervalInBackground: true,
  });
  const lost = jobId !== null && status.status === 'error' && isLostBulkJob(status.error);
  const job = status.data;

  useEffect(() => {
    if (!job) return;
    const key = `${job.job_id}:${job.status}`;
    if (key !== lastStatus.current) {
      lastStatus.current = key;
      const toast = statusToast(job.status);
      enqueueSnackbar(toast.message, { variant: toast.variant });
    }
    if (isFinalBulkJobStatus(job.status)) clearStoredBulkJob(job.job_id);
  }, [job, enqueueSnackbar]);

  useEffect(() => {
    if (!lost || warnedLost.current === jobId) return;
    warnedLost.current = jobId;
    enqueueSnackbar(BULK_MESSAGES.lostOnIndicator, { variant: 'warning' });
    clearStoredBulkJob(jobId ?? undefined);
  }, [lost, jobId, enqueueSnackbar]);

  const refetch = status.refetch;
  const cancel = useCallback(async () => {
    if (!jobId || cancelling) return;
    setCancelling(true);
    try {
      await cancelBulkJob(jobId);
      enqueueSnackbar(BULK_MESSAGES.cancelRequested, { variant: 'info' });
      // Spec: the status is read again (its 'cancelled' toast follows) and the stored job cleared.
      await refetch();
      clearStoredBulkJob(jobId);
    } catch (error) {
      enqueueSnackbar(BULK_MESSAGES.cancelFailed(error instanceof Error ? error.message : String(error)), {
        variant: 'error',
      });
    } finally {
      setCancelling(false);
    }
  }, [jobId, cancelling, enqueueSnackbar, refetch]);

  if (lost) return { jobId: null, job: undefined, active: false, cancelling: false, cancel: () => undefined };
  return {
    jobId,
    job,
    active: jobId !== null && !(job && isFinalBulkJobStatus(job.status)),
    cancelling,
    cancel: () => void cancel(),
  };
}
