import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import { BudgetAlert } from '../../../components/budget-alert';
import { OfflineWriterNotice } from '../../../components/offline-writer-notice';
import { PageHeader } from '../../../components/page-header';
import { useDashboard } from '../api/get-dashboard';
import { LastTrendCheckCard, SiteCard, StatusCard } from './breakdown-cards';
import { GettingStartedCard } from './getting-started-card';
import { NotLiveAlert } from './not-live-alert';
import { PerDayCard } from './per-day-card';
import { ReviewWaitingLine } from './review-waiting-line';
import { SpendCard } from './spend-card';
import { StatCards } from './stat-cards';
import { TrendMonitorCard } from './trend-monitor-card';

export function DashboardPage() {
  const dashboard = useDashboard();
  const data = dashboard.data;
  // A trend check writes for the operator's sites: with none, it has nowhere to write (issue #37 point 4).
  const hasSite = data?.by_site.some((site) => site.site_id !== null) ?? false;
  return (
    <>
      <PageHeader title="Dashboard" subtitle="Monitor your automated blog posting activity and performance" />
      <OfflineWriterNotice />
      <BudgetAlert what="New articles" />
      <GettingStartedCard />
      <ReviewWaitingLine />
      {dashboard.isError && (
        <Alert
          severity="error"
          sx={{ mb: 3 }}
          action={
            <Button color="inherit" size="small" onClick={() => void dashboard.refetch()}>
              Retry
            </Button>
          }
        >
          Failed to load dashboard data
        </Alert>
      )}
      {dashboard.isPending && (
        <Paper variant="outlined" sx={{ p: 4, display: 'flex', justifyContent: 'center' }}>
          <CircularProgress aria-label="Loading dashboard" />
        </Paper>
      )}
      {data && (
        <>
          <TrendMonitorCard status={data.trend_monitor} hasSite={hasSite} />
          <StatCards data={data} />
          <NotLiveAlert count={data.not_live_posts} />
          <PerDayCard days={data.articles_per_day} hasSite={hasSite} />
          <SpendCard />
          <Grid container spacing={3}>
            <Grid size={{ xs: 12, md: 6 }}>
              <StatusCard byStatus={data.by_status} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <SiteCard bySite={data.by_site} />
            </Grid>
          </Grid>
          {data.trend_stats.last_execution && <LastTrendCheckCard execution={data.trend_stats.last_execution} />}
        </>
      )}
    </>
  );
}
