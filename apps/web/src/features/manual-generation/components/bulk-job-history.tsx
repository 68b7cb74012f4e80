import { BULK_JOB_PAGE, type BulkJobHistoryEntry, jobPagePath } from '@abp/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { formatDateTime } from '../../../lib/dates';
import { countOf } from '../../../lib/plural';
import { useBulkJobHistory } from '../api/bulk-job-history';

const STATUS_LABEL: Record<BulkJobHistoryEntry['status'], string> = {
  queued: 'Queued',
  processing: 'Processing',
  completed: 'Completed',
  completed_with_errors: 'Completed with errors',
  failed: 'Failed',
  cancelled: 'Cancelled',
};
const STATUS_COLOR = {
  completed: 'success',
  completed_with_errors: 'warning',
  failed: 'error',
  processing: 'info',
  queued: 'default',
  cancelled: 'default',
} as const;

/** What a job did, in words: "3 of 5 written · 1 failed · 1 not run". */
export function jobOutcome(job: BulkJobHistoryEntry): string {
  const parts = [`${job.progress.successful} of ${countOf(job.progress.total, 'item')} written`];
  if (job.progress.failed > 0) parts.push(`${job.progress.failed} failed`);
  if (job.not_run > 0) parts.push(`${job.not_run} not run`);
  return parts.join(' · ');
}

/** Past and running bulk jobs, newest first (issue #17 item 15); each opens its job page. */
export function BulkJobHistory() {
  const history = useBulkJobHistory();
  if (history.isError)
    return (
      <Typography color="error" sx={{ mt: 3 }}>{`Failed to load the job history: ${history.error.message}`}</Typography>
    );
  if (!history.data || history.data.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="bulk-history-title" sx={{ mt: 4 }}>
      <Typography id="bulk-history-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        Job History
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {history.data.map((job) => (
          <Box
            component="li"
            key={job.job_id}
            aria-label={`Job of ${formatDateTime(job.created_at)}`}
            sx={{
              py: 1,
              borderBottom: 1,
              borderColor: 'divider',
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'center',
              gap: 1,
            }}
          >
            <Typography variant="body2" sx={{ minWidth: 150 }}>
              {formatDateTime(job.created_at)}
            </Typography>
            <Chip
              size="small"
              label={STATUS_LABEL[job.status]}
              color={STATUS_COLOR[job.status]}
              variant={job.status === 'cancelled' ? 'outlined' : 'filled'}
            />
            <Typography variant="body2" sx={{ flex: '1 1 14rem', minWidth: 0, overflowWrap: 'anywhere' }}>
              {`${job.site_name ?? 'Deleted site'} · ${job.task_type} · ${jobOutcome(job)}`}
            </Typography>
            {/* Issue #37 point 2: a row opens the job's own page (its items, reasons, Retry). */}
            <Button component={RouterLink} to={jobPagePath('bulk', job.job_id)} size="small">
              {BULK_JOB_PAGE.openJob}
            </Button>
            {job.error && (
              <Typography variant="caption" color="error" sx={{ flexBasis: '100%', overflowWrap: 'anywhere' }}>
                {job.error}
              </Typography>
            )}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
