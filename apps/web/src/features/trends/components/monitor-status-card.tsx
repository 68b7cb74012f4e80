import type { TrendMonitorStatus, TrendStats } from '@abp/contracts';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';

export function Fact({ label, value, caption }: { label: string; value: string; caption?: string }) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography fontWeight={600}>{value}</Typography>
      {caption && (
        <Typography variant="caption" color="text.secondary">
          {caption}
        </Typography>
      )}
    </Box>
  );
}

export function MonitorStatusCard({ status, stats }: { status: TrendMonitorStatus; stats: TrendStats }) {
  return (
    <Card component="section" aria-labelledby="monitor-status-title" sx={{ height: '100%' }}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
          <Typography id="monitor-status-title" variant="h6" component="h2">
            Monitor Status
          </Typography>
          <Chip
            label={status.isRunning ? 'Running' : 'Idle'}
            color={status.isRunning ? 'warning' : 'success'}
            size="small"
          />
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 4 }}>
          <Fact label="Active Jobs" value={String(status.activeJobs)} />
          <Fact label="Total Processed" value={stats.total_processed.toLocaleString()} />
          {/* The Dashboard's figure (every article of the last 7 days), with the trends' share under it. */}
          <Fact
            label="Recent Articles"
            value={stats.recent_articles.toLocaleString()}
            caption={`Last 7 days · ${stats.recent_trend_articles.toLocaleString()} from trends`}
          />
        </Box>
      </CardContent>
    </Card>
  );
}
