import type { RefreshList, RefreshPost, RefreshSiteSummary } from '@abp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { createFakeAuthApi } from '../../../test/auth-api';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';

const post = (overrides: Partial<RefreshPost>): RefreshPost => ({
  site_id: 1,
  site_name: 'Garden',
  wp_id: 10,
  title: 'Best kettles of 2024',
  link: 'https://garden.example/best-kettles/',
  modified_at: '2024-03-02T10:00:00Z',
  score: 70,
  reasons: [
    { kind: 'past_year', weight: 30, words: 'Says “Best kettles of 2024”; it is 2026 now.' },
    { kind: 'dead_links', weight: 30, words: 'A dead link: https://gone.example/ (HTTP 404).' },
    { kind: 'orphan', weight: 10, words: 'No other post of the site links to it.' },
  ],
  computed_at: '2026-11-27T10:00:00Z',
  ...overrides,
});

function fakeRefreshApi(items: RefreshPost[]) {
  const asked: URL[] = [];
  const summary: RefreshSiteSummary[] = [
    {
      site_id: 1,
      site_name: 'Garden',
      scored: 12,
      stale: 3,
      reasons: { past_year: 1 },
      dead_links: 2,
      computed_at: '2026-11-27T10:00:00Z',
    },
  ];
  const handlers = [
    http.get('/api/refresh/summary', () => HttpResponse.json(summary)),
    http.get('/api/refresh/proposals', () => HttpResponse.json({ items: [], total: 0 })),
    http.get('/api/refresh', ({ request }) => {
      const url = new URL(request.url);
      asked.push(url);
      const reason = url.searchParams.get('reason');
      const shown = reason ? items.filter((item) => item.reasons.some((r) => r.kind === reason)) : items;
      const body: RefreshList = { items: shown, total: shown.length, limit: 25, offset: 0 };
      return HttpResponse.json(body);
    }),
  ];
  return { handlers, asked };
}

describe('Refresh screen', () => {
  it('lists the posts by score with their reasons in words, a link to each, and filters by site and reason', async () => {
    const api = fakeRefreshApi([
      post({}),
      post({
        wp_id: 11,
        title: 'Repotting basil',
        link: 'https://garden.example/basil/',
        score: 10,
        reasons: [{ kind: 'orphan', weight: 10, words: 'No other post of the site links to it.' }],
      }),
    ]);
    server.use(...createFakeAuthApi({ authenticated: true }).handlers, ...api.handlers);
    const { user } = renderApp({ path: '/refresh' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Refresh' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Posts by refresh score' });
    const rows = within(list)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === list);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link', { name: 'Best kettles of 2024' })).toHaveAttribute(
      'href',
      'https://garden.example/best-kettles/',
    );
    expect(rows[0]).toHaveTextContent('Out-of-date year (+30): Says “Best kettles of 2024”; it is 2026 now.');
    expect(rows[0]).toHaveTextContent('Dead links (+30): A dead link: https://gone.example/ (HTTP 404).');
    expect(within(rows[0]!).getByLabelText('Score 70 of 100')).toBeInTheDocument();
    // All sites: each post says its site.
    expect(rows[0]).toHaveTextContent('Garden ·');

    await user.click(screen.getByRole('combobox', { name: 'Reason' }));
    await user.click(screen.getByRole('option', { name: 'Dead links' }));
    // Only the posts with that reason are left.
    await waitFor(() => expect(screen.queryByText('Repotting basil')).not.toBeInTheDocument());
    expect(api.asked.at(-1)?.searchParams.get('reason')).toBe('dead_links');

    await user.click(screen.getByRole('combobox', { name: 'Site' }));
    await user.click(screen.getByRole('option', { name: 'Garden' }));
    expect(await screen.findByText(/12 posts scored, 3 need a refresh, 2 dead links found/)).toBeInTheDocument();
    expect(api.asked.at(-1)?.searchParams.get('site_id')).toBe('1');
    expect(screen.getByRole('button', { name: 'Score again' })).toBeInTheDocument();
  });

  it('says so when nothing is scored yet', async () => {
    const api = fakeRefreshApi([]);
    server.use(...createFakeAuthApi({ authenticated: true }).handlers, ...api.handlers);
    renderApp({ path: '/refresh' });
    expect(
      await screen.findByText('No post needs a refresh here yet. Scores are computed after each inventory sync.'),
    ).toBeInTheDocument();
  });
});
