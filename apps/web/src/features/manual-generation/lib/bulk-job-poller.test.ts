import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BulkJob, BulkJobStatus } from '@abp/contracts';
import { ApiError } from '../../../lib/api-client';
import { BulkJobPoller } from './bulk-job-poller';

const job = (status: BulkJobStatus, processed = 0): BulkJob => ({
  job_id: 'j1',
  status,
  stage: 'x',
  progress: { processed, total: 5, successful: processed, failed: 0 },
  estimated_completion: null,
  error: null,
});

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function setUp(answers: Array<BulkJob | Error>) {
  const calls: number[] = [];
  const start = Date.now();
  const fetchStatus = vi.fn(async () => {
    calls.push(Date.now() - start);
    const next = answers.length > 1 ? answers.shift()! : answers[0]!;
    if (next instanceof Error) throw next;
    return next;
  });
  const callbacks = { fetchStatus, onStatus: vi.fn(), onFinal: vi.fn(), onLost: vi.fn(), onTransientError: vi.fn(), onGaveUp: vi.fn() };
  return { poller: new BulkJobPoller(callbacks), calls, callbacks };
}

describe('the Bulk tab poller (spec part 2 §4)', () => {
  it('polls first after 1 s, then every 2 s, and stops on a final status', async () => {
    const { poller, calls, callbacks } = setUp([job('queued'), job('processing', 2), job('processing', 4), job('completed', 5)]);
    poller.start('j1');
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toEqual([1000, 3000, 5000, 7000]);
    expect(callbacks.onStatus).toHaveBeenCalledTimes(4);
    expect(callbacks.onFinal).toHaveBeenCalledWith(job('completed', 5));
  });

  it('waits 5 s after a passing error, then goes back to 2 s', async () => {
    const { poller, calls, callbacks } = setUp([job('processing'), new ApiError({ status: 503, code: 'unavailable', message: 'busy' }), job('processing'), job('processing')]);
    poller.start('j1');
    await vi.advanceTimersByTimeAsync(10_500);
    expect(calls).toEqual([1000, 3000, 8000, 10_000]);
    expect(callbacks.onTransientError).toHaveBeenCalledTimes(1);
    poller.stop();
  });

  it('a 404 (or "Job not found") means the job was lost: onLost and no more polls', async () => {
    const { poller, calls, callbacks } = setUp([job('processing'), new ApiError({ status: 404, code: 'not_found', message: 'Job not found' })]);
    poller.start('j1');
    await vi.advanceTimersByTimeAsync(20_000);
    expect(calls).toEqual([1000, 3000]);
    expect(callbacks.onLost).toHaveBeenCalledWith('j1');
    expect(callbacks.onTransientError).not.toHaveBeenCalled();
  });

  it('makes at most 600 polls', async () => {
    const { poller, callbacks } = setUp([job('processing')]);
    poller.start('j1');
    await vi.advanceTimersByTimeAsync(1000 + 2000 * 700);
    expect(callbacks.fetchStatus).toHaveBeenCalledTimes(600);
    expect(callbacks.onGaveUp).toHaveBeenCalledTimes(1);
  });

  it('starting another job drops the first one’s answers; pollNow polls at once', async () => {
    const { poller, calls } = setUp([job('processing')]);
    poller.start('j1');
    await vi.advanceTimersByTimeAsync(1000);
    poller.pollNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual([1000, 1000]);
    poller.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toHaveLength(2);
  });
});
