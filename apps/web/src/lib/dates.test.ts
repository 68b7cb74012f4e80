import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDay, formatFullDate, formatRelative } from './dates';

// Issue #37 point 8: one formatter for every date the app shows.

const at = new Date(2026, 10, 27, 17, 30, 12);

describe('dates', () => {
  it('formats absolute dates in one format, with and without the time', () => {
    expect(formatDateTime(at)).toBe(
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(at),
    );
    expect(formatDate(at.toISOString())).toBe(new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(at));
    expect(formatDate('2026-11-27')).toBe(formatDate(new Date(2026, 10, 27)));
    expect(formatDay('2026-11-27')).toBe(
      new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' }).format(new Date(2026, 10, 27)),
    );
    expect(formatFullDate(at)).toContain('2026');
  });

  it.each([
    [-10_000, 'just now'],
    [-5 * 60_000, '5 minutes ago'],
    [2 * 3_600_000, 'in 2 hours'],
    [-26 * 3_600_000, 'yesterday'],
    [-3 * 86_400_000, '3 days ago'],
  ])('says %i ms from now as "%s"', (offset, text) => {
    expect(formatRelative(new Date(at.getTime() + offset), at)).toBe(text);
  });

  it('shows a dash for what is not a date', () => {
    expect(formatDateTime('not a date')).toBe('—');
    expect(formatRelative('not a date')).toBe('—');
    expect(formatFullDate('not a date')).toBe('');
  });
});
