import useMediaQuery from '@mui/material/useMediaQuery';
import { BarChart } from '@mui/x-charts/BarChart';
import type { Dashboard } from '@abp/contracts';

const dayLabel = (date: string) => new Date(`${date}T00:00:00`).toLocaleDateString(undefined, { month: 'short', day: 'numeric' });

/** Loaded lazily (MUI X Charts is large): articles created per day over the last 30 days. */
export default function ArticlesPerDayChart({ days }: { days: Dashboard['articles_per_day'] }) {
  // Operators who ask their system for less motion get the bars drawn at once.
  const reduceMotion = useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
  return (
    <BarChart
      height={260}
      skipAnimation={reduceMotion}
      xAxis={[{ scaleType: 'band', data: days.map((d) => dayLabel(d.date)), tickLabelInterval: (_value, index) => index % 5 === 4 }]}
      yAxis={[{ tickMinStep: 1 }]}
      series={[{ data: days.map((d) => d.count), label: 'Articles', color: '#1e40af' }]}
      hideLegend
      margin={{ left: 8, right: 8, top: 16, bottom: 8 }}
    />
  );
}
