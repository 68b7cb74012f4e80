import useMediaQuery from '@mui/material/useMediaQuery';
import { BarChart } from '@mui/x-charts/BarChart';
import type { UsageSummary } from '@abp/contracts';
import { formatUsd } from '../../../lib/money';

const dayLabel = (date: string) => new Date(`${date}T00:00:00`).toLocaleDateString(undefined, { month: 'short', day: 'numeric' });

/** Loaded lazily (MUI X Charts is large): what the model calls cost per day over the last 30 days. */
export default function SpendPerDayChart({ days }: { days: UsageSummary['daily'] }) {
  const reduceMotion = useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
  return (
    <BarChart
      height={220}
      skipAnimation={reduceMotion}
      xAxis={[{ scaleType: 'band', data: days.map((d) => dayLabel(d.date)), tickLabelInterval: (_value, index) => index % 5 === 4 }]}
      yAxis={[{ valueFormatter: (value: number) => formatUsd(value) }]}
      series={[{ data: days.map((d) => d.cost_usd), label: 'Spend', color: '#047857', valueFormatter: (value) => formatUsd(value ?? 0) }]}
      hideLegend
      margin={{ left: 8, right: 8, top: 16, bottom: 8 }}
    />
  );
}
