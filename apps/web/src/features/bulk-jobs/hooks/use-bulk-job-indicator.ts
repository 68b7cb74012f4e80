import { useEffect, useState, useSyncExternalStore } from 'react';
import { useSnackbar } from 'notistack';
import { cancelBulkJob } from '../api/cancel-bulk-job';
import { getBulkJobStatus } from '../api/get-bulk-job-status';
import { BulkJobWatcher, type WatcherSnapshot } from '../lib/bulk-job-watcher';

/** The indicator's state and its Cancel action, for as long as the top bar is mounted. */
export function useBulkJobIndicator(): WatcherSnapshot & { cancel: () => void } {
  const { enqueueSnackbar } = useSnackbar();
  const [watcher] = useState(
    () =>
      new BulkJobWatcher({
        fetchStatus: getBulkJobStatus,
        cancelJob: cancelBulkJob,
        notify: (message, variant) => enqueueSnackbar(message, { variant }),
      }),
  );
  useEffect(() => {
    watcher.start();
    return () => watcher.stop();
  }, [watcher]);
  const snapshot = useSyncExternalStore(watcher.subscribe, watcher.getSnapshot);
  return { ...snapshot, cancel: () => void watcher.cancel() };
}
