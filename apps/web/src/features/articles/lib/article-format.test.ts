import { describe, expect, it } from 'vitest';
import * as appDates from '../../../lib/dates';
import { formatDate, formatDateTime } from './article-format';

// Issue #37 point 8: one date format everywhere (lib/dates.ts), the Articles screens' dates too.
const at = '2026-11-27T17:30:12';

describe('article dates', () => {
  it('read as every other date of the app, a missing one as a dash', () => {
    expect(formatDateTime(at)).toBe(appDates.formatDateTime(at));
    expect(formatDate(at)).toBe(appDates.formatDate(at));
    expect(formatDateTime(null)).toBe('—');
    expect(formatDate('not a date')).toBe('—');
  });
});
