import type { TrendLastExecution } from '@abp/contracts';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { UnreachableFeeds } from '../../../components/unreachable-feeds';
import { formatDate, formatDuration } from '../lib/trend-format';
import { Fact } from './monitor-status-card';

export function LastExecutionCard({ execution }: { execution: TrendLastExecution }) {
  return (
    <Card component="section" aria-labelledby="last-execution-title" sx={{ height: '100%' }}>
      <CardContent>
        <Typography id="last-execution-title" variant="h6" component="h2" sx={{ mb: 2 }}>
          Last Execution
        </Typography>
        <UnreachableFeeds failures={execution.unreachable_feeds} />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 4 }}>
          <Fact label="Trends Found" value={String(execution.trends_found)} />
          <Fact label="Articles Generated" value={String(execution.articles_generated)} />
          <Fact label="Articles Published" value={String(execution.articles_published)} />
          <Fact label="Execution Time" value={formatDuration(execution.execution_time_ms)} />
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {formatDate(execution.created_at)}
        </Typography>
      </CardContent>
    </Card>
  );
}
