import { TREND_DEFAULT_PAGE_SIZE, TREND_MESSAGES } from '@abp/contracts';
import RefreshIcon from '@mui/icons-material/Refresh';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useEffect, useRef, useState } from 'react';
import { BudgetAlert } from '../../../components/budget-alert';
import { OfflineWriterNotice } from '../../../components/offline-writer-notice';
import { PageHeader } from '../../../components/page-header';
import { useTrendLogs } from '../api/get-trend-logs';
import { useTrendStats } from '../api/get-trend-stats';
import { useTrendStatus } from '../api/get-trend-status';
import { type TrendPageParams, trendKeys } from '../api/query-keys';
import { useStartTrendCheck } from '../api/start-trend-check';
import { ExecutionLogsSection } from './execution-logs-section';
import { LastExecutionCard } from './last-execution-card';
import { MonitorStatusCard } from './monitor-status-card';
import { ProcessedTrendsSection } from './processed-trends-section';

export const LOADING_TEXT = 'Loading trend monitor data...';

/** Spec part 2 §2.4: the monitor's state, its last run, the execution logs and the processed trends. */
export function TrendMonitorPage() {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [logParams, setLogParams] = useState<TrendPageParams>({ limit: TREND_DEFAULT_PAGE_SIZE, offset: 0 });
  const status = useTrendStatus();
  const stats = useTrendStats();
  const logs = useTrendLogs(logParams);
  const check = useStartTrendCheck();

  const queries = [status, stats, logs];
  // A failed read is shown also when older figures are on the screen (issue #17 item 16): the
  // operator must not take stale data for fresh.
  const failed = queries.find((query) => query.isError);
  const loaded =
    status.data && stats.data && logs.data ? { status: status.data, stats: stats.data, logs: logs.data } : null;
  const running = status.data?.isRunning === true || check.isPending;

  // One toast as loading starts to fail (the alert below says why and offers Retry), not one per poll.
  const loadFailing = failed !== undefined;
  useEffect(() => {
    if (loadFailing) enqueueSnackbar(TREND_MESSAGES.loadFailed, { variant: 'error' });
  }, [loadFailing, enqueueSnackbar]);

  // A check that just ended changed the figures and the logs: read them now, not at the next poll.
  const checkRunning = status.data?.isRunning === true;
  const wasRunning = useRef(checkRunning);
  useEffect(() => {
    if (wasRunning.current && !checkRunning) void queryClient.invalidateQueries({ queryKey: trendKeys.all });
    wasRunning.current = checkRunning;
  }, [checkRunning, queryClient]);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: trendKeys.all });
  const retry = () => void Promise.all(queries.filter((query) => query.isError).map((query) => query.refetch()));
  const startCheck = async () => {
    try {
      await check.mutateAsync();
      enqueueSnackbar(TREND_MESSAGES.started, { variant: 'success' });
    } catch {
      enqueueSnackbar(TREND_MESSAGES.triggerFailed, { variant: 'error' });
    }
  };

  return (
    <>
      <PageHeader
        title="Trend Monitor"
        actions={
          <>
            <Button variant="outlined" startIcon={<RefreshIcon />} onClick={refresh}>
              Refresh
            </Button>
            <Button
              variant="contained"
              startIcon={<TrendingUpIcon />}
              onClick={() => void startCheck()}
              disabled={running}
            >
              {running ? 'Running...' : 'Check Trends Now'}
            </Button>
          </>
        }
      />
      <OfflineWriterNotice />
      <BudgetAlert what="Trend articles" />
      {failed && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={retry}>
              Retry
            </Button>
          }
        >
          {`Failed to load trend monitor: ${failed.error?.message ?? 'unknown error'}`}
        </Alert>
      )}
      {!loaded ? (
        !failed && (
          <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
            <Typography color="text.secondary">{LOADING_TEXT}</Typography>
          </Paper>
        )
      ) : (
        <>
          <Grid container spacing={3} sx={{ mb: 3 }}>
            <Grid size={{ xs: 12, md: 6 }}>
              <MonitorStatusCard status={loaded.status} stats={loaded.stats} />
            </Grid>
            {loaded.stats.last_execution && (
              <Grid size={{ xs: 12, md: 6 }}>
                <LastExecutionCard execution={loaded.stats.last_execution} />
              </Grid>
            )}
          </Grid>
          <Box>
            <ExecutionLogsSection page={loaded.logs} params={logParams} onParamsChange={setLogParams} />
            <ProcessedTrendsSection />
          </Box>
        </>
      )}
    </>
  );
}
