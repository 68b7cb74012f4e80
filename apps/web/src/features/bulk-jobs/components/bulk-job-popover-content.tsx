import { BULK_MESSAGES, type BulkJob, isFinalBulkJobStatus } from '@abp/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { jobCostText } from '../../../lib/money';
import { localTime, percentProcessed } from '../lib/bulk-job-format';

interface BulkJobPopoverContentProps {
  jobId: string | null;
  job: BulkJob | undefined;
  onCancel: () => void;
  cancelling: boolean;
}

/** Spec part 1 "Background job popover". */
export function BulkJobPopoverContent({ jobId, job, onCancel, cancelling }: BulkJobPopoverContentProps) {
  if (!jobId) return <Typography sx={{ p: 2 }}>{BULK_MESSAGES.indicatorEmpty}</Typography>;
  if (!job) return <Typography sx={{ p: 2 }}>{BULK_MESSAGES.indicatorStarting}</Typography>;
  const percent = percentProcessed(job) ?? 0;
  return (
    <Box sx={{ p: 2, width: 320 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        Bulk Job
      </Typography>
      <Stack spacing={0.5} sx={{ mt: 1 }}>
        <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
          ID: {job.job_id}
        </Typography>
        <Typography variant="body2">Stage: {job.stage}</Typography>
        <Typography variant="body2">
          {job.progress.processed} / {job.progress.total}
        </Typography>
        <Typography variant="body2">
          Success: {job.progress.successful} · Failed: {job.progress.failed}
        </Typography>
        {jobCostText(job.cost) && <Typography variant="body2">{jobCostText(job.cost)}</Typography>}
      </Stack>
      <LinearProgress variant="determinate" value={percent} aria-label="Bulk job progress" sx={{ my: 1.5 }} />
      {job.estimated_completion && (
        <Typography variant="body2" color="text.secondary">
          Estimated completion: {localTime(job.estimated_completion)}
        </Typography>
      )}
      {!isFinalBulkJobStatus(job.status) && (
        <Button color="error" variant="outlined" size="small" onClick={onCancel} disabled={cancelling} sx={{ mt: 1.5 }}>
          Cancel
        </Button>
      )}
    </Box>
  );
}
