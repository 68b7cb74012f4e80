import type { CostEstimateRequest } from '@abp/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readStoredBulkJobId, storeBulkJobId } from '../../../lib/manual-bulk-job';
import { createFakeAuthApi } from '../../../test/auth-api';
import { createFakeBulkJobsApi, makeItem } from '../../../test/bulk-jobs-api';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';
import { makeSite } from '../../../test/sites';
import { costEstimate } from '../../../test/usage';
import { createFakeManualApi } from '../testing/fake-manual-api';

let bulk: ReturnType<typeof createFakeBulkJobsApi>;

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  bulk = createFakeBulkJobsApi();
  server.use(
    ...createFakeAuthApi({ authenticated: true }).handlers,
    ...createFakeManualApi({ sites: [makeSite(), makeSite({ id: 2, name: 'Old Blog', is_active: false })] }).handlers,
    ...bulk.handlers,
  );
});
afterEach(() => window.localStorage.clear());

const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

async function openBulkTab() {
  const view = renderApp({ path: '/manual', fakeTimers: true });
  // The screen's code loads lazily: the first test waits for it longer.
  await view.user.click(await screen.findByRole('tab', { name: 'Bulk Generation' }, { timeout: 10_000 }));
  const form = await screen.findByRole('form', { name: 'Bulk generation' });
  return { ...view, form };
}

async function chooseSite(user: Awaited<ReturnType<typeof openBulkTab>>['user'], form: HTMLElement, name: string) {
  await user.click(within(form).getByRole('combobox', { name: /Site/ }));
  await user.click(await screen.findByRole('option', { name }));
}

const statusRegion = () => screen.getByRole('region', { name: 'Bulk job status' });

describe('Bulk Generation tab', () => {
  it('shows the note, the fields and the button; checks the input before sending', async () => {
    const { user, form } = await openBulkTab();
    const panel = form.closest('[role="tabpanel"]') as HTMLElement;
    expect(within(panel).getByText(/run in the background on the server: you can leave this page/)).toBeInTheDocument();
    for (const label of [
      /Items List \(one per line\)/,
      /^Site/,
      /Task Type/,
      /Content Persona/,
      /Status/,
      /Word Count/,
    ]) {
      expect(within(form).getAllByLabelText(label).length).toBeGreaterThan(0);
    }
    expect(within(form).getByRole('switch', { name: 'Include Images' })).toBeChecked();
    const start = within(form).getByRole('button', { name: 'Start Background Job' });

    await user.click(start);
    expect(await screen.findByText('Please enter items list and select a site')).toBeInTheDocument();
    await user.type(within(form).getByLabelText(/Items List/), '   {enter}  ');
    await chooseSite(user, form, 'Garden Blog');
    expect(within(screen.getByRole('combobox', { name: /Site/ })).queryByText('Old Blog')).toBeNull();
    await user.click(start);
    expect(await screen.findByText('Please enter at least one item')).toBeInTheDocument();
    await user.clear(within(form).getByLabelText(/Items List/));
    await user.type(within(form).getByLabelText(/Items List/), 'one');
    await user.clear(within(form).getByLabelText(/Word Count/));
    await user.type(within(form).getByLabelText(/Word Count/), '6000');
    await user.click(start);
    expect(await within(form).findByText('Word count must be between 500 and 5000')).toBeInTheDocument();
    expect(bulk.requestsTo('POST', '/api/bulk-jobs/start')).toEqual([]);
  }, 45_000);

  it('shows what the job would cost, and asks before a start above the threshold (issue #16)', async () => {
    server.use(
      http.post('/api/usage/estimate', async ({ request }) => {
        const body = (await request.json()) as CostEstimateRequest;
        return HttpResponse.json(
          costEstimate(body, {
            cost_usd: body.articles * 0.9,
            needs_confirmation: body.articles * 0.9 > 1,
            basis: 'observed',
            observed_articles: 12,
          }),
        );
      }),
    );
    const { user, form } = await openBulkTab();
    await user.click(within(form).getByLabelText(/Items List/));
    await user.paste('Compost basics');
    await chooseSite(user, form, 'Garden Blog');
    await user.clear(within(form).getByLabelText(/Word Count/));
    await user.type(within(form).getByLabelText(/Word Count/), '1000');
    expect(await within(form).findByRole('status', { name: 'Estimated cost' })).toHaveTextContent(
      'Estimated cost: about $0.90 for 1 article of 1,000 words with openai/gpt-4o-mini (measured on its last 12 articles).',
    );
    await user.click(within(form).getByLabelText(/Items List/));
    await user.paste('\nRaised beds');
    await user.click(within(form).getByRole('button', { name: 'Start Background Job' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start this job?' });
    expect(dialog).toHaveTextContent('Estimated cost: about $1.80 for 2 articles of 1,000 words');
    expect(dialog).toHaveTextContent('That is more than $1.00, the amount above which you asked to confirm.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bulk.requestsTo('POST', '/api/bulk-jobs/start')).toEqual([]);
    await user.click(within(form).getByRole('button', { name: 'Start Background Job' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Start this job?' })).getByRole('button', { name: 'Start Job' }),
    );
    await waitFor(() => expect(bulk.requestsTo('POST', '/api/bulk-jobs/start')).toHaveLength(1));
  }, 45_000);

  it('turns the item count red over 1,000 items (issue #17 item 19)', async () => {
    const { user, form } = await openBulkTab();
    const items = within(form).getByLabelText(/Items List/);
    await user.click(items);
    await user.paste(Array.from({ length: 1000 }, (_, i) => `Topic ${i}`).join('\n'));
    expect(within(form).getByText('1000 items (at most 1000)')).not.toHaveClass('Mui-error');
    await user.paste('\nOne too many');
    expect(within(form).getByText('1001 items (at most 1000)')).toHaveClass('Mui-error');
  }, 45_000);

  it('starts a job, stores it, follows it to the end and shows the results; Retry Failed runs the failed items again', async () => {
    const { user, form } = await openBulkTab();
    await user.click(within(form).getByLabelText(/Items List/));
    await user.paste('Compost basics\n\n Raised beds \nCompost basics');
    await chooseSite(user, form, 'Garden Blog');
    // The server merges duplicate lines and says so (issue #18 item 12): the notice is shown.
    bulk.state.startNotices = ['1 duplicate line was merged, one article each: "Compost basics" (2 times).'];
    await user.click(within(form).getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Publish' }));
    await user.clear(within(form).getByLabelText(/Word Count/));
    await user.click(within(form).getByRole('button', { name: 'Start Background Job' }));

    await waitFor(() => expect(bulk.requestsTo('POST', '/api/bulk-jobs/start')).toHaveLength(1));
    expect(bulk.requestsTo('POST', '/api/bulk-jobs/start')[0]?.body).toEqual({
      items_list: 'Compost basics\n\n Raised beds \nCompost basics',
      site_id: 1,
      task_type: 'Blog Post',
      options: { includeImages: true, publishStatus: 'publish', wordCount: 1500, persona: '', postToWordPress: true },
    });
    expect(readStoredBulkJobId()).toBe('job-1');
    expect(
      await screen.findByText('1 duplicate line was merged, one article each: "Compost basics" (2 times).'),
    ).toBeInTheDocument();
    expect(await within(statusRegion()).findByText('Job ID: job-1')).toBeInTheDocument();
    await advance(1000);
    expect(await within(statusRegion()).findByText('Job queued, waiting to start...')).toBeInTheDocument();

    bulk.update('job-1', {
      status: 'processing',
      progress: { processed: 1, total: 3, successful: 1, failed: 0 },
      cost: {
        spent_usd: 0.0042,
        calls: 7,
        input_tokens: 9000,
        output_tokens: 4800,
        estimated: false,
        estimate_to_finish_usd: 0.0084,
      },
    });
    await advance(2000);
    expect(
      await within(statusRegion()).findByText('Processing: 1 successful, 0 failed, 2 remaining'),
    ).toBeInTheDocument();
    expect(within(statusRegion()).getByText('1/3 (33%)')).toBeInTheDocument();
    // What the job cost so far and what the rest should cost (issue #16).
    expect(
      within(statusRegion()).getByText('Spent so far: $0.0042 · about $0.0084 more to finish'),
    ).toBeInTheDocument();
    expect(within(statusRegion()).getByRole('button', { name: 'Retry Failed' })).toBeDisabled();
    expect(within(statusRegion()).getByRole('button', { name: 'Cancel Job' })).toBeEnabled();

    const long = 'A very long topic about composting kitchen scraps in small urban gardens and balconies';
    bulk.update(
      'job-1',
      { status: 'completed_with_errors', progress: { processed: 3, total: 3, successful: 2, failed: 1 } },
      {
        successful: [
          makeItem(0, {
            originalItem: long,
            attempts: 2,
            refusal_recovered: true,
            refusal_matches: ['I cannot', 'As an AI'],
          }),
          makeItem(1),
        ],
        failed: [
          makeItem(2, {
            error: 'The provider refused the request',
            article_id: null,
            wordpress_post_id: null,
            wordpress_link: null,
          }),
        ],
      },
    );
    await advance(2000);
    expect(
      await within(statusRegion()).findByText('Job completed with errors: 2 articles generated, 1 failed'),
    ).toBeInTheDocument();
    const results = await screen.findByRole('region', { name: 'Bulk job results' });
    expect(within(results).getByRole('group', { name: 'Successful' })).toHaveTextContent('2');
    expect(within(results).getByRole('group', { name: 'Failed' })).toHaveTextContent('1');
    expect(within(results).getByRole('group', { name: 'Success Rate' })).toHaveTextContent('67%');
    const recovery = within(results).getByRole('group', { name: 'Refusal Recovery' });
    expect(recovery).toHaveTextContent('Recovered: 1');
    expect(recovery).toHaveTextContent('Refusal Flags: 2');
    expect(recovery).toHaveTextContent('Total Attempts: 4');
    const successful = within(results).getByRole('region', { name: 'Successful items' });
    expect(within(successful).getByText(`${long.slice(0, 60)}...`)).toBeInTheDocument();
    expect(within(successful).getByText('Attempts: 2')).toBeInTheDocument();
    expect(within(successful).getByText('Recovered')).toBeInTheDocument();
    expect(within(successful).getByText('Refusals: 2')).toBeInTheDocument();
    const failed = within(results).getByRole('region', { name: 'Failed items' });
    expect(within(failed).getByText('The provider refused the request')).toBeInTheDocument();
    expect(readStoredBulkJobId()).toBeNull();

    await user.click(within(statusRegion()).getByRole('button', { name: 'Retry Failed' }));
    await waitFor(() => expect(bulk.requestsTo('POST', '/api/bulk-jobs/job-1/retry')).toHaveLength(1));
    expect(readStoredBulkJobId()).toBe('job-1');
    await advance(1000);
    expect(await within(statusRegion()).findByText('Job queued, waiting to start...')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Bulk job results' })).not.toBeInTheDocument();
  }, 45_000);

  it('resumes a stored job on load', async () => {
    bulk.add({ job_id: 'job-9', status: 'processing', progress: { processed: 2, total: 4, successful: 1, failed: 1 } });
    storeBulkJobId('job-9');
    await openBulkTab();
    expect(await screen.findByText('Resuming background bulk job')).toBeInTheDocument();
    expect(
      await within(statusRegion()).findByText('Processing: 1 successful, 1 failed, 2 remaining'),
    ).toBeInTheDocument();
  });

  it('opens on the Bulk tab while a job runs (issue #17 item 15)', async () => {
    bulk.add({ job_id: 'job-9', status: 'processing', progress: { processed: 1, total: 4, successful: 1, failed: 0 } });
    storeBulkJobId('job-9');
    renderApp({ path: '/manual', fakeTimers: true });
    expect(
      await screen.findByRole('tab', { name: 'Bulk Generation', selected: true }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(
      await within(statusRegion()).findByText('Processing: 1 successful, 0 failed, 3 remaining'),
    ).toBeInTheDocument();
  });

  it('after a cancel lists the items that never ran, Retry takes them, and the job history shows the job (issue #17 item 15)', async () => {
    bulk.add(
      { job_id: 'job-4', status: 'processing', progress: { processed: 1, total: 3, successful: 1, failed: 0 } },
      { successful: [makeItem(0)], notRun: [makeItem(1), makeItem(2)] },
    );
    storeBulkJobId('job-4');
    const { user } = await openBulkTab();
    await within(statusRegion()).findByText('Processing: 1 successful, 0 failed, 2 remaining');
    await user.click(within(statusRegion()).getByRole('button', { name: 'Cancel Job' }));
    const notRun = await screen.findByRole('region', { name: 'Items not run' });
    expect(within(notRun).getByText('Items not run (2)')).toBeInTheDocument();
    expect(within(notRun).getByText('Topic 2')).toBeInTheDocument();
    expect(within(notRun).getByText('Topic 3')).toBeInTheDocument();
    const history = await screen.findByRole('region', { name: 'Job History' });
    expect(
      await within(history).findByText('Garden Blog · Blog Post · 1 of 3 items written · 2 not run'),
    ).toBeInTheDocument();
    expect(within(history).getByText('Cancelled')).toBeInTheDocument();

    await user.click(within(statusRegion()).getByRole('button', { name: 'Retry Failed and Unrun Items' }));
    await waitFor(() => expect(bulk.requestsTo('POST', '/api/bulk-jobs/job-4/retry')).toHaveLength(1));
  });

  it('a job lost while polling (404): marked failed, told to try again, stored job cleared', async () => {
    storeBulkJobId('job-lost');
    await openBulkTab();
    await advance(1000);
    const message = 'Previous bulk job was lost (server restart), please try again';
    expect(await within(statusRegion()).findByText(message)).toBeInTheDocument();
    expect(readStoredBulkJobId()).toBeNull();
    // One notice for one lost job (issue #17 item 19): the top bar's toast; the job's status says the rest.
    expect(await screen.findByText('Previous bulk job was lost (server restart), clearing...')).toBeInTheDocument();
    await advance(6000);
    expect(screen.getAllByText(message)).toHaveLength(1);
    expect(screen.queryByText('Resuming background bulk job')).not.toBeInTheDocument();
    expect(screen.getAllByText('Previous bulk job was lost (server restart), clearing...')).toHaveLength(1);
  });

  it('Cancel Job cancels and shows "Job was cancelled"; a job with no success says so', async () => {
    bulk.add({ job_id: 'job-3', status: 'processing', progress: { processed: 0, total: 4, successful: 0, failed: 0 } });
    storeBulkJobId('job-3');
    const { user } = await openBulkTab();
    await within(statusRegion()).findByText('Processing: 0 successful, 0 failed, 4 remaining');
    await user.click(within(statusRegion()).getByRole('button', { name: 'Cancel Job' }));
    expect(await within(statusRegion()).findByText('Job was cancelled')).toBeInTheDocument();
    expect(await screen.findByText('Job cancelled. No articles were generated successfully.')).toBeInTheDocument();
    expect(within(statusRegion()).getByRole('button', { name: 'Cancel Job' })).toBeDisabled();
  });

  it('reports a failed start, retry and cancel with the server’s reason', async () => {
    server.use(
      http.post('/api/bulk-jobs/start', () =>
        HttpResponse.json({ error: 'site_id: No site with id 1', code: 'validation' }, { status: 400 }),
      ),
      http.delete('/api/bulk-jobs/:id', () =>
        HttpResponse.json({ error: 'Database unavailable', code: 'unavailable' }, { status: 409 }),
      ),
      http.post('/api/bulk-jobs/:id/retry', () =>
        HttpResponse.json({ error: 'The job has no failed items to retry', code: 'conflict' }, { status: 409 }),
      ),
    );
    bulk.add({ job_id: 'job-4', status: 'processing', progress: { processed: 0, total: 2, successful: 0, failed: 0 } });
    storeBulkJobId('job-4');
    const { user, form } = await openBulkTab();
    await within(statusRegion()).findByText(/Processing/);
    await user.click(within(statusRegion()).getByRole('button', { name: 'Cancel Job' }));
    expect(await screen.findByText('Failed to cancel job: Database unavailable')).toBeInTheDocument();

    bulk.update(
      'job-4',
      { status: 'failed', error: 'All 2 items failed', progress: { processed: 2, total: 2, successful: 0, failed: 2 } },
      { failed: [makeItem(0, { error: 'x' }), makeItem(1, { error: 'y' })] },
    );
    await advance(2000);
    expect(await within(statusRegion()).findByText('Job failed: All 2 items failed')).toBeInTheDocument();
    expect(await screen.findByText('Job failed. No articles were generated successfully.')).toBeInTheDocument();
    await user.click(within(statusRegion()).getByRole('button', { name: 'Retry Failed' }));
    expect(await screen.findByText('Failed to retry: The job has no failed items to retry')).toBeInTheDocument();

    await user.type(within(form).getByLabelText(/Items List/), 'one');
    await chooseSite(user, form, 'Garden Blog');
    await user.click(within(form).getByRole('button', { name: 'Start Background Job' }));
    expect(await screen.findByText('Failed to start background job: site_id: No site with id 1')).toBeInTheDocument();
  }, 45_000);
});

describe('Clear Stuck Jobs', () => {
  it('clears stuck jobs on the server, forgetting the stored one when it was cleared', async () => {
    bulk.add({
      job_id: 'job-stuck',
      status: 'processing',
      stage: 'stuck',
      progress: { processed: 0, total: 2, successful: 0, failed: 0 },
    });
    window.localStorage.setItem('manualBulkJob', JSON.stringify({ jobId: 'job-stuck' }));
    const { user } = renderApp({ path: '/manual', fakeTimers: true });
    await user.click(await screen.findByRole('button', { name: 'Clear Stuck Jobs' }));
    expect(await screen.findByText('Cleared 1 stuck job')).toBeInTheDocument();
    expect(readStoredBulkJobId()).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Clear Stuck Jobs' }));
    expect(await screen.findByText('No stuck jobs found')).toBeInTheDocument();
  });

  it('says "Failed to clear job data" when the call fails', async () => {
    server.use(
      http.post('/api/bulk-jobs/clear-stuck', () =>
        HttpResponse.json({ error: 'Internal server error', code: 'internal' }, { status: 500 }),
      ),
    );
    const { user } = renderApp({ path: '/manual', fakeTimers: true });
    await user.click(await screen.findByRole('button', { name: 'Clear Stuck Jobs' }));
    expect(await screen.findByText('Failed to clear job data')).toBeInTheDocument();
  });
});
