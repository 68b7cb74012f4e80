import { describe, expect, it } from 'vitest';
import { daysOf, shiftAnchor, startOfWeek, viewRange, weekdayIndex } from './calendar-dates';

describe('calendar days', () => {
  it('weeks start on Monday', () => {
    expect(weekdayIndex('2026-11-30')).toBe(0); // a Monday
    expect(startOfWeek('2026-11-29')).toBe('2026-11-23'); // Sunday → its Monday
  });

  it('a month view covers whole weeks around the month, a week view seven days', () => {
    expect(viewRange('month', '2026-11-15')).toEqual({ from: '2026-10-26', to: '2026-12-06' });
    expect(daysOf('2026-10-26', '2026-12-06')).toHaveLength(42);
    expect(viewRange('week', '2026-11-27')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
  });

  it('moves by a month (from the first) or by a week', () => {
    expect(shiftAnchor('month', '2026-01-31', 1)).toBe('2026-02-01');
    expect(shiftAnchor('month', '2026-01-15', -1)).toBe('2025-12-01');
    expect(shiftAnchor('week', '2026-11-27', 1)).toBe('2026-12-04');
  });
});
