import { BULK_JOB_PAGE, type BulkJob, isFinalBulkJobStatus, jobPagePath } from '@abp/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { jobCostText } from '../../../lib/money';
import { percentDone, statusMessage, statusSeverity } from '../lib/bulk-job-text';

interface BulkJobStatusProps {
  jobId: string;
  job: BulkJob | null;
  lostMessage: string | null;
  gaveUp: boolean;
  busy: 'starting' | 'retrying' | 'cancelling' | null;
  /** Items a cancel stopped before they ran: Retry takes them too (issue #17 item 15). */
  notRun: number;
  onRetry: () => void;
  onCancel: () => void;
  /** The tab shows the id and links to the job's page; the job's page itself needs neither. */
  showJobId?: boolean;
}

/** The status alert with the job id and a progress bar, and the Retry Failed / Cancel Job buttons. */
export function BulkJobStatus({
  jobId,
  job,
  lostMessage,
  gaveUp,
  busy,
  notRun,
  onRetry,
  onCancel,
  showJobId = true,
}: BulkJobStatusProps) {
  const final = job ? isFinalBulkJobStatus(job.status) : false;
  const percent = job ? percentDone(job) : 0;
  const severity = lostMessage ? 'error' : job ? statusSeverity(job.status) : 'info';
  return (
    <Box sx={{ mt: 3 }} aria-label="Bulk job status" role="region">
      <Alert severity={severity}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {lostMessage ?? (job ? statusMessage(job) : 'Job queued, waiting to start...')}
        </Typography>
        {showJobId && (
          <>
            <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
              Job ID: {jobId}
            </Typography>
            <Link component={RouterLink} to={jobPagePath('bulk', jobId)} variant="body2">
              {BULK_JOB_PAGE.openPage}
            </Link>
          </>
        )}
        {gaveUp && !final && (
          <Typography variant="body2">
            This page stopped checking; the job goes on in the background and the top bar keeps showing its progress.
          </Typography>
        )}
      </Alert>
      {job && (
        <Box sx={{ mt: 1.5 }}>
          <LinearProgress variant="determinate" value={percent} aria-label="Job progress" />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {job.progress.processed}/{job.progress.total} ({percent}%)
          </Typography>
          {jobCostText(job.cost) && (
            <Typography variant="body2" color="text.secondary">
              {jobCostText(job.cost)}
            </Typography>
          )}
        </Box>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 1.5 }}>
        <Button
          variant="outlined"
          onClick={onRetry}
          disabled={
            !job || !final || (job.progress.failed === 0 && notRun === 0) || busy !== null || lostMessage !== null
          }
        >
          {notRun > 0 ? 'Retry Failed and Unrun Items' : 'Retry Failed'}
        </Button>
        <Button variant="outlined" color="error" onClick={onCancel} disabled={!job || final || busy !== null}>
          Cancel Job
        </Button>
      </Stack>
    </Box>
  );
}
