import { describe, expect, it } from 'vitest';
import { estimateCompletion } from '../../src/modules/bulk-jobs/bulk-job-dto.js';

const now = new Date('2025-03-01T12:00:00.000Z');
const secondsFromNow = (estimate: string | null) =>
  estimate === null ? null : (Date.parse(estimate) - now.getTime()) / 1000;
const running = (total: number, processed: number) => ({ status: 'processing' as const, total, processed });

describe('estimateCompletion', () => {
  it('divides the remaining items among the items running now, in every worker process', () => {
    // 12 left, 8 running across two worker processes of concurrency 4: two rounds of 10 s, not three of this process' 4.
    expect(secondsFromNow(estimateCompletion(running(20, 8), { meanItemSeconds: 10, runningItems: 8 }, 4, now))).toBe(
      20,
    );
    // Only 2 running (the others wait out a backoff): the estimate follows what runs, not the configured concurrency.
    expect(secondsFromNow(estimateCompletion(running(20, 14), { meanItemSeconds: 10, runningItems: 2 }, 4, now))).toBe(
      30,
    );
  });

  it('counts on the local concurrency when none of its items runs at this instant, and never on less than one at a time', () => {
    expect(secondsFromNow(estimateCompletion(running(10, 2), { meanItemSeconds: 5, runningItems: 0 }, 4, now))).toBe(
      10,
    );
    expect(secondsFromNow(estimateCompletion(running(10, 7), { meanItemSeconds: 5, runningItems: 0 }, 0, now))).toBe(
      15,
    );
  });

  it('rounds up to whole rounds and ends at now once nothing is left', () => {
    expect(secondsFromNow(estimateCompletion(running(9, 0), { meanItemSeconds: 2, runningItems: 4 }, 4, now))).toBe(6);
    expect(estimateCompletion(running(3, 3), { meanItemSeconds: 2, runningItems: 0 }, 4, now)).toBe(now.toISOString());
  });

  it('is null before any item has been measured, and once the job is final', () => {
    expect(estimateCompletion(running(10, 0), { meanItemSeconds: null, runningItems: 3 }, 4, now)).toBeNull();
    for (const status of ['completed', 'completed_with_errors', 'failed', 'cancelled'] as const) {
      expect(
        estimateCompletion({ status, total: 10, processed: 4 }, { meanItemSeconds: 5, runningItems: 2 }, 4, now),
      ).toBeNull();
    }
  });
});
