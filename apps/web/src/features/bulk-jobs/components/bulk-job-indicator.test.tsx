import { MANUAL_BULK_JOB_STORAGE_KEY } from '@abp/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../../lib/dates';
import { clearStoredBulkJob, readStoredBulkJobId, storeBulkJobId } from '../../../lib/manual-bulk-job';
import { createFakeBulkJobsApi } from '../../../test/bulk-jobs-api';
import { server } from '../../../test/msw-server';
import { renderRoutes } from '../../../test/render-app';
import { BulkJobIndicator } from './bulk-job-indicator';

let api: ReturnType<typeof createFakeBulkJobsApi>;

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  api = createFakeBulkJobsApi();
  server.use(...api.handlers);
});
afterEach(() => window.localStorage.clear());

function show() {
  return renderRoutes([{ path: '/', element: <BulkJobIndicator /> }]);
}
const badge = () => screen.getByTestId('bulk-job-badge').querySelector('.MuiBadge-badge');
const statusPolls = (id: string) => api.requestsTo('GET', `/api/bulk-jobs/${id}/status`).length;
async function openPopover(user: ReturnType<typeof show>['user']) {
  await user.click(screen.getByRole('button', { name: 'Background job' }));
  return screen.findByRole('dialog', { name: 'Background job' });
}
const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

describe('top-bar bulk-job indicator', () => {
  it('with no stored job: no badge, no calls, and "No active bulk job"', async () => {
    const { user } = show();
    expect(badge()).toHaveClass('MuiBadge-invisible');
    expect(await openPopover(user)).toHaveTextContent('No active bulk job');
    await advance(6000);
    expect(api.requests).toEqual([]);
  });

  it('shows the job: percent badge, ID, stage, processed/total, success and failed, bar, local estimate and Cancel', async () => {
    const eta = '2026-11-22T10:45:00.000Z';
    api.add({
      job_id: 'job-7',
      status: 'processing',
      stage: 'Generating and publishing articles',
      progress: { processed: 3, total: 8, successful: 2, failed: 1 },
      estimated_completion: eta,
    });
    storeBulkJobId('job-7');
    const { user } = show();
    await waitFor(() => expect(badge()).toHaveTextContent('38%'));
    expect(await screen.findByText('Bulk job processing')).toBeInTheDocument();
    const popover = await openPopover(user);
    expect(within(popover).getByText('Bulk Job')).toBeInTheDocument();
    expect(popover).toHaveTextContent('ID: job-7');
    expect(popover).toHaveTextContent('Stage: Generating and publishing articles');
    expect(popover).toHaveTextContent('3 / 8');
    expect(popover).toHaveTextContent('Success: 2 · Failed: 1');
    expect(within(popover).getByRole('progressbar', { name: 'Bulk job progress' })).toHaveAttribute(
      'aria-valuenow',
      '38',
    );
    // The app's one date format (lib/dates.ts), day included: "Nov 27, 2026, 5:30 PM".
    expect(popover).toHaveTextContent(`Estimated completion: ${formatDateTime(eta)}`);
    expect(formatDateTime(eta)).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M$/);
    expect(within(popover).getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });

  it('shows "Starting…" and an ellipsis badge until the first status arrives', async () => {
    api.add({ job_id: 'job-1', status: 'queued', progress: { processed: 0, total: 4, successful: 0, failed: 0 } });
    api.state.statusDelayMs = 60_000;
    storeBulkJobId('job-1');
    const { user } = show();
    await waitFor(() => expect(badge()).toHaveTextContent('…'));
    expect(await openPopover(user)).toHaveTextContent('Starting…');
  });

  it('polls every 5 s, toasts each status change, and stops and clears the stored job when final', async () => {
    api.add({ job_id: 'job-2', status: 'queued', progress: { processed: 0, total: 2, successful: 0, failed: 0 } });
    storeBulkJobId('job-2');
    show();
    expect(await screen.findByText('Bulk job queued')).toBeInTheDocument();
    expect(statusPolls('job-2')).toBe(1);
    await advance(4900);
    expect(statusPolls('job-2')).toBe(1);
    api.update('job-2', { status: 'processing', progress: { processed: 1, total: 2, successful: 1, failed: 0 } });
    await advance(200);
    expect(statusPolls('job-2')).toBe(2);
    expect(await screen.findByText('Bulk job processing')).toBeInTheDocument();
    await waitFor(() => expect(badge()).toHaveTextContent('50%'));
    api.update('job-2', {
      status: 'completed_with_errors',
      progress: { processed: 2, total: 2, successful: 1, failed: 1 },
    });
    await advance(5000);
    expect(await screen.findByText('Bulk job completed with errors')).toBeInTheDocument();
    expect(window.localStorage.getItem(MANUAL_BULK_JOB_STORAGE_KEY)).toBeNull();
    await waitFor(() => expect(badge()).toHaveClass('MuiBadge-invisible'));
    await advance(15_000);
    expect(statusPolls('job-2')).toBe(3);
  });

  it.each([
    ['completed', 'Bulk job completed'],
    ['failed', 'Bulk job failed'],
    ['cancelled', 'Bulk job cancelled'],
  ] as const)('a job that is %s: toast "%s", final state kept on show without Cancel', async (status, toast) => {
    api.add({ job_id: 'job-3', status, progress: { processed: 2, total: 2, successful: 2, failed: 0 } });
    storeBulkJobId('job-3');
    const { user } = show();
    expect(await screen.findByText(toast)).toBeInTheDocument();
    const popover = await openPopover(user);
    expect(popover).toHaveTextContent('2 / 2');
    expect(within(popover).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(readStoredBulkJobId()).toBeNull();
  });

  it('a job the server does not know: warning, stored job cleared, "No active bulk job"', async () => {
    window.localStorage.setItem(MANUAL_BULK_JOB_STORAGE_KEY, JSON.stringify({ jobId: 'gone' }));
    const { user } = show();
    expect(await screen.findByText('Previous bulk job was lost (server restart), clearing...')).toBeInTheDocument();
    expect(readStoredBulkJobId()).toBeNull();
    expect(await openPopover(user)).toHaveTextContent('No active bulk job');
    await advance(10_000);
    expect(statusPolls('gone')).toBe(1);
  });

  it('keeps polling through a passing server error', async () => {
    api.add({ job_id: 'job-4', status: 'processing', progress: { processed: 1, total: 4, successful: 1, failed: 0 } });
    api.state.statusError = 503;
    storeBulkJobId('job-4');
    show();
    await waitFor(() => expect(statusPolls('job-4')).toBe(1));
    api.state.statusError = null;
    await advance(5000);
    expect(await screen.findByText('Bulk job processing')).toBeInTheDocument();
    expect(readStoredBulkJobId()).toBe('job-4');
  });

  it('Cancel: DELETE, "Bulk job cancellation requested", the status read again, the stored job cleared', async () => {
    api.add({ job_id: 'job-5', status: 'processing', progress: { processed: 1, total: 4, successful: 1, failed: 0 } });
    storeBulkJobId('job-5');
    const { user } = show();
    await screen.findByText('Bulk job processing');
    const popover = await openPopover(user);
    await user.click(within(popover).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Bulk job cancellation requested')).toBeInTheDocument();
    expect(await screen.findByText('Bulk job cancelled')).toBeInTheDocument();
    expect(api.requestsTo('DELETE', '/api/bulk-jobs/job-5')).toHaveLength(1);
    expect(readStoredBulkJobId()).toBeNull();
    expect(within(popover).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
  });

  it('a refused cancel says why', async () => {
    api.add({ job_id: 'job-6', status: 'processing', progress: { processed: 1, total: 4, successful: 1, failed: 0 } });
    api.state.failCancel = 'The job is locked';
    storeBulkJobId('job-6');
    const { user } = show();
    await screen.findByText('Bulk job processing');
    await user.click(within(await openPopover(user)).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Failed to cancel job: The job is locked')).toBeInTheDocument();
    expect(readStoredBulkJobId()).toBe('job-6');
  });

  it('follows a job stored later (manualBulkJobUpdated), and the same job stored again after a retry', async () => {
    show();
    api.add({ job_id: 'job-8', status: 'completed', progress: { processed: 1, total: 1, successful: 1, failed: 0 } });
    act(() => storeBulkJobId('job-8'));
    expect(await screen.findByText('Bulk job completed')).toBeInTheDocument();
    api.update('job-8', { status: 'queued', progress: { processed: 0, total: 1, successful: 0, failed: 0 } });
    act(() => storeBulkJobId('job-8'));
    expect(await screen.findByText('Bulk job queued')).toBeInTheDocument();
    expect(statusPolls('job-8')).toBe(2);
  });

  it('a running job cleared from storage (the Bulk tab cancelled it) is followed to its end and says how it ended', async () => {
    api.add({ job_id: 'job-9', status: 'processing', progress: { processed: 1, total: 4, successful: 1, failed: 0 } });
    storeBulkJobId('job-9');
    show();
    expect(await screen.findByText('Bulk job processing')).toBeInTheDocument();
    act(() => clearStoredBulkJob('job-9'));
    api.update('job-9', { status: 'cancelled' });
    await advance(5000);
    expect(await screen.findByText('Bulk job cancelled')).toBeInTheDocument();
    await advance(15_000);
    expect(statusPolls('job-9')).toBe(2);
  });
});
