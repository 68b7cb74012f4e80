import type { Dashboard, TrendLastExecution } from '@abp/contracts';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { DateTime } from '../../../components/date-time';
import { UnreachableFeeds } from '../../../components/unreachable-feeds';

/** Spec part 1: published success, draft warning, any other status the error colour. */
export const dashboardStatusColor = (status: string) =>
  status === 'published' ? 'success' : status === 'draft' ? 'warning' : 'error';

export function StatusCard({ byStatus }: { byStatus: Dashboard['by_status'] }) {
  return (
    <Card component="section" aria-labelledby="by-status-title" sx={{ height: '100%' }}>
      <CardContent>
        <Typography id="by-status-title" variant="h6" component="h2" gutterBottom>
          Articles by Status
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {byStatus.map(({ status, count }) => (
            // A zero is neutral (issue #37 point 8): only a status that has articles takes its colour.
            <Chip
              key={status}
              label={`${status}: ${count}`}
              color={count === 0 ? 'default' : dashboardStatusColor(status)}
              variant={count === 0 ? 'outlined' : 'filled'}
            />
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}

export function SiteCard({ bySite }: { bySite: Dashboard['by_site'] }) {
  return (
    <Card component="section" aria-labelledby="by-site-title" sx={{ height: '100%' }}>
      <CardContent>
        <Typography id="by-site-title" variant="h6" component="h2" gutterBottom>
          Articles by Site
        </Typography>
        {bySite.length === 0 ? (
          <Typography color="text.secondary">No sites configured</Typography>
        ) : (
          <List dense disablePadding>
            {bySite.map((site) => (
              <ListItem
                key={site.site_id ?? 'none'}
                disableGutters
                secondaryAction={<Chip size="small" label={site.count} />}
              >
                <ListItemText primary={site.site_name} secondary={site.site_url} />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}

/** Shown only when a last execution exists (spec part 1). */
export function LastTrendCheckCard({ execution }: { execution: TrendLastExecution }) {
  const facts: Array<[string, ReactNode]> = [
    ['Trends Found', String(execution.trends_found)],
    ['Articles Generated', String(execution.articles_generated)],
    ['Execution Time', `${(execution.execution_time_ms / 1000).toFixed(1)}s`],
    ['Date', <DateTime key="date" value={execution.created_at} />],
  ];
  return (
    <Card component="section" aria-labelledby="last-trend-title" sx={{ mt: 3 }}>
      <CardContent>
        <Typography id="last-trend-title" variant="h6" component="h2" gutterBottom>
          Last Trend Check
        </Typography>
        <UnreachableFeeds failures={execution.unreachable_feeds} />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 4 }}>
          {facts.map(([label, value]) => (
            <Box key={label}>
              <Typography variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography fontWeight={600}>{value}</Typography>
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}
