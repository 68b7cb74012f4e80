import { render, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { createFakeAuthApi } from '../../../test/auth-api';
import { llmSettings } from '../../../test/llm-settings';
import { setWindowWidth } from '../../../test/match-media';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';
import { createFakeTrendsApi, makeLog, makeProcessed } from '../testing/fake-trends-api';
import { RenderBoundary } from './render-boundary';

function showTrends(api: ReturnType<typeof createFakeTrendsApi>) {
  server.use(...createFakeAuthApi({ authenticated: true }).handlers, ...api.handlers);
  return renderApp({ path: '/trends' });
}

const logs = (n: number) => Array.from({ length: n }, (_, i) => makeLog({ id: i + 1 }));

describe('Trend Monitor screen', () => {
  it('shows the loading text, then the monitor status, the last execution and the execution logs', async () => {
    const api = createFakeTrendsApi({
      logs: [
        makeLog({
          id: 1,
          errors: [
            {
              scope: 'feed',
              target: 'https://feeds.example/rss',
              kind: 'timeout',
              message: 'No complete answer within 15 s (timeout).',
            },
          ],
        }),
        makeLog({ id: 2, execution_time_ms: 4200 }),
      ],
      totalProcessed: 42,
    });
    showTrends(api);
    expect(await screen.findByText('Loading trend monitor data...', {}, { timeout: 5000 })).toBeInTheDocument();

    const status = await screen.findByRole('region', { name: 'Monitor Status' }, { timeout: 5000 });
    expect(within(status).getByText('Idle')).toBeInTheDocument();
    expect(within(status).getByText('Active Jobs').nextSibling).toHaveTextContent('0');
    expect(within(status).getByText('Total Processed').nextSibling).toHaveTextContent('42');
    expect(within(status).getByText('Recent Articles').nextSibling).toHaveTextContent('7');
    expect(within(status).getByText('Last 7 days · 3 from trends')).toBeInTheDocument();

    const last = screen.getByRole('region', { name: 'Last Execution' });
    expect(within(last).getByText('Trends Found').nextSibling).toHaveTextContent('12');
    expect(within(last).getByText('Articles Published').nextSibling).toHaveTextContent('2');
    expect(within(last).getByText('Execution Time').nextSibling).toHaveTextContent('2m 5s');

    const table = screen.getByRole('table', { name: 'Execution logs' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Date',
      'Trends Found',
      'Articles Generated',
      'Articles Published',
      'Execution Time',
      'Status',
      'Details',
    ]);
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(second!).getByText('4.2s')).toBeInTheDocument();
    expect(within(second!).getByText('Success')).toBeInTheDocument();
    expect(within(first!).queryByText('Success')).not.toBeInTheDocument();
  });

  it('shows the error text of a run in the page beside its Errors chip, without hovering (issue #37 point 8)', async () => {
    const api = createFakeTrendsApi({
      logs: [
        makeLog({
          errors: [
            {
              scope: 'feed',
              target: 'https://feeds.example/rss',
              kind: 'rate_limited',
              message: 'Rate limited by the feed (HTTP 429).',
            },
          ],
        }),
      ],
    });
    showTrends(api);
    await screen.findByText('Errors', {}, { timeout: 5000 });
    expect(screen.getByText('https://feeds.example/rss: Rate limited by the feed (HTTP 429).')).toBeVisible();
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('shows a check the operator cancelled as Cancelled, not Errors (as its own page does)', async () => {
    const api = createFakeTrendsApi({
      logs: [
        makeLog({
          errors: [{ scope: 'run', target: 'run', kind: 'cancelled', message: 'Cancelled by the operator.' }],
        }),
      ],
    });
    showTrends(api);
    expect(await screen.findByText('Cancelled', {}, { timeout: 5000 })).toBeVisible();
    expect(screen.queryByText('Errors')).not.toBeInTheDocument();
  });

  it('pages the logs 10 at a time by default (5/10/25), total unknown', async () => {
    const api = createFakeTrendsApi({ logs: logs(23) });
    const { user } = showTrends(api);
    expect(await screen.findByText('1–10 of more than 10', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(api.state.requests.at(-1)).toBe('logs?limit=10&offset=0');
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await screen.findByText('11–20 of more than 20')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await screen.findByText('21–23 of 23')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to next page' })).toBeDisabled();
    await user.click(screen.getByRole('combobox', { name: /rows per page/i }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['5', '10', '25']);
    await user.click(screen.getByRole('option', { name: '25' }));
    expect(await screen.findByText('1–23 of 23')).toBeInTheDocument();
  });

  it('shows the empty texts and no Last Execution card before any run', async () => {
    const { user } = showTrends(createFakeTrendsApi());
    expect(
      await screen.findByText(
        'No execution logs found. Logs will appear here after trend monitoring runs.',
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Last Execution' })).not.toBeInTheDocument();
    const processed = screen.getByRole('button', { name: 'Processed Trends' });
    expect(processed).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: 'Execution Logs' })).toHaveAttribute('aria-expanded', 'true');
    await user.click(processed);
    expect(
      await screen.findByText('No processed trends found. Trends will appear here after they are processed.'),
    ).toBeInTheDocument();
  });

  it('lists processed trends with the URL as a new-tab link cut at 50 characters', async () => {
    const url = `https://trends.google.com/trends/explore?q=${'x'.repeat(60)}`;
    const api = createFakeTrendsApi({
      processed: [
        makeProcessed({ id: 1, title: 'Tomato blight', site_name: 'Garden Blog', url }),
        makeProcessed({ id: 2, url: 'https://short.example/a' }),
      ],
    });
    const { user } = showTrends(api);
    await user.click(await screen.findByRole('button', { name: 'Processed Trends' }, { timeout: 5000 }));
    const table = await screen.findByRole('table', { name: 'Processed trends' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Title', 'Site', 'URL', 'Processed']);
    const link = within(table).getByRole('link', { name: `${url.slice(0, 50)}...` });
    expect(link).toHaveAttribute('href', url);
    expect(link).toHaveAttribute('target', '_blank');
    expect(within(table).getByRole('link', { name: 'https://short.example/a' })).toBeInTheDocument();
    expect(within(table).getByText('Tomato blight')).toBeInTheDocument();
  });

  it('starts a check: a toast, the button reads Running... and is disabled, and the data is read again 2 s later', async () => {
    const api = createFakeTrendsApi({ logs: logs(1) });
    const { user } = showTrends(api);
    const button = await screen.findByRole('button', { name: 'Check Trends Now' }, { timeout: 5000 });
    await user.click(button);
    expect(await screen.findByText('Trend check started')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Running...' })).toBeDisabled();
    expect(api.state.checks).toBe(1);
    // The check finishes on the server; the re-read 2 s after starting shows it.
    api.state.status = { isRunning: false, activeJobs: 0 };
    api.state.logs.unshift(makeLog({ id: 99, articles_generated: 5 }));
    expect(await screen.findByRole('button', { name: 'Check Trends Now' }, { timeout: 4000 })).toBeEnabled();
    expect(screen.getByRole('region', { name: 'Last Execution' })).toHaveTextContent('Articles Generated5');
  });

  it('a check that was already running: the button leaves Running... within seconds of its end, and the figures follow (issue #17 item 18)', async () => {
    const api = createFakeTrendsApi({ status: { isRunning: true, activeJobs: 1 }, logs: logs(1) });
    showTrends(api);
    expect(await screen.findByRole('button', { name: 'Running...' }, { timeout: 5000 })).toBeDisabled();
    api.state.status = { isRunning: false, activeJobs: 0 };
    api.state.logs.unshift(makeLog({ id: 98, articles_generated: 7 }));
    // Polled every 2 s while running (it was every 30 s).
    expect(await screen.findByRole('button', { name: 'Check Trends Now' }, { timeout: 5000 })).toBeEnabled();
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Last Execution' })).toHaveTextContent('Articles Generated7'),
    );
  });

  it('says so when the check cannot be started', async () => {
    const { user } = showTrends(createFakeTrendsApi({ busy: true }));
    await user.click(await screen.findByRole('button', { name: 'Check Trends Now' }, { timeout: 5000 }));
    expect(await screen.findByText('Failed to trigger trend check')).toBeInTheDocument();
  });

  it('while the monitor runs the chip reads Running and the button is disabled', async () => {
    showTrends(createFakeTrendsApi({ status: { isRunning: true, activeJobs: 1 } }));
    expect(await screen.findByRole('button', { name: 'Running...' }, { timeout: 5000 })).toBeDisabled();
    expect(within(screen.getByRole('region', { name: 'Monitor Status' })).getByText('Running')).toBeInTheDocument();
  });

  it('shows the load failure with its reason, and Retry recovers', async () => {
    const api = createFakeTrendsApi({ failing: ['stats'] });
    const { user } = showTrends(api);
    expect(
      await screen.findByText('Failed to load trend monitor: Internal server error', {}, { timeout: 8000 }),
    ).toBeInTheDocument();
    // The toast is enqueued by an effect after the alert renders: wait for it, then count it once.
    expect(await screen.findAllByText('Failed to load trend monitor data')).toHaveLength(1);
    api.state.failing.clear();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Monitor Status' })).toBeInTheDocument();
  });

  it('says when the offline writer is in use (trend articles are generated here) and links to Settings', async () => {
    showTrends(createFakeTrendsApi());
    server.use(http.get('/api/settings/llm', () => HttpResponse.json(llmSettings())));
    const notice = await screen.findByText(/The built-in offline writer is in use/);
    expect(within(notice.closest('[role="alert"]')!).getByRole('link', { name: 'Settings' })).toHaveAttribute(
      'href',
      '/settings',
    );
  });

  it('a Refresh that fails says so above the figures it could not renew (issue #17 item 16)', async () => {
    const api = createFakeTrendsApi({ logs: logs(1) });
    const { user } = showTrends(api);
    expect(await screen.findByRole('region', { name: 'Monitor Status' }, { timeout: 8000 })).toBeInTheDocument();
    api.state.failing.add('stats');
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(
      await screen.findByText('Failed to load trend monitor: Internal server error', {}, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Monitor Status' })).toBeInTheDocument();
    api.state.failing.clear();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() =>
      expect(screen.queryByText('Failed to load trend monitor: Internal server error')).not.toBeInTheDocument(),
    );
  });

  it('on a phone lists the execution logs as blocks instead of a table (issue #17 item 17)', async () => {
    setWindowWidth(390);
    showTrends(createFakeTrendsApi({ logs: logs(2) }));
    const list = await screen.findByRole('list', { name: 'Execution logs' }, { timeout: 5000 });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getAllByText('Articles Published:')).toHaveLength(2);
    expect(screen.queryByRole('table', { name: 'Execution logs' })).not.toBeInTheDocument();
  });

  it('Refresh reads everything again', async () => {
    const api = createFakeTrendsApi({ logs: logs(1) });
    const { user } = showTrends(api);
    await screen.findByRole('table', { name: 'Execution logs' }, { timeout: 5000 });
    const before = api.state.requests.length;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(api.state.requests.length).toBeGreaterThan(before));
  });
});

describe('a table that cannot be displayed', () => {
  it('shows the render-failure text instead of taking the screen down', () => {
    // React reports the caught error on the console; it is the point of this test.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = () => {
      throw new Error('bad row');
    };
    render(
      <RenderBoundary message="Error displaying logs. Please try refreshing the page.">
        <Broken />
      </RenderBoundary>,
    );
    expect(screen.getByText('Error displaying logs. Please try refreshing the page.')).toBeInTheDocument();
  });
});
