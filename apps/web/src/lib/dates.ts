/*
 * Issue #37 point 8: dates appeared in three formats. Every date the app shows goes through here:
 * absolute ones in one format ("Nov 27, 2026, 5:30 PM", or "Nov 27, 2026" for a day), relative
 * ones ("5 minutes ago") where how long ago matters more than when, and the full date and time
 * for a title attribute (DateTime in components/ puts it there).
 */

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dayShort = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });
const full = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'long' });
const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

const RELATIVE_STEPS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

export type DateInput = string | number | Date;

/** A YYYY-MM-DD day is that day where the operator is, not midnight UTC. */
function toDate(value: DateInput): Date | null {
  const date =
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00`) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const NONE = '—';

/** "Nov 27, 2026, 5:30 PM". */
export function formatDateTime(value: DateInput): string {
  const date = toDate(value);
  return date ? dateTime.format(date) : NONE;
}

/** "Nov 27, 2026". */
export function formatDate(value: DateInput): string {
  const date = toDate(value);
  return date ? dateOnly.format(date) : NONE;
}

/** "Nov 27": a chart's day labels, where the year is the chart's. */
export function formatDay(value: DateInput): string {
  const date = toDate(value);
  return date ? dayShort.format(date) : NONE;
}

/** "Friday, November 27, 2026 at 5:30:12 PM UTC": the title attribute of every date shown. */
export function formatFullDate(value: DateInput): string {
  const date = toDate(value);
  return date ? full.format(date) : '';
}

/** "just now", "5 minutes ago", "in 2 hours", "yesterday". */
export function formatRelative(value: DateInput, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return NONE;
  let amount = (date.getTime() - now.getTime()) / 1000;
  if (Math.abs(amount) < 45) return 'just now';
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(amount) < size) return relative.format(Math.round(amount), unit);
    amount /= size;
  }
  return NONE;
}

const monthYear = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric' });
const weekdayDay = new Intl.DateTimeFormat(undefined, { weekday: 'short', month: 'short', day: 'numeric' });

/** "November 2026": the calendar's month heading. */
export function formatMonth(value: DateInput): string {
  const date = toDate(value);
  return date ? monthYear.format(date) : NONE;
}

/** "Fri, Nov 27": a day in the calendar's week and list views (the year is the heading's). */
export function formatWeekday(value: DateInput): string {
  const date = toDate(value);
  return date ? weekdayDay.format(date) : NONE;
}
