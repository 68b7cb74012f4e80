import { useCallback, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { BULK_MESSAGES, type BulkJob, type BulkJobStartInput } from '@abp/contracts';
import { clearStoredBulkJob, readStoredBulkJobId, storeBulkJobId } from '../../../lib/manual-bulk-job';
import { getBulkJobResults, type BulkJobWithResults } from '../api/bulk-job-results';
import { getBulkJobStatus } from '../api/bulk-job-status';
import { cancelBulkJob } from '../api/bulk-cancel-job';
import { retryBulkJob } from '../api/bulk-retry-job';
import { startBulkJob } from '../api/bulk-start-job';
import { BulkJobPoller } from '../lib/bulk-job-poller';

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
  start: (body: BulkJobStartInput) => Promise<void>;
  retry: () => Promise<void>;
  cancel: () => Promise<void>;
}

/**
 * The Bulk Generation tab's job (spec part 2 §4): starts it and stores its id ('manualBulkJob'),
 * resumes a stored one on load, polls it, fetches the results once it is final, and handles
 * retry, cancel and a job the server no longer knows.
 */
export function useBulkGeneration(): BulkGeneration {
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const [jobId, setJobId] = useState<string | null>(readStoredBulkJobId);
  const [job, setJob] = useState<BulkJob | null>(null);
  const [results, setResults] = useState<BulkJobWithResults | null>(null);
  const [lostMessage, setLostMessage] = useState<string | null>(null);
  const [gaveUp, setGaveUp] = useState(false);
  const [busy, setBusy] = useState<BulkGeneration['busy']>(null);

  const [poller] = useState(
    () =>
      new BulkJobPoller({
        fetchStatus: getBulkJobStatus,
        onStatus: (next) => setJob(next),
        onFinal: (final) => {
          clearStoredBulkJob(final.job_id);
          // New articles change the Articles list and the dashboard.
          void queryClient.invalidateQueries({ queryKey: ['articles'] });
          void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
          getBulkJobResults(final.job_id).then(
            (withResults) => {
              setResults(withResults);
              if (withResults.results.successful.length === 0) enqueueSnackbar(BULK_MESSAGES.noneSucceeded(final.status), { variant: 'error' });
            },
            (error: unknown) => enqueueSnackbar(`Bulk operation failed: ${messageOf(error)}`, { variant: 'error' }),
          );
        },
        onLost: (lostId) => {
          // Spec: the job is marked failed and the operator told to try again.
          setJob((current) => (current ? { ...current, status: 'failed', error: BULK_MESSAGES.lostOnTab } : current));
          setLostMessage(BULK_MESSAGES.lostOnTab);
          enqueueSnackbar(BULK_MESSAGES.lostOnTab, { variant: 'error' });
          clearStoredBulkJob(lostId);
        },
        onGaveUp: () => setGaveUp(true),
      }),
  );

  // A job stored by an earlier visit is picked up again (spec: 'Resuming background bulk job').
  useEffect(() => {
    const stored = readStoredBulkJobId();
    if (stored) {
      enqueueSnackbar(BULK_MESSAGES.resuming, { variant: 'info' });
      poller.start(stored);
    }
    return () => poller.stop();
  }, [poller, enqueueSnackbar]);

  const follow = useCallback(
    (id: string) => {
      setJobId(id);
      setResults(null);
      setLostMessage(null);
      setGaveUp(false);
      storeBulkJobId(id);
      poller.start(id);
    },
    [poller],
  );

  const start = useCallback(
    async (body: BulkJobStartInput) => {
      setBusy('starting');
      try {
        const { job_id } = await startBulkJob(body);
        setJob(null);
        follow(job_id);
      } catch (error) {
        enqueueSnackbar(BULK_MESSAGES.startFailed(messageOf(error)), { variant: 'error' });
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

  const cancel = useCallback(async () => {
    if (!jobId) return;
    setBusy('cancelling');
    try {
      await cancelBulkJob(jobId);
      poller.pollNow();
    } catch (error) {
      enqueueSnackbar(BULK_MESSAGES.cancelFailed(messageOf(error)), { variant: 'error' });
    } finally {
      setBusy(null);
    }
  }, [enqueueSnackbar, jobId, poller]);

  return { jobId, job, results, lostMessage, gaveUp, busy, start, retry, cancel };
}
