import type { TrendMonitorStatus } from '@abp/contracts';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useCheckTrends } from '../api/check-trends';

/** Said instead of the button while there is no site. */
export const NO_SITE_TREND_TEXT = 'Trend checks write articles for your sites: add a site first.';

export function TrendMonitorCard({ status, hasSite }: { status: TrendMonitorStatus; hasSite: boolean }) {
  const { enqueueSnackbar } = useSnackbar();
  const check = useCheckTrends();
  const running = status.isRunning || check.isPending;

  const start = async () => {
    try {
      await check.mutateAsync();
      enqueueSnackbar('Trend check started', { variant: 'success' });
    } catch {
      enqueueSnackbar('Failed to trigger trend check', { variant: 'error' });
    }
  };

  return (
    <Card sx={{ mb: 3 }}>
      <CardContent sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        <Box sx={{ mr: 'auto' }}>
          <Typography variant="h6" component="h2" gutterBottom>
            Trend Monitor Status
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
            <Chip label={status.isRunning ? 'Running' : 'Idle'} color={status.isRunning ? 'warning' : 'success'} />
            <Typography>{`Active Jobs: ${status.activeJobs}`}</Typography>
          </Box>
        </Box>
        {hasSite || status.isRunning ? (
          <Button variant="contained" startIcon={<TrendingUpIcon />} onClick={() => void start()} disabled={running}>
            {running ? 'Running...' : 'Check Trends Now'}
          </Button>
        ) : (
          // Not offered without a site: a check reads Google Trends for the sites' topics and writes to them.
          <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 360 }}>
            {NO_SITE_TREND_TEXT}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
