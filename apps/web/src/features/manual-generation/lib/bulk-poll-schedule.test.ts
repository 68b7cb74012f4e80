import type { BulkJob, BulkJobStatus } from '@abp/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { gaveUp, nextPollDelay, type PollState } from './bulk-poll-schedule';

const job = (status: BulkJobStatus): BulkJob => ({
  job_id: 'j1',
  status,
  stage: 'x',
  progress: { processed: 0, total: 5, successful: 0, failed: 0 },
  estimated_completion: null,
  error: null,
  cost: { spent_usd: 0, calls: 0, input_tokens: 0, output_tokens: 0, estimated: false, estimate_to_finish_usd: null },
});
const state = (change: Partial<PollState>): PollState => ({
  data: undefined,
  status: 'success',
  error: null,
  polls: 1,
  ...change,
});

describe('the Bulk tab polling schedule (spec part 2 §4)', () => {
  it('polls every 2 s while the job runs, and stops on a final status', () => {
    expect(nextPollDelay(state({ data: job('queued') }))).toBe(2000);
    expect(nextPollDelay(state({ data: job('processing') }))).toBe(2000);
    for (const status of ['completed', 'completed_with_errors', 'failed', 'cancelled'] as const)
      expect(nextPollDelay(state({ data: job(status) }))).toBe(false);
  });

  it('waits 5 s after a passing error, even when the last reading was final', () => {
    const busy = new ApiError({ status: 503, code: 'unavailable', message: 'busy' });
    expect(nextPollDelay(state({ status: 'error', error: busy, data: job('processing') }))).toBe(5000);
    expect(nextPollDelay(state({ status: 'error', error: new Error('network') }))).toBe(5000);
  });

  it('a 404 or "Job not found" means the job was lost: no more polls', () => {
    expect(
      nextPollDelay(
        state({ status: 'error', error: new ApiError({ status: 404, code: 'not_found', message: 'gone' }) }),
      ),
    ).toBe(false);
    expect(
      nextPollDelay(
        state({ status: 'error', error: new ApiError({ status: 400, code: 'validation', message: 'Job not found' }) }),
      ),
    ).toBe(false);
  });

  it('makes at most 600 polls, then gives up while the job runs on', () => {
    expect(nextPollDelay(state({ data: job('processing'), polls: 599 }))).toBe(2000);
    expect(nextPollDelay(state({ data: job('processing'), polls: 600 }))).toBe(false);
    expect(gaveUp(state({ data: job('processing'), polls: 600 }))).toBe(true);
    expect(gaveUp(state({ data: job('completed'), polls: 600 }))).toBe(false);
    expect(gaveUp(state({ data: job('processing'), polls: 10 }))).toBe(false);
  });
});
