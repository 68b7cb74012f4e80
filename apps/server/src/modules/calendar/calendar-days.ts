import { startOfOperatorDay } from '../posting-policy/index.js';

const HOUR_MS = 3_600_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The operator's day (YYYY-MM-DD) an instant falls on in the zone. */
export function dayOf(instant: Date, timeZone: string): string {
  let fmt = formatters.get(timeZone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, fmt);
  }
  const parts: Record<string, string> = {};
  for (const part of fmt.formatToParts(instant)) parts[part.type] = part.value;
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/**
 * The instant the day (YYYY-MM-DD) begins in the zone. Noon UTC of that date is within 14 hours of
 * the zone's noon, so half a day's nudge lands inside the day whatever the offset.
 */
export function startOfDay(day: string, timeZone: string): Date {
  let t = Date.parse(`${day}T12:00:00Z`);
  const seen = dayOf(new Date(t), timeZone);
  if (seen > day) t -= 12 * HOUR_MS;
  else if (seen < day) t += 12 * HOUR_MS;
  return startOfOperatorDay(new Date(t), timeZone);
}

/** The day after (YYYY-MM-DD, calendar arithmetic). */
export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 24 * HOUR_MS).toISOString().slice(0, 10);
}

/** Every day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  // Counted, not only compared: a day past 9999 would sort before `to` for ever.
  const count = Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / (24 * HOUR_MS));
  for (let i = 0, day = from; i <= Math.min(count, 400); i++, day = nextDay(day)) days.push(day);
  return days;
}

/** The start of the day after the one that began at `dayStart` (a day is 23 to 25 hours long). */
export function startOfNextDay(dayStart: Date, timeZone: string): Date {
  return startOfOperatorDay(new Date(dayStart.getTime() + 26 * HOUR_MS), timeZone);
}
