import { TREND_RUN_PAGE } from '@abp/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeAuthApi } from '../../../test/auth-api';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';
import { createFakeTrendsApi, makeLog, makeRunItem } from '../testing/fake-trends-api';

const siteSkipped = {
  scope: 'site' as const,
  target: 'Sports Desk',
  kind: 'generation',
  message: 'The model answered with an error (HTTP 500).',
};
const feedUnread = {
  scope: 'feed' as const,
  target: 'https://feeds.example/rss',
  kind: 'timeout',
  message: 'No complete answer within 15 s (timeout).',
};

function show(api: ReturnType<typeof createFakeTrendsApi>, path: string) {
  server.use(...createFakeAuthApi({ authenticated: true }).handlers, ...api.handlers);
  return renderApp({ path });
}

describe('a trend check’s page (issue #37 point 2)', () => {
  it('opens from the Trend Monitor’s history row and shows what it wrote, what failed and why', async () => {
    const api = createFakeTrendsApi({
      logs: [makeLog({ id: 4, articles_generated: 1, articles_published: 1, errors: [siteSkipped, feedUnread] })],
      runItems: {
        4: [makeRunItem({ id: 9, title: 'Tomato blight', post_url: 'https://garden.example/tomato-blight/' })],
      },
    });
    const { user } = show(api, '/trends');
    const table = await screen.findByRole('table', { name: 'Execution logs' }, { timeout: 10_000 });
    await user.click(within(table).getByRole('link', { name: TREND_RUN_PAGE.openPage }));

    expect(await screen.findByRole('heading', { name: TREND_RUN_PAGE.title, level: 1 })).toBeVisible();
    expect(screen.getByText('Run ID: 4')).toBeVisible();
    const written = await screen.findByRole('region', { name: TREND_RUN_PAGE.written });
    const item = within(written).getByRole('listitem', { name: 'Tomato blight' });
    expect(within(item).getByText('Garden Blog', { exact: false })).toBeVisible();
    expect(within(item).getByRole('link', { name: TREND_RUN_PAGE.openArticle })).toHaveAttribute(
      'href',
      '/articles?view=109',
    );
    expect(within(item).getByRole('link', { name: TREND_RUN_PAGE.viewPost })).toHaveAttribute(
      'href',
      'https://garden.example/tomato-blight/',
    );

    const problems = screen.getByRole('region', { name: TREND_RUN_PAGE.problems });
    expect(within(problems).getByText('Site: Sports Desk')).toBeVisible();
    expect(within(problems).getByText(`Reason: ${siteSkipped.message}`)).toBeVisible();
    expect(within(problems).getByText(`Feed: ${feedUnread.target}`)).toBeVisible();
    // No per-item Retry: the page says why (the failed trend is released for the next check).
    expect(within(problems).getByText(TREND_RUN_PAGE.retryNote)).toBeVisible();
    expect(within(problems).queryByRole('button', { name: /retry/i })).not.toBeInTheDocument();
  });

  it('says so when a run wrote nothing and had no problems, and cancels it while it runs', async () => {
    const api = createFakeTrendsApi({
      logs: [makeLog({ id: 2, status: 'running', articles_generated: 0 })],
      runItems: { 2: [makeRunItem({ id: 3, state: 'writing', article_id: null, article_title: null })] },
    });
    const { user } = show(api, '/jobs/trend/2');
    expect(await screen.findByText(TREND_RUN_PAGE.running, {}, { timeout: 10_000 })).toBeVisible();
    expect(screen.getByText(TREND_RUN_PAGE.writing)).toBeVisible();
    expect(screen.getByText(TREND_RUN_PAGE.noProblems)).toBeVisible();
    expect(screen.queryByText(TREND_RUN_PAGE.retryNote)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: TREND_RUN_PAGE.cancel }));
    expect(await screen.findByText(TREND_RUN_PAGE.cancelled)).toBeVisible();
    expect(api.state.requests).toContain('cancel 2');
    const problems = screen.getByRole('region', { name: TREND_RUN_PAGE.problems });
    expect(within(problems).getByText('Reason: Cancelled by the operator.')).toBeVisible();
    // Once asked, it is not offered again while the article being written ends.
    expect(screen.queryByRole('button', { name: TREND_RUN_PAGE.cancel })).not.toBeInTheDocument();
  });

  it('a run that ended after a Cancel says Cancelled, not Completed', async () => {
    const cancelled = {
      scope: 'run' as const,
      target: 'trend check',
      kind: 'cancelled',
      message: TREND_RUN_PAGE.cancelledReason,
    };
    show(
      createFakeTrendsApi({ logs: [makeLog({ id: 9, articles_generated: 0, errors: [cancelled] })] }),
      '/jobs/trend/9',
    );
    const status = await screen.findByRole('region', { name: 'Status' }, { timeout: 10_000 });
    expect(within(status).getByText('Cancelled')).toBeVisible();
    expect(within(status).queryByText('Completed')).not.toBeInTheDocument();
  });

  it('says so when a finished run wrote nothing, and offers no Cancel', async () => {
    show(createFakeTrendsApi({ logs: [makeLog({ id: 8, articles_generated: 0 })] }), '/jobs/trend/8');
    expect(await screen.findByText(TREND_RUN_PAGE.noneWritten, {}, { timeout: 10_000 })).toBeVisible();
    expect(screen.queryByRole('button', { name: TREND_RUN_PAGE.cancel })).not.toBeInTheDocument();
  });

  it('says the run does not exist when the server no longer has it', async () => {
    show(createFakeTrendsApi(), '/jobs/trend/77');
    expect(await screen.findByText(TREND_RUN_PAGE.notFound, {}, { timeout: 10_000 })).toBeVisible();
  });
});
