import type { Dashboard } from '@abp/contracts';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { capitalise, statusColor } from '../lib/article-format';

/** The status overview card: totals and a chip per status, from GET /api/dashboard. */
export function StatusOverview({ stats }: { stats: Dashboard | undefined }) {
  return (
    <Card sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Status Overview
        </Typography>
        {!stats ? (
          <Skeleton variant="rounded" height={40} aria-label="Loading status overview" />
        ) : (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 3 }}>
            <Figure label="Total Articles" value={stats.total_articles} />
            <Figure label="Last 7 days" value={stats.recent_articles} />
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }} aria-label="Articles by status">
              {stats.by_status.map(({ status, count }) => (
                <Chip
                  key={status}
                  label={`${capitalise(status)}: ${count}`}
                  color={count ? statusColor(status) : 'default'}
                  variant={count ? 'filled' : 'outlined'}
                />
              ))}
            </Box>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Box>
      <Typography variant="h5" component="p">
        {value.toLocaleString()}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
    </Box>
  );
}
