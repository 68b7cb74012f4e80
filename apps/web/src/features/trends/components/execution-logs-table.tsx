import { jobPagePath, TREND_RUN_PAGE, type TrendExecutionLog } from '@abp/contracts';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { DateTime } from '../../../components/date-time';
import { PhoneRows, usePhone } from '../../../components/phone-rows';
import { errorText, formatDate, formatDuration } from '../lib/trend-format';

export const NO_LOGS_TEXT = 'No execution logs found. Logs will appear here after trend monitoring runs.';

function StatusCell({ log }: { log: TrendExecutionLog }) {
  // A run still going has no outcome yet; 'Errors' or 'Success' once it has finished.
  if (log.status === 'running') return <Chip label="Running" color="warning" size="small" variant="outlined" />;
  // A check the operator cancelled is not an error (the same word as its own page).
  const cancelled = log.errors.some((error) => error.kind === 'cancelled');
  if (cancelled && log.errors.length === 1) return <Chip label="Cancelled" size="small" />;
  // Issue #37 point 8: why a check wrote nothing is read in the page (a tooltip has no touch and hides it).
  if (log.errors.length > 0) {
    return (
      <>
        <Chip label="Errors" color="error" size="small" />
        <Typography
          variant="caption"
          component="p"
          color="text.secondary"
          aria-label="Reasons"
          sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', mt: 0.5, maxWidth: 420 }}
        >
          {errorText(log.errors)}
        </Typography>
      </>
    );
  }
  return <Chip label="Success" color="success" size="small" />;
}

/** Issue #37 point 2: each run opens its own page (what it wrote, what it skipped and why). */
function OpenRunLink({ log }: { log: TrendExecutionLog }) {
  return (
    <Link component={RouterLink} to={jobPagePath('trend', log.id)} variant="body2">
      {TREND_RUN_PAGE.openPage}
    </Link>
  );
}

export function ExecutionLogsTable({ logs }: { logs: TrendExecutionLog[] }) {
  const phone = usePhone();
  if (logs.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 2 }}>
        {NO_LOGS_TEXT}
      </Typography>
    );
  }
  if (phone)
    return (
      <PhoneRows
        label="Execution logs"
        rows={logs.map((log) => ({
          key: log.id,
          title: formatDate(log.created_at),
          facts: [
            { label: 'Trends Found', value: log.trends_found },
            { label: 'Articles Generated', value: log.articles_generated },
            { label: 'Articles Published', value: log.articles_published },
            { label: 'Execution Time', value: log.status === 'running' ? '—' : formatDuration(log.execution_time_ms) },
            { label: 'Status', value: <StatusCell log={log} /> },
            { label: 'Details', value: <OpenRunLink log={log} /> },
          ],
        }))}
      />
    );
  return (
    <TableContainer>
      <Table size="small" aria-label="Execution logs">
        <TableHead>
          <TableRow>
            <TableCell>Date</TableCell>
            <TableCell align="right">Trends Found</TableCell>
            <TableCell align="right">Articles Generated</TableCell>
            <TableCell align="right">Articles Published</TableCell>
            <TableCell align="right">Execution Time</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Details</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {logs.map((log) => (
            <TableRow key={log.id}>
              <TableCell>
                <DateTime value={log.created_at} />
              </TableCell>
              <TableCell align="right">{log.trends_found}</TableCell>
              <TableCell align="right">{log.articles_generated}</TableCell>
              <TableCell align="right">{log.articles_published}</TableCell>
              <TableCell align="right">
                {log.status === 'running' ? '—' : formatDuration(log.execution_time_ms)}
              </TableCell>
              <TableCell>
                <StatusCell log={log} />
              </TableCell>
              <TableCell>
                <OpenRunLink log={log} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
