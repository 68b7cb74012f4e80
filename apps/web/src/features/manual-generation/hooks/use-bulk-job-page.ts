import { BULK_JOB_PAGE, BULK_MESSAGES, BULK_POLLING, isFinalBulkJobStatus } from '@abp/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useCallback, useMemo, useState } from 'react';
import { storeBulkJobId } from '../../../lib/manual-bulk-job';
import { bulkJobKeys, cancelBulkJob, isLostBulkJob } from '../../../lib/resources/bulk-jobs';
import { getBulkJobResults } from '../api/bulk-job-results';
import { retryBulkJobItem } from '../api/bulk-retry-item';
import { retryBulkJob } from '../api/bulk-retry-job';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * One bulk job read from its address (issue #37 point 2): its results (the job and every finished
 * item) polled while it runs, and Retry (all, or one item) and Cancel through the same endpoints
 * as the Bulk Generation tab. A retried job is followed by the top bar again.
 */
export function useBulkJobPage(jobId: string) {
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<'retrying' | 'cancelling' | number | null>(null);
  // Its own entry: the tab reads the results once (never stale); this page polls them.
  const key = useMemo(() => [...bulkJobKeys.results(jobId), 'page'] as const, [jobId]);
  const results = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => getBulkJobResults(jobId, signal),
    retry: (count, error) => !isLostBulkJob(error) && count < 2,
    refetchInterval: (query) =>
      query.state.data && isFinalBulkJobStatus(query.state.data.status) ? false : BULK_POLLING.pollMs,
  });

  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: key });
    void queryClient.invalidateQueries({ queryKey: bulkJobKeys.history });
    void queryClient.invalidateQueries({ queryKey: bulkJobKeys.status(jobId) });
  }, [queryClient, jobId, key]);

  const run = useCallback(
    async (what: NonNullable<typeof busy>, action: () => Promise<string>, failure: (message: string) => string) => {
      setBusy(what);
      try {
        enqueueSnackbar(await action(), { variant: 'success' });
      } catch (error) {
        enqueueSnackbar(failure(messageOf(error)), { variant: 'error' });
      } finally {
        setBusy(null);
        refresh();
      }
    },
    [enqueueSnackbar, refresh],
  );

  const retryAll = () =>
    run(
      'retrying',
      async () => {
        const { retried } = await retryBulkJob(jobId);
        storeBulkJobId(jobId);
        return BULK_JOB_PAGE.retried(retried);
      },
      BULK_MESSAGES.retryFailed,
    );
  const retryItem = (position: number) =>
    run(
      position,
      async () => {
        await retryBulkJobItem(jobId, position);
        storeBulkJobId(jobId);
        return BULK_JOB_PAGE.itemRetried(position);
      },
      BULK_MESSAGES.retryFailed,
    );
  const cancel = () => run('cancelling', async () => (await cancelBulkJob(jobId)).message, BULK_MESSAGES.cancelFailed);

  return {
    job: results.data ?? null,
    error: results.error,
    lost: results.error !== null && isLostBulkJob(results.error),
    busy,
    retryAll,
    retryItem,
    cancel,
  };
}
