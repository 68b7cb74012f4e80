import { describe, expect, it } from 'vitest';
import * as appDates from '../../../lib/dates';
import { formatDate, formatTime } from './format';

// Issue #37 point 8: one date format everywhere (lib/dates.ts), the SEO suite's project dates and logs too.
const at = '2026-11-27T17:30:12';

describe('SEO dates', () => {
  it('read as every other date of the app', () => {
    expect(formatDate(at)).toBe(appDates.formatDate(at));
    expect(formatTime(at)).toBe(appDates.formatDateTime(at));
  });
});
