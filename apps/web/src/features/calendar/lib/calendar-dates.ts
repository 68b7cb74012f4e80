/*
 * Days as the calendar counts them: YYYY-MM-DD text, with calendar arithmetic in UTC so that no
 * time zone or daylight-saving change moves a day. Weeks start on Monday.
 */

const DAY_MS = 86_400_000;

export type CalendarView = 'month' | 'week';

const toUtc = (day: string) => Date.parse(`${day}T00:00:00Z`);
const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function addDays(day: string, days: number): string {
  return fromUtc(toUtc(day) + days * DAY_MS);
}

/** Today where the operator is (the browser's day). */
export function todayText(now = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const date = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${date}`;
}

/** 0 = Monday … 6 = Sunday. */
export function weekdayIndex(day: string): number {
  return (new Date(toUtc(day)).getUTCDay() + 6) % 7;
}

export function startOfWeek(day: string): string {
  return addDays(day, -weekdayIndex(day));
}

export function firstOfMonth(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

export function lastOfMonth(day: string): string {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return fromUtc(Date.UTC(year, month, 0));
}

/** The days a view shows around `anchor`: whole weeks covering the month, or the anchor's week. */
export function viewRange(view: CalendarView, anchor: string): { from: string; to: string } {
  if (view === 'week') {
    const from = startOfWeek(anchor);
    return { from, to: addDays(from, 6) };
  }
  const from = startOfWeek(firstOfMonth(anchor));
  const last = lastOfMonth(anchor);
  return { from, to: addDays(startOfWeek(last), 6) };
}

/** The anchor one period on (step 1) or back (step -1). */
export function shiftAnchor(view: CalendarView, anchor: string, step: number): string {
  if (view === 'week') return addDays(anchor, 7 * step);
  const [year, month] = anchor.split('-').map(Number) as [number, number];
  return fromUtc(Date.UTC(year, month - 1 + step, 1));
}

export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}
