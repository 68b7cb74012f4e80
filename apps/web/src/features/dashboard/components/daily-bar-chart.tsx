import useMediaQuery from '@mui/material/useMediaQuery';
import { BarChart } from '@mui/x-charts/BarChart';

const dayLabel = (date: string) =>
  new Date(`${date}T00:00:00`).toLocaleDateString(undefined, { month: 'short', day: 'numeric' });

export interface DailyBarChartProps {
  /** One bar per day, oldest first (`date` as YYYY-MM-DD). */
  days: readonly { date: string; value: number }[];
  label: string;
  color: string;
  height: number;
  /** How a value reads on the axis and in the tooltip; whole numbers when absent. */
  format?: (value: number) => string;
}

/** Loaded lazily (MUI X Charts is large): a figure per day over the last 30 days, every fifth day labelled. */
export default function DailyBarChart({ days, label, color, height, format }: DailyBarChartProps) {
  // Operators who ask their system for less motion get the bars drawn at once.
  const reduceMotion = useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
  return (
    <BarChart
      height={height}
      skipAnimation={reduceMotion}
      xAxis={[
        {
          scaleType: 'band',
          data: days.map((d) => dayLabel(d.date)),
          tickLabelInterval: (_value, index) => index % 5 === 4,
        },
      ]}
      yAxis={[format ? { valueFormatter: (value: number) => format(value) } : { tickMinStep: 1 }]}
      series={[
        {
          data: days.map((d) => d.value),
          label,
          color,
          valueFormatter: format ? (value) => format(value ?? 0) : undefined,
        },
      ]}
      hideLegend
      margin={{ left: 8, right: 8, top: 16, bottom: 8 }}
    />
  );
}
