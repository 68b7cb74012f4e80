import type { BudgetState, Dashboard } from '@abp/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { createFakeAuthApi } from '../../../test/auth-api';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';
import { budgets, usageSummary } from '../../../test/usage';
import { makeDashboard } from '../testing/fake-dashboard';

function showDashboard(answer: () => Dashboard | null, fakeTimers = false, checkAnswer = 202) {
  const requests: URL[] = [];
  server.use(
    ...createFakeAuthApi({ authenticated: true }).handlers,
    http.post('/api/trends/check', () =>
      checkAnswer === 202
        ? HttpResponse.json({ status: 'started', job_id: 'job-1' }, { status: 202 })
        : HttpResponse.json({ error: 'A trend check is already running', code: 'conflict' }, { status: checkAnswer }),
    ),
    http.get('/api/dashboard', ({ request }) => {
      requests.push(new URL(request.url));
      const data = answer();
      return data
        ? HttpResponse.json(data)
        : HttpResponse.json({ error: 'Internal server error', code: 'internal' }, { status: 500 });
    }),
  );
  return { ...renderApp({ path: '/', fakeTimers }), requests };
}

afterEach(() => vi.useRealTimers());

describe('Dashboard', () => {
  it.each([
    [202, 'Trend check started'],
    [409, 'Failed to trigger trend check'],
  ])(
    'starts a trend check from the card: answer %i shows "%s" (and a reload 1 s after a start)',
    async (status, toast) => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const { user, requests } = showDashboard(() => makeDashboard(), true, status);
      await user.click(await screen.findByRole('button', { name: 'Check Trends Now' }, { timeout: 5000 }));
      expect(await screen.findByText(toast)).toBeInTheDocument();
      if (status !== 202) return;
      const before = requests.length;
      await act(async () => vi.advanceTimersByTimeAsync(1100));
      await waitFor(() => expect(requests.length).toBe(before + 1));
    },
  );

  it('shows the heading, the idle trend monitor, the four stat cards and the breakdowns', async () => {
    const { requests } = showDashboard(() => makeDashboard());
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Monitor your automated blog posting activity and performance')).toBeInTheDocument();
    expect(await screen.findByText('Trend Monitor Status')).toBeInTheDocument();
    expect(screen.getByText('Idle').closest('.MuiChip-root')).toHaveClass('MuiChip-colorSuccess');
    expect(screen.getByText('Active Jobs: 0')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check Trends Now' })).toBeEnabled();

    const figures = Object.fromEntries(
      ['Total Articles', 'Published', 'Recent Articles', 'Trends Processed'].map((name) => [
        name,
        within(screen.getByRole('region', { name }))
          .getAllByText(/\S/)
          .map((n) => n.textContent),
      ]),
    );
    expect(figures).toEqual({
      'Total Articles': ['Total Articles', '42'],
      Published: ['Published', '30'],
      'Recent Articles': ['Recent Articles', '9', 'Last 7 days'],
      'Trends Processed': ['Trends Processed', '0'],
    });

    const byStatus = screen.getByRole('region', { name: 'Articles by Status' });
    expect(within(byStatus).getByText('published: 30').closest('.MuiChip-root')).toHaveClass('MuiChip-colorSuccess');
    expect(within(byStatus).getByText('draft: 7').closest('.MuiChip-root')).toHaveClass('MuiChip-colorWarning');
    expect(within(byStatus).getByText('failed: 2').closest('.MuiChip-root')).toHaveClass('MuiChip-colorError');
    expect(within(byStatus).getByText('review: 1').closest('.MuiChip-root')).toHaveClass('MuiChip-colorError');
    const bySite = screen.getByRole('region', { name: 'Articles by Site' });
    expect(within(bySite).getByText('Garden Blog')).toBeInTheDocument();
    expect(within(bySite).getByText('40')).toBeInTheDocument();
    expect(screen.queryByText('Last Trend Check')).not.toBeInTheDocument();
    // Issue #37 point 8 changed the date's format: the app's one date format, not ISO.
    expect(
      screen.getByText(`15 articles in the last 30 days · busiest day ${formatDate('2026-10-24')} (3)`),
    ).toBeInTheDocument();
    // The chart is drawn with the figures.
    const chart = screen.getByRole('region', { name: 'Articles per Day' });
    await waitFor(() => expect(chart.querySelector('svg rect, svg path')).not.toBeNull(), { timeout: 5000 });
    expect(within(chart).queryByText('The chart could not be drawn.')).not.toBeInTheDocument();
    expect(requests[0]!.searchParams.get('tz')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('says "No sites configured" and shows the last trend check when there is one', async () => {
    showDashboard(() =>
      makeDashboard({
        by_site: [],
        trend_monitor: { isRunning: true, activeJobs: 2 },
        trend_stats: {
          total_processed: 12,
          recent_articles: 3,
          recent_trend_articles: 2,
          last_execution: {
            trends_found: 8,
            articles_generated: 5,
            articles_published: 4,
            execution_time_ms: 12_500,
            created_at: '2026-11-22T08:00:00.000Z',
            unreachable_feeds: [],
          },
        },
      }),
    );
    expect(await screen.findByText('No sites configured', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Running').closest('.MuiChip-root')).toHaveClass('MuiChip-colorWarning');
    expect(screen.getByRole('button', { name: 'Running...' })).toBeDisabled();
    const last = screen.getByRole('region', { name: 'Last Trend Check' });
    expect(within(last).getByText('8')).toBeInTheDocument();
    expect(within(last).getByText('5')).toBeInTheDocument();
    expect(within(last).getByText('12.5s')).toBeInTheDocument();
  });

  it('the Last Trend Check says when it could not reach its feeds (issue #17 item 12)', async () => {
    const execution = {
      trends_found: 0,
      articles_generated: 0,
      articles_published: 0,
      execution_time_ms: 900,
      created_at: '2026-11-22T08:00:00.000Z',
    };
    const unreachable_feeds = [
      { feed: 'https://trends.example/daily.xml', reason: 'The feed answered HTTP 500 Internal Server Error.' },
      { feed: 'https://news.example/rss', reason: 'No complete answer within 15000 ms (timeout).' },
    ];
    showDashboard(() =>
      makeDashboard({
        trend_stats: {
          total_processed: 0,
          recent_articles: 0,
          recent_trend_articles: 0,
          last_execution: { ...execution, unreachable_feeds },
        },
      }),
    );
    const last = await screen.findByRole('region', { name: 'Last Trend Check' }, { timeout: 5000 });
    expect(within(last).getByText('The check could not reach 2 feeds:')).toBeInTheDocument();
    expect(
      within(last).getByText('https://trends.example/daily.xml — The feed answered HTTP 500 Internal Server Error.'),
    ).toBeInTheDocument();
    expect(
      within(last).getByText('https://news.example/rss — No complete answer within 15000 ms (timeout).'),
    ).toBeInTheDocument();
  });

  it('says how many posts are not live on WordPress, with the way to them; nothing when all are live', async () => {
    showDashboard(() => makeDashboard({ not_live_posts: 3 }));
    expect(await screen.findByText('3 published posts are not live on WordPress.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Show them' })).toHaveAttribute('href', '/articles?live=not_live');
  });

  it('shows the error with Retry, which loads again', async () => {
    let fail = true;
    const { user } = showDashboard(() => (fail ? null : makeDashboard()));
    expect(await screen.findByText('Failed to load dashboard data', {}, { timeout: 8000 })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Trend Monitor Status')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Failed to load dashboard data')).not.toBeInTheDocument());
  });

  it('refreshes every 30 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let total = 42;
    const { requests } = showDashboard(() => makeDashboard({ totalArticles: total }), true);
    await screen.findByText('42', {}, { timeout: 5000 });
    const before = requests.length;
    total = 43;
    await act(async () => vi.advanceTimersByTimeAsync(30_000));
    await waitFor(() => expect(requests.length).toBe(before + 1));
    expect(await screen.findByText('43')).toBeInTheDocument();
  });
});

describe('Dashboard: model spend (issue #16)', () => {
  it('shows this month’s spend, per site and per provider, with the days in the operator’s zone', async () => {
    const usageRequests: URL[] = [];
    const daily = usageSummary().daily.map((day, index) =>
      index === 29 ? { ...day, cost_usd: 0.0123, calls: 14 } : day,
    );
    server.use(
      http.get('/api/usage', ({ request }) => {
        usageRequests.push(new URL(request.url));
        return HttpResponse.json(
          usageSummary({
            month: { calls: 14, input_tokens: 12345, output_tokens: 6789, cost_usd: 0.0123, estimated: false },
            by_site: [
              {
                site_id: 1,
                site_name: 'Garden Blog',
                calls: 14,
                input_tokens: 12345,
                output_tokens: 6789,
                cost_usd: 0.0123,
                estimated: false,
              },
            ],
            by_provider: [
              {
                provider: 'openai',
                model: 'gpt-4o-mini',
                calls: 14,
                input_tokens: 12345,
                output_tokens: 6789,
                cost_usd: 0.0123,
                estimated: false,
              },
            ],
            daily,
          }),
        );
      }),
    );
    showDashboard(() => makeDashboard());
    const card = await screen.findByRole('region', { name: 'Model Spend This Month' }, { timeout: 5000 });
    expect(await within(card).findByLabelText('Spend this month')).toHaveTextContent('$0.0123');
    expect(within(card).getByText(/14 model calls · 12,345 in \/ 6,789 out tokens/)).toBeInTheDocument();
    expect(
      within(within(card).getByRole('region', { name: 'By site' })).getByText('Garden Blog').nextSibling,
    ).toHaveTextContent('$0.0123 · 14 calls');
    expect(
      within(within(card).getByRole('region', { name: 'By provider' })).getByText('openai/gpt-4o-mini'),
    ).toBeInTheDocument();
    expect(usageRequests[0]!.searchParams.get('tz')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('shows each budget beside the spend: spent of budget, and what is left (issue #37)', async () => {
    const state: BudgetState = {
      site_id: 1,
      name: 'Garden',
      limit_usd: 1,
      spent_usd: 0.79,
      percent: 79,
      state: 'ok',
      message: null,
    };
    server.use(
      http.get('/api/settings/budgets', () =>
        HttpResponse.json(
          budgets({
            monthly_usd: 20,
            sites: [{ site_id: 1, site_name: 'Garden', monthly_usd: 1 }],
            states: [
              { ...state, site_id: null, name: 'All sites', limit_usd: 20, spent_usd: 0.79, percent: 3 },
              state,
              { ...state, site_id: 2, name: 'Kitchen', spent_usd: 1.03, percent: 103, state: 'reached' },
            ],
          }),
        ),
      ),
    );
    showDashboard(() => makeDashboard());
    const card = await screen.findByRole('region', { name: 'Model Spend This Month' }, { timeout: 5000 });
    const beside = await within(card).findByRole('region', { name: 'Budgets this month' });
    expect(within(beside).getByText('Budget, all sites').nextSibling).toHaveTextContent(
      '$0.79 of $20.00 · $19.21 left',
    );
    expect(within(beside).getByText('Budget, Garden').nextSibling).toHaveTextContent('$0.79 of $1.00 · $0.21 left');
    expect(within(beside).getByText('Budget, Kitchen').nextSibling).toHaveTextContent('$1.03 of $1.00 · reached');
  });

  it('says when nothing was spent', async () => {
    showDashboard(() => makeDashboard());
    const card = await screen.findByRole('region', { name: 'Model Spend This Month' }, { timeout: 5000 });
    expect(await within(card).findByText(/^No model calls since Nov 1, 2026$/)).toBeInTheDocument();
    expect(within(card).getAllByText('Nothing yet')).toHaveLength(2);
  });

  it('names how many wait for review and since when the oldest does, with the way to the inbox (issue #33)', async () => {
    server.use(
      http.get('/api/review/summary', () => HttpResponse.json({ count: 3, oldest_since: '2026-11-20T09:30:00.000Z' })),
    );
    showDashboard(() => makeDashboard());
    const line = await screen.findByText(
      `3 waiting for review — oldest since ${formatDateTime('2026-11-20T09:30:00.000Z')}`,
    );
    expect(line).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the Review inbox' })).toHaveAttribute('href', '/review');
  });

  it('says nothing of the inbox when nothing waits', async () => {
    showDashboard(() => makeDashboard());
    await screen.findByText('Trend Monitor Status');
    expect(screen.queryByText(/waiting for review/)).not.toBeInTheDocument();
  });
});
