import type { BulkJobItemResult } from '@abp/contracts';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { summarise } from '../lib/bulk-job-text';
import { BulkResultList } from './bulk-result-list';

interface BulkJobResultsProps {
  successful: readonly BulkJobItemResult[];
  failed: readonly BulkJobItemResult[];
  /** Items a cancel stopped before they ran. */
  notRun: readonly BulkJobItemResult[];
  /** The job page: a Retry button on each failed or unrun item (absent while the job runs). */
  onRetryItem?: (position: number) => void;
  /** The item being retried (-1: the whole job is busy), or null. */
  retrying?: number | null;
}

function Tile({ label, value, color }: { label: string; value: string | number; color?: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, textAlign: 'center' }} role="group" aria-label={label}>
      <Typography variant="h5" component="p" color={color}>
        {value}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
    </Paper>
  );
}

/** Results of a finished job: the tiles, the Refusal Recovery block and the lists (written, failed, never run). */
export function BulkJobResults({ successful, failed, notRun, onRetryItem, retrying = null }: BulkJobResultsProps) {
  const summary = summarise(successful, failed);
  return (
    <section aria-label="Bulk job results">
      <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1.5 }}>
        Results
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 4 }}>
          {/* Issue #37 point 8: a count of zero is not an alarm (nor a success): coloured only when there is one. */}
          <Tile
            label="Successful"
            value={summary.successful}
            color={summary.successful > 0 ? 'success.main' : undefined}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <Tile label="Failed" value={summary.failed} color={summary.failed > 0 ? 'error.main' : undefined} />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <Tile label="Success Rate" value={`${summary.successRate}%`} />
        </Grid>
      </Grid>
      <Paper variant="outlined" sx={{ p: 2, mt: 2 }} role="group" aria-label="Refusal Recovery">
        <Typography variant="subtitle1" component="h3">
          Refusal Recovery
        </Typography>
        <Grid container spacing={2} sx={{ mt: 0.5 }}>
          <Grid size={4}>
            <Typography variant="body2">Recovered: {summary.recovered}</Typography>
          </Grid>
          <Grid size={4}>
            <Typography variant="body2">Refusal Flags: {summary.refusalFlags}</Typography>
          </Grid>
          <Grid size={4}>
            <Typography variant="body2">Total Attempts: {summary.totalAttempts}</Typography>
          </Grid>
        </Grid>
      </Paper>
      <BulkResultList title="Successful items" items={successful} />
      <BulkResultList title="Failed items" items={failed} onRetry={onRetryItem} retrying={retrying} />
      <BulkResultList title="Items not run" items={notRun} onRetry={onRetryItem} retrying={retrying} />
    </section>
  );
}
