import type { Dashboard } from '@abp/contracts';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { formatDate } from '../../../lib/dates';
import { countOf } from '../../../lib/plural';
import { ChartBoundary } from './chart-boundary';
import { DailyBarChart } from './daily-bar-chart';

export function PerDayCard({ days, hasSite }: { days: Dashboard['articles_per_day']; hasSite: boolean }) {
  const total = days.reduce((sum, d) => sum + d.count, 0);
  const busiest = days.reduce<Dashboard['articles_per_day'][number] | null>(
    (best, d) => (best && best.count >= d.count ? best : d),
    null,
  );
  return (
    <Card component="section" aria-labelledby="per-day-title" sx={{ mb: 3 }}>
      <CardContent>
        <Typography id="per-day-title" variant="h6" component="h2">
          Articles per Day
        </Typography>
        {/* The figures in words too, for screen readers and quick reading. */}
        <Typography variant="body2" color="text.secondary" gutterBottom>
          {`${countOf(total, 'article')} in the last ${days.length} days`}
          {busiest && busiest.count > 0 ? ` · busiest day ${formatDate(busiest.date)} (${busiest.count})` : ''}
        </Typography>
        <ChartBoundary>
          <DailyBarChart
            days={days.map((d) => ({ date: d.date, value: d.count }))}
            label="Articles"
            color="#1e40af"
            height={260}
            emptyText={
              hasSite
                ? `No articles in the last ${days.length} days.`
                : 'No articles yet: add a site and write a first article to see them here.'
            }
          />
        </ChartBoundary>
      </CardContent>
    </Card>
  );
}
