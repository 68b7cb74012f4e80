import { type DateInput, formatDate, formatDateTime, formatFullDate, formatRelative } from '../lib/dates';

interface DateTimeProps {
  value: DateInput;
  /** 'date-time' (default), 'date', or 'relative' ("5 minutes ago") where how long ago reads better. */
  as?: 'date-time' | 'date' | 'relative';
  now?: Date;
}

/** A date as the app shows every date (lib/dates.ts), the full date and time on hover. */
export function DateTime({ value, as = 'date-time', now }: DateTimeProps) {
  const text =
    as === 'relative' ? formatRelative(value, now) : as === 'date' ? formatDate(value) : formatDateTime(value);
  const iso = (() => {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
  })();
  return (
    <time dateTime={iso} title={formatFullDate(value) || undefined}>
      {text}
    </time>
  );
}
