import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { formatDay } from '../../../lib/dates';

const dayLabel = formatDay;

export interface DailyBarChartProps {
  /** One bar per day, oldest first (`date` as YYYY-MM-DD). */
  days: readonly { date: string; value: number }[];
  label: string;
  color: string;
  height: number;
  /** How a value reads on the axis and in the tooltip; whole numbers when absent. */
  format?: (value: number) => string;
  /** Said instead of empty axes when every day is zero (issue #37 point 8: an empty chart read "0.0…"). */
  emptyText?: string;
}

const TOP = 16;
const X_AXIS = 28;
const TICK = 5;
const FONT_SIZE = 12;
/** Room per character of a y-axis label at 12 px (digits and "$,." are narrower than this). */
const CHAR_WIDTH = 7.5;
/** Space between two bars, as a share of a day's band. */
const GAP = 0.2;

const grow = keyframes`from { transform: scaleY(0); }`;

/**
 * Round steps for the value axis (1, 2 or 5 times a power of ten), about five of them, the top one
 * at or above the largest value. Whole numbers only when `whole` (article counts).
 */
export function valueTicks(max: number, whole: boolean): number[] {
  const roughStep = max > 0 ? max / 5 : 1;
  const power = 10 ** Math.floor(Math.log10(roughStep));
  const step = Math.max(whole ? 1 : 0, ([1, 2, 5, 10].find((m) => m * power >= roughStep) ?? 10) * power);
  const count = Math.max(1, Math.ceil(max / step - 1e-9));
  return Array.from({ length: count + 1 }, (_, i) => Number((i * step).toPrecision(12)));
}

/**
 * A figure per day over the last 30 days, every fifth day labelled; hovering a day shows its value.
 * Drawn by hand in SVG (issue #35): MUI X Charts was 66 KB of the dashboard's download for two bar
 * charts. Days are placed in percent of the width, so the chart follows its card without measuring
 * it; the value labels sit in the padding to the left of the drawing.
 */
export function DailyBarChart({ days, label, color, height, format, emptyText }: DailyBarChartProps) {
  if (days.every((day) => day.value <= 0))
    return (
      <Typography variant="body2" color="text.secondary" sx={{ py: 3 }}>
        {emptyText ?? `No ${label.toLowerCase()} in the last ${days.length} days.`}
      </Typography>
    );
  const show = format ?? ((value: number) => value.toLocaleString());
  const ticks = valueTicks(Math.max(0, ...days.map((d) => d.value)), !format);
  const top = ticks.at(-1) ?? 1;
  const plot = height - TOP - X_AXIS;
  const y = (value: number) => TOP + plot - (Math.max(0, value) / top) * plot;
  const left = Math.ceil(Math.max(...ticks.map((t) => show(t).length)) * CHAR_WIDTH) + TICK + 4;
  const band = 100 / Math.max(1, days.length);
  const pct = (n: number) => `${n.toFixed(4)}%`;
  return (
    <Box sx={{ pl: `${left}px`, color: 'text.secondary' }}>
      <Box
        component="svg"
        role="img"
        aria-label={`${label} per day`}
        width="100%"
        height={height}
        sx={{
          display: 'block',
          overflow: 'visible',
          fontSize: FONT_SIZE,
          '& .day:hover .hover': { fillOpacity: 0.08 },
          // On a phone every tenth day is labelled: five-day labels would touch.
          '@media (max-width: 599.95px)': { '& .minor': { display: 'none' } },
          '@media (prefers-reduced-motion: no-preference)': {
            '& .bar': { transformBox: 'fill-box', transformOrigin: 'bottom', animation: `${grow} 400ms ease-out` },
          },
        }}
      >
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={-TICK} x2="100%" y1={y(tick)} y2={y(tick)} stroke="currentColor" strokeOpacity={0.15} />
            <text x={-TICK - 3} y={y(tick)} dy="0.32em" textAnchor="end" fill="currentColor">
              {show(tick)}
            </text>
          </g>
        ))}
        <line x1={0} x2={0} y1={TOP} y2={TOP + plot} stroke="currentColor" strokeOpacity={0.6} />
        <line x1={0} x2="100%" y1={TOP + plot} y2={TOP + plot} stroke="currentColor" strokeOpacity={0.6} />
        {days.map((day, index) => (
          <g key={day.date} className="day">
            <title>{`${dayLabel(day.date)} · ${label}: ${show(day.value)}`}</title>
            {/* The whole day's band answers the hover, so a day at zero shows its value too. */}
            <rect
              className="hover"
              x={pct(index * band)}
              width={pct(band)}
              y={TOP}
              height={plot}
              fill="currentColor"
              fillOpacity={0}
            />
            {day.value > 0 && (
              <rect
                className="bar"
                x={pct((index + GAP / 2) * band)}
                width={pct(band * (1 - GAP))}
                y={y(day.value)}
                height={TOP + plot - y(day.value)}
                rx={2}
                fill={color}
              />
            )}
            {index % 5 === 4 && (
              <g className={index % 10 === 4 ? 'minor' : undefined}>
                <line
                  x1={pct((index + 0.5) * band)}
                  x2={pct((index + 0.5) * band)}
                  y1={TOP + plot}
                  y2={TOP + plot + TICK}
                  stroke="currentColor"
                  strokeOpacity={0.6}
                />
                {/* The last day's label ends at the chart's edge instead of running past it (cut off on a phone). */}
                <text
                  x={pct((index === days.length - 1 ? index + 1 : index + 0.5) * band)}
                  y={TOP + plot + TICK + 14}
                  textAnchor={index === days.length - 1 ? 'end' : 'middle'}
                  fill="currentColor"
                >
                  {dayLabel(day.date)}
                </text>
              </g>
            )}
          </g>
        ))}
      </Box>
    </Box>
  );
}
