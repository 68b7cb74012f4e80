import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFakeAuthApi } from '../../../test/auth-api';
import { createFakeBulkJobsApi, makeItem } from '../../../test/bulk-jobs-api';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';
import { makeSite } from '../../../test/sites';
import { createFakeManualApi } from '../testing/fake-manual-api';

let bulk: ReturnType<typeof createFakeBulkJobsApi>;

beforeEach(() => {
  bulk = createFakeBulkJobsApi();
  server.use(
    ...createFakeAuthApi({ authenticated: true }).handlers,
    ...createFakeManualApi({ sites: [makeSite()] }).handlers,
    ...bulk.handlers,
  );
});

afterEach(() => window.localStorage.clear());

describe('a bulk job’s page (issue #37 point 2)', () => {
  it('opens from its address: results link to their articles, a failure shows its reason, one item is retried', async () => {
    bulk.add(
      {
        job_id: 'job-7',
        status: 'completed_with_errors',
        progress: { processed: 2, total: 2, successful: 1, failed: 1 },
      },
      {
        successful: [makeItem(0)],
        failed: [makeItem(1, { error: 'WordPress rejected the credentials', article_id: null })],
      },
    );
    const { user } = renderApp({ path: '/jobs/bulk/job-7' });
    expect(await screen.findByRole('heading', { name: 'Bulk job', level: 1 }, { timeout: 10_000 })).toBeVisible();
    const status = await screen.findByRole('region', { name: 'Bulk job status' });
    expect(within(status).getByText('Job completed with errors: 1 article generated, 1 failed')).toBeVisible();
    const written = screen.getByRole('region', { name: 'Successful items' });
    expect(within(written).getByRole('link', { name: 'Open article' })).toHaveAttribute('href', '/articles?view=100');
    const failed = screen.getByRole('region', { name: 'Failed items' });
    expect(within(failed).getByText('WordPress rejected the credentials')).toBeVisible();
    expect(within(failed).getByText(/^Reason:/)).toBeVisible();

    await user.click(within(failed).getByRole('button', { name: 'Retry this item: Topic 2' }));
    expect(await screen.findByText('Item 2 queued again')).toBeInTheDocument();
    expect(bulk.requestsTo('POST', '/api/bulk-jobs/job-7/items/1/retry')).toHaveLength(1);
    expect(bulk.requestsTo('POST', '/api/bulk-jobs/job-7/retry')).toEqual([]);
    expect(await within(status).findByText('Job queued, waiting to start...')).toBeVisible();
  }, 30_000);

  it('a count of zero is not coloured as an alarm (issue #37 point 8), a count of failures is', async () => {
    bulk.add(
      { job_id: 'job-ok', status: 'completed', progress: { processed: 1, total: 1, successful: 1, failed: 0 } },
      { successful: [makeItem(0)], failed: [] },
    );
    bulk.add(
      { job_id: 'job-bad', status: 'failed', progress: { processed: 1, total: 1, successful: 0, failed: 1 } },
      { successful: [], failed: [makeItem(0, { error: 'WordPress rejected the credentials', article_id: null })] },
    );
    const tile = async (name: string) =>
      within(await screen.findByRole('group', { name }, { timeout: 10_000 })).getByText(/^\d+$/);
    const colour = async (name: string) => getComputedStyle(await tile(name)).color;
    const view = renderApp({ path: '/jobs/bulk/job-ok' });
    expect(await tile('Failed')).toHaveTextContent('0');
    const failedZero = await colour('Failed');
    const successful = await colour('Successful');
    view.unmount();
    renderApp({ path: '/jobs/bulk/job-bad' });
    expect(await tile('Failed')).toHaveTextContent('1');
    const failedOne = await colour('Failed');
    const successfulZero = await colour('Successful');
    // Coloured only when there is something: red for failures, green for articles written.
    expect(failedOne).not.toBe(failedZero);
    expect(successful).not.toBe(successfulZero);
    expect(failedZero).toBe(successfulZero);
  }, 30_000);

  it('says so when the job does not exist', async () => {
    renderApp({ path: '/jobs/bulk/gone' });
    expect(
      await screen.findByText(
        'This job does not exist (any more): it may have been deleted with its site.',
        undefined,
        {
          timeout: 10_000,
        },
      ),
    ).toBeVisible();
  });

  it('Job History rows open the job page', async () => {
    bulk.add({ job_id: 'job-9', status: 'completed', progress: { processed: 1, total: 1, successful: 1, failed: 0 } });
    const { user } = renderApp({ path: '/manual?tab=bulk' });
    const history = await screen.findByRole('region', { name: 'Job History' }, { timeout: 10_000 });
    await user.click(within(history).getByRole('link', { name: 'Open job' }));
    expect(await screen.findByRole('heading', { name: 'Bulk job', level: 1 })).toBeVisible();
    expect(screen.getByText('Job ID: job-9')).toBeVisible();
  }, 30_000);

  it('the Bulk tab shows its last job again when the operator comes back, and forgets one the server lost', async () => {
    bulk.add({ job_id: 'job-5', status: 'completed', progress: { processed: 1, total: 1, successful: 1, failed: 0 } });
    window.localStorage.setItem('manualBulkJobLast', JSON.stringify({ jobId: 'job-5' }));
    const first = renderApp({ path: '/manual?tab=bulk' });
    const status = await screen.findByRole('region', { name: 'Bulk job status' }, { timeout: 10_000 });
    expect(
      await within(status).findByText('Job completed: 1 article generated', undefined, { timeout: 5000 }),
    ).toBeVisible();
    expect(within(status).getByRole('link', { name: 'Open the job page' })).toHaveAttribute('href', '/jobs/bulk/job-5');
    first.unmount();

    window.localStorage.setItem('manualBulkJobLast', JSON.stringify({ jobId: 'gone' }));
    renderApp({ path: '/manual?tab=bulk' });
    await screen.findByRole('form', { name: 'Bulk generation' }, { timeout: 10_000 });
    await waitFor(() => expect(window.localStorage.getItem('manualBulkJobLast')).toBeNull(), { timeout: 5000 });
    expect(screen.queryByRole('region', { name: 'Bulk job status' })).not.toBeInTheDocument();
    expect(screen.queryByText(/was lost/)).not.toBeInTheDocument();
  }, 40_000);
});
