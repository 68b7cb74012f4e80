import type { BacklinkProposal, LinkReport } from '@abp/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeAuthApi } from '../../../test/auth-api';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';
import { makeSite } from '../../../test/sites';
import { createFakeSitesApi, inventoryItem } from '../testing/fake-sites-api';

const post = (wp_id: number, title: string, links_in: number, links_out: number) => ({
  wp_id,
  title,
  link: `https://garden.example/post-${wp_id}/`,
  links_in,
  links_out,
});
const report: LinkReport = {
  site_id: 1,
  posts_scanned: 3,
  capped: false,
  internal_links: 2,
  posts: [post(13, 'Tomato blight', 0, 2), post(11, 'Growing heirloom squash', 1, 0), post(12, 'Storing squash', 1, 0)],
  orphans: [post(13, 'Tomato blight', 0, 2)],
  synced_at: '2026-11-27T10:00:00.000Z',
};

const proposal: BacklinkProposal = {
  id: 7,
  article_id: null,
  site_id: 1,
  target_post_id: 13,
  target_title: 'Tomato blight',
  target_link: 'https://garden.example/post-13/',
  source_post_id: 11,
  source_title: 'Growing heirloom squash',
  source_link: 'https://garden.example/post-11/',
  paragraph_index: 1,
  paragraph_text: 'Watch for tomato blight in wet summers.',
  anchor: 'tomato blight',
  state: 'proposed',
  applied_at: null,
  created_at: '2026-11-27T10:00:00.000Z',
};

describe('Sites → Browse → Internal links', () => {
  it('shows the figures, the orphan posts and every post with its links in and out', async () => {
    const api = createFakeSitesApi({
      sites: [makeSite()],
      inventory: { 1: { items: [inventoryItem({ wp_id: 11 })], synced: true, linkReport: report } },
    });
    server.use(...createFakeAuthApi({ authenticated: true }).handlers, ...api.handlers);
    renderApp({ path: '/sites/1/content' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Internal links' })).toBeInTheDocument();
    expect(
      await screen.findByText(
        /3 published posts read, 2 links between them, 1 orphan post \(nothing on the site links to them\)/,
      ),
    ).toBeInTheDocument();
    const orphans = screen.getByRole('table', { name: 'Orphan posts' });
    const orphanRows = within(orphans).getAllByRole('row');
    expect(orphanRows).toHaveLength(2);
    expect(within(orphanRows[1]!).getByRole('link', { name: 'Tomato blight' })).toHaveAttribute(
      'href',
      'https://garden.example/post-13/',
    );
    expect(orphanRows[1]).toHaveTextContent('Tomato blight02');
    const all = screen.getByRole('table', { name: 'Posts and their links' });
    expect(within(all).getAllByRole('row')).toHaveLength(4);
    expect(within(all).getAllByRole('row')[2]).toHaveTextContent('Growing heirloom squash10');
    expect(api.requestsTo('GET', '/api/sites/1/inventory/links')).toHaveLength(1);
  });

  it('"Link orphan posts" proposes links to orphan posts, each added and undone on its own', async () => {
    const api = createFakeSitesApi({
      sites: [makeSite()],
      inventory: {
        1: { items: [inventoryItem({ wp_id: 11 })], synced: true, linkReport: report, orphanProposals: [proposal] },
      },
    });
    server.use(...createFakeAuthApi({ authenticated: true }).handlers, ...api.handlers);
    const { user } = renderApp({ path: '/sites/1/content' });
    await user.click(await screen.findByRole('button', { name: 'Link orphan posts' }));
    const table = await screen.findByRole('table', { name: 'Proposed links to orphan posts' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByRole('link', { name: 'Tomato blight' })).toHaveAttribute(
      'href',
      'https://garden.example/post-13/',
    );
    expect(row).toHaveTextContent('“tomato blight” in: Watch for tomato blight in wet summers.');
    expect(api.requestsTo('POST', '/api/sites/1/link-proposals')).toHaveLength(1);

    await user.click(within(row).getByRole('button', { name: 'Add link' }));
    expect(await within(table).findByText('Link added')).toBeInTheDocument();
    expect(api.requestsTo('POST', '/api/backlinks/7/apply')).toHaveLength(1);
    await user.click(within(table).getByRole('button', { name: 'Undo' }));
    expect(await within(table).findByText('Undone')).toBeInTheDocument();
    expect(api.requestsTo('POST', '/api/backlinks/7/undo')).toHaveLength(1);
  });

  it('a site never synced is not asked for a report: it invites a sync', async () => {
    const api = createFakeSitesApi({ sites: [makeSite()], inventory: { 1: { items: [] } } });
    server.use(...createFakeAuthApi({ authenticated: true }).handlers, ...api.handlers);
    renderApp({ path: '/sites/1/content' });
    expect(
      await screen.findByText("Sync the site's content to see how its posts link to each other."),
    ).toBeInTheDocument();
    expect(api.requestsTo('GET', '/api/sites/1/inventory/links')).toHaveLength(0);
  });
});
