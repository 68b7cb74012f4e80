import { BULK_MESSAGES } from '@abp/contracts';
import Button from '@mui/material/Button';
import { useSnackbar } from 'notistack';
import { clearStoredBulkJob, readStoredBulkJobId } from '../../../lib/manual-bulk-job';
import { useClearStuckBulkJobs } from '../api/bulk-clear-stuck';

/**
 * 'Clear Stuck Jobs' (spec part 2 §2.2): fails on the server the bulk jobs that made no progress
 * for BULK_STUCK_MINUTES (running ones that progress are left alone), and forgets the stored job
 * if it was one of them.
 */
export function BulkClearStuckButton() {
  const { enqueueSnackbar } = useSnackbar();
  const clear = useClearStuckBulkJobs();
  const onClick = () =>
    clear.mutate(undefined, {
      onSuccess: ({ cleared, job_ids }) => {
        const stored = readStoredBulkJobId();
        if (stored && job_ids.includes(stored)) clearStoredBulkJob(stored);
        enqueueSnackbar(
          cleared === 0 ? 'No stuck jobs found' : `Cleared ${cleared} stuck job${cleared === 1 ? '' : 's'}`,
          { variant: cleared === 0 ? 'info' : 'success' },
        );
      },
      onError: () => enqueueSnackbar(BULK_MESSAGES.clearFailed, { variant: 'error' }),
    });
  return (
    <Button variant="outlined" color="warning" onClick={onClick} disabled={clear.isPending}>
      Clear Stuck Jobs
    </Button>
  );
}
