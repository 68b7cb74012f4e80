import {
  CALENDAR_ITEM_KINDS,
  CALENDAR_KIND_LABELS,
  type CalendarItem,
  type CalendarResponse,
  type CalendarSiteDay,
} from '@abp/contracts';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useSnackbar } from 'notistack';
import { type DragEvent, useMemo, useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { isApiError } from '../../../lib/api-client';
import { formatDate, formatDay, formatMonth, formatWeekday } from '../../../lib/dates';
import { useSites } from '../../../lib/resources/sites';
import { useCalendar } from '../api/get-calendar';
import { useRescheduleArticle } from '../api/reschedule-article';
import { type CalendarView, daysOf, shiftAnchor, todayText, viewRange } from '../lib/calendar-dates';
import { KIND_COLOURS } from '../lib/kinds';
import { CalendarItemView, DRAG_TYPE } from './calendar-item';
import { MoveDialog } from './move-dialog';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

interface DayFlags {
  overCap: Array<{ name: string; count: number; cap: number }>;
  gaps: string[];
}

function flagsOf(sites: CalendarSiteDay[] | undefined, names: Map<number, string>): DayFlags {
  const flags: DayFlags = { overCap: [], gaps: [] };
  for (const s of sites ?? []) {
    const name = names.get(s.site_id) ?? `site ${s.site_id}`;
    if (s.over_cap && s.cap !== null) flags.overCap.push({ name, count: s.count, cap: s.cap });
    if (s.gap) flags.gaps.push(name);
  }
  return flags;
}

/** Issue #33 §3: what went out, what is scheduled, the next slots and what waits, per day; drag or "Move to…" to reschedule. */
export function CalendarPage() {
  const theme = useTheme();
  const asList = useMediaQuery(theme.breakpoints.down('sm'));
  const { enqueueSnackbar } = useSnackbar();
  const today = todayText();
  const [view, setView] = useState<CalendarView>('month');
  const [anchor, setAnchor] = useState(today);
  const [siteId, setSiteId] = useState<number | null>(null);
  const [moving, setMoving] = useState<CalendarItem | null>(null);
  const [dropDay, setDropDay] = useState<string | null>(null);
  const range = viewRange(view, anchor);
  const calendar = useCalendar({ ...range, siteId });
  const sitesQuery = useSites();
  const reschedule = useRescheduleArticle();
  const data = calendar.data;
  const showSite = siteId === null;

  const byDay = useMemo(() => groupByDay(data), [data]);
  const names = useMemo(() => new Map((data?.sites ?? []).map((s) => [s.site_id, s.site_name])), [data]);
  const siteDays = useMemo(() => new Map((data?.days ?? []).map((d) => [d.date, d.sites])), [data]);
  const days = daysOf(range.from, range.to);
  const month = anchor.slice(0, 7);

  const move = async (item: CalendarItem, date: string) => {
    if (item.article_id === null || date === item.date) return;
    try {
      const result = await reschedule.mutateAsync({ articleId: item.article_id, date });
      enqueueSnackbar(`“${item.title}”: ${result.message}${result.wordpress_updated ? ' (WordPress updated)' : ''}`, {
        variant: 'success',
      });
      setMoving(null);
    } catch (error) {
      enqueueSnackbar(isApiError(error) ? error.message : 'The article could not be moved', { variant: 'error' });
    }
  };
  const itemById = (articleId: number) => data?.items.find((i) => i.article_id === articleId && i.movable) ?? null;
  const dropHandlers = (day: string) => ({
    onDragOver: (event: DragEvent) => {
      if (!event.dataTransfer.types.includes(DRAG_TYPE)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
      setDropDay(day);
    },
    onDragLeave: () => setDropDay((current) => (current === day ? null : current)),
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      setDropDay(null);
      const item = itemById(Number(event.dataTransfer.getData(DRAG_TYPE)));
      if (item) void move(item, day);
    },
  });

  const heading = view === 'month' ? formatMonth(`${month}-01`) : `${formatDate(range.from)} – ${formatDate(range.to)}`;
  const activeSites = (sitesQuery.data ?? []).filter((s) => !s.deleting);

  return (
    <Box>
      <PageHeader
        title="Calendar"
        subtitle="What went out, what is scheduled, the next slots and what waits for you, per day"
      />
      <Paper variant="outlined" sx={{ p: 2, mb: 2, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={view}
          onChange={(_event, next: CalendarView | null) => next && setView(next)}
          aria-label="View"
        >
          <ToggleButton value="month">Month</ToggleButton>
          <ToggleButton value="week">Week</ToggleButton>
        </ToggleButtonGroup>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <IconButton aria-label={`Previous ${view}`} onClick={() => setAnchor(shiftAnchor(view, anchor, -1))}>
            <ChevronLeft />
          </IconButton>
          <Button size="small" onClick={() => setAnchor(today)}>
            Today
          </Button>
          <IconButton aria-label={`Next ${view}`} onClick={() => setAnchor(shiftAnchor(view, anchor, 1))}>
            <ChevronRight />
          </IconButton>
        </Box>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }} aria-live="polite">
          {heading}
        </Typography>
        <TextField
          select
          size="small"
          label="Site"
          value={siteId ?? 'all'}
          onChange={(event) => setSiteId(event.target.value === 'all' ? null : Number(event.target.value))}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="all">All sites</MenuItem>
          {activeSites.map((site) => (
            <MenuItem key={site.id} value={site.id}>
              {site.name}
            </MenuItem>
          ))}
        </TextField>
      </Paper>
      <Legend rule={data?.projection_rule} />
      {calendar.isError && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void calendar.refetch()}>
              Retry
            </Button>
          }
        >
          {isApiError(calendar.error) ? calendar.error.message : 'The calendar could not be loaded'}
        </Alert>
      )}
      {calendar.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading the calendar" />
        </Box>
      ) : asList ? (
        <DayList
          days={days}
          byDay={byDay}
          flagsOn={(day) => flagsOf(siteDays.get(day), names)}
          showSite={showSite}
          onMove={setMoving}
        />
      ) : (
        <Box
          role="grid"
          aria-label={`Calendar, ${heading}`}
          sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', gap: 0.5 }}
        >
          <Box role="row" sx={{ display: 'contents' }}>
            {WEEKDAYS.map((name) => (
              <Typography
                key={name}
                component="div"
                role="columnheader"
                variant="subtitle2"
                color="text.secondary"
                sx={{ textAlign: 'center' }}
              >
                {name}
              </Typography>
            ))}
          </Box>
          {weeksOf(days).map((week) => (
            <Box key={week[0]} role="row" sx={{ display: 'contents' }}>
              {week.map((day) => (
                <DayCell
                  key={day}
                  day={day}
                  today={today}
                  outside={view === 'month' && day.slice(0, 7) !== month}
                  tall={view === 'week'}
                  items={byDay.get(day) ?? []}
                  flags={flagsOf(siteDays.get(day), names)}
                  showSite={showSite}
                  dropTarget={dropDay === day}
                  onMove={setMoving}
                  {...dropHandlers(day)}
                />
              ))}
            </Box>
          ))}
        </Box>
      )}
      <MoveDialog
        key={moving?.key ?? 'none'}
        item={moving}
        today={today}
        pending={reschedule.isPending}
        onClose={() => setMoving(null)}
        onMove={(item, date) => void move(item, date)}
      />
    </Box>
  );
}

function groupByDay(data: CalendarResponse | undefined): Map<string, CalendarItem[]> {
  const byDay = new Map<string, CalendarItem[]>();
  for (const item of data?.items ?? []) byDay.set(item.date, [...(byDay.get(item.date) ?? []), item]);
  return byDay;
}

function weeksOf(days: string[]): string[][] {
  const weeks: string[][] = [];
  for (let i = 0; i < days.length; i += 7) weeks.push(days.slice(i, i + 7));
  return weeks;
}

function Legend({ rule }: { rule: string | undefined }) {
  return (
    <Box sx={{ mb: 2 }} data-testid="calendar-legend">
      <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, listStyle: 'none', p: 0, m: 0 }}>
        {CALENDAR_ITEM_KINDS.map((kind) => (
          <Box component="li" key={kind} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
            <Box
              aria-hidden
              sx={{
                width: 14,
                height: 14,
                bgcolor: KIND_COLOURS[kind],
                borderRadius: 0.5,
                outline: kind === 'projected' ? '1px dashed' : 'none',
              }}
            />
            <Typography variant="body2">{CALENDAR_KIND_LABELS[kind]}</Typography>
          </Box>
        ))}
        <Box component="li">
          <FlagBadge tone="error" text="Over cap" />
          <Typography variant="body2" component="span" sx={{ ml: 0.75 }}>
            more posts than the day’s cap
          </Typography>
        </Box>
        <Box component="li">
          <FlagBadge tone="warning" text="Gap" />
          <Typography variant="body2" component="span" sx={{ ml: 0.75 }}>
            nothing that day for a scheduled site
          </Typography>
        </Box>
      </Box>
      {rule && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {rule} Drag a scheduled or delayed article to another day, or use “Move to…”.
        </Typography>
      )}
    </Box>
  );
}

function FlagBadge({ tone, text, title }: { tone: 'error' | 'warning'; text: string; title?: string }) {
  return (
    <Box
      component="span"
      title={title}
      sx={{
        display: 'inline-block',
        px: 0.75,
        borderRadius: 1,
        typography: 'caption',
        fontWeight: 600,
        color: `${tone}.contrastText`,
        bgcolor: `${tone}.dark`,
      }}
    >
      {text}
    </Box>
  );
}

function FlagLine({ flags }: { flags: DayFlags }) {
  if (flags.overCap.length === 0 && flags.gaps.length === 0) return null;
  const over = flags.overCap.map((o) => `${o.name}: ${o.count} of ${o.cap}`).join(', ');
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {flags.overCap.length > 0 && <FlagBadge tone="error" text="Over cap" title={`Over cap — ${over}`} />}
      {flags.gaps.length > 0 && (
        <FlagBadge tone="warning" text="Gap" title={`Nothing planned — ${flags.gaps.join(', ')}`} />
      )}
    </Box>
  );
}

interface DayCellProps {
  day: string;
  today: string;
  outside: boolean;
  tall: boolean;
  items: CalendarItem[];
  flags: DayFlags;
  showSite: boolean;
  dropTarget: boolean;
  onMove: (item: CalendarItem) => void;
  onDragOver: (event: DragEvent) => void;
  onDragLeave: () => void;
  onDrop: (event: DragEvent) => void;
}

function DayCell({ day, today, outside, tall, items, flags, showSite, dropTarget, onMove, ...drop }: DayCellProps) {
  const overCap = flags.overCap.length > 0;
  return (
    <Box
      role="gridcell"
      data-day={day}
      data-over-cap={overCap || undefined}
      data-gap={flags.gaps.length > 0 || undefined}
      {...drop}
      sx={{
        minHeight: tall ? 320 : 120,
        p: 0.75,
        border: 1,
        borderColor: dropTarget ? 'primary.main' : overCap ? 'error.main' : 'divider',
        borderWidth: dropTarget || overCap ? 2 : 1,
        borderRadius: 1,
        bgcolor: outside ? 'action.hover' : day === today ? 'action.selected' : 'background.paper',
        display: 'flex',
        flexDirection: 'column',
        gap: 0.5,
        minWidth: 0,
      }}
    >
      <Typography
        variant="caption"
        component="div"
        sx={{ fontWeight: day === today ? 700 : 400 }}
        aria-current={day === today ? 'date' : undefined}
      >
        {formatDay(day)}
      </Typography>
      <FlagLine flags={flags} />
      {items.map((item) => (
        <CalendarItemView key={item.key} item={item} showSite={showSite} onMove={onMove} />
      ))}
    </Box>
  );
}

interface DayListProps {
  days: string[];
  byDay: Map<string, CalendarItem[]>;
  flagsOn: (day: string) => DayFlags;
  showSite: boolean;
  onMove: (item: CalendarItem) => void;
}

/** At 390 px: a list by day, days with nothing and no flag left out. */
function DayList({ days, byDay, flagsOn, showSite, onMove }: DayListProps) {
  const shown = days
    .map((day) => ({ day, items: byDay.get(day) ?? [], flags: flagsOn(day) }))
    .filter((d) => d.items.length > 0 || d.flags.overCap.length > 0 || d.flags.gaps.length > 0);
  if (shown.length === 0)
    return (
      <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
        Nothing in this period
      </Typography>
    );
  return (
    <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="calendar-list">
      {shown.map(({ day, items, flags }) => (
        <Box component="li" key={day} data-day={day} sx={{ mb: 2 }}>
          <Typography variant="subtitle1" component="h3" sx={{ mb: 0.5 }}>
            {formatWeekday(day)}
          </Typography>
          <FlagLine flags={flags} />
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, mt: 0.5 }}>
            {items.map((item) => (
              <CalendarItemView key={item.key} item={item} showSite={showSite} onMove={onMove} />
            ))}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
