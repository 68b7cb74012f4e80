import type { GettingStartedStep } from '@abp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeAuthApi } from '../../../test/auth-api';
import { gettingStarted } from '../../../test/getting-started';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';
import { makeDashboard } from '../testing/fake-dashboard';
import { GETTING_STARTED_DISMISSED_KEY } from './getting-started-card';

// Issue #37 point 4: a first run that leads.

const freshInstall = makeDashboard({
  totalArticles: 0,
  publishedArticles: 0,
  draftArticles: 0,
  total_articles: 0,
  recent_articles: 0,
  by_status: makeDashboard().by_status.map((row) => ({ ...row, count: 0 })),
  by_site: [],
  articles_per_day: makeDashboard().articles_per_day.map((day) => ({ ...day, count: 0 })),
});

function showDashboard(done: () => GettingStartedStep[], dashboard = freshInstall) {
  const saved: unknown[] = [];
  server.use(
    ...createFakeAuthApi({ authenticated: true }).handlers,
    http.get('/api/dashboard', () => HttpResponse.json(dashboard)),
    http.get('/api/dashboard/getting-started', () => HttpResponse.json(gettingStarted(done()))),
    http.put('/api/settings/llm', async ({ request }) => {
      saved.push(await request.json());
      return HttpResponse.json({ error: 'not needed', code: 'unavailable' }, { status: 503 });
    }),
  );
  return { ...renderApp({ path: '/' }), saved };
}

const checklist = () => screen.findByRole('region', { name: 'Getting started' }, { timeout: 5000 });

afterEach(() => window.localStorage.clear());

describe('the getting-started checklist', () => {
  it('lists the four steps in order, ticks the done ones, and links each open step to where it is done', async () => {
    showDashboard(() => ['site']);
    const card = await checklist();
    expect(within(card).getByText('1 of 4 done')).toBeInTheDocument();
    const items = within(card).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('data-step'))).toEqual(['site', 'writer', 'article', 'schedule']);
    expect(within(items[0]!).getByTitle('Done')).toBeInTheDocument();
    expect(within(items[0]!).queryByRole('link')).not.toBeInTheDocument();
    expect(within(items[1]!).getByTitle('To do')).toBeInTheDocument();
    expect(within(items[1]!).getByRole('link', { name: 'Choose a model' })).toHaveAttribute(
      'href',
      '/settings#llm-settings',
    );
    expect(within(items[1]!).getByRole('button', { name: 'Keep the demo writer' })).toBeInTheDocument();
    expect(within(items[2]!).getByRole('link', { name: 'Write an article' })).toHaveAttribute('href', '/manual');
    expect(within(items[3]!).getByRole('link', { name: 'Create a schedule' })).toHaveAttribute('href', '/config');
  });

  it('"Keep the demo writer" saves the offline writer', async () => {
    const { user, saved } = showDashboard(() => []);
    const card = await checklist();
    await user.click(within(card).getByRole('button', { name: 'Keep the demo writer' }));
    await waitFor(() => expect(saved).toEqual([{ provider: 'offline' }]));
  });

  it('is not shown once every step is done', async () => {
    showDashboard(() => ['site', 'writer', 'article', 'schedule'], makeDashboard());
    expect(await screen.findByText('Trend Monitor Status', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Getting started' })).not.toBeInTheDocument();
  });

  it('can be hidden, and stays hidden on the next visit', async () => {
    const { user } = showDashboard(() => ['site']);
    await user.click(within(await checklist()).getByRole('button', { name: 'Hide this checklist' }));
    expect(screen.queryByRole('region', { name: 'Getting started' })).not.toBeInTheDocument();
    expect(window.localStorage.getItem(GETTING_STARTED_DISMISSED_KEY)).toBe('1');
  });

  it('with no site, explains the empty chart instead of drawing axes and offers no trend check', async () => {
    showDashboard(() => []);
    await checklist();
    const perDay = screen.getByRole('region', { name: 'Articles per Day' });
    expect(
      within(perDay).getByText('No articles yet: add a site and write a first article to see them here.'),
    ).toBeInTheDocument();
    expect(within(perDay).queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Check Trends Now' })).not.toBeInTheDocument();
    expect(screen.getByText('Trend checks write articles for your sites: add a site first.')).toBeInTheDocument();
    // Zero counts are neutral, not red.
    const failed = within(screen.getByRole('region', { name: 'Articles by Status' })).getByText('failed: 0');
    expect(failed.closest('.MuiChip-root')).toHaveClass('MuiChip-colorDefault');
  });
});
