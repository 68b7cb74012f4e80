import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { createFakeAuthApi } from '../../../test/auth-api';
import { setWindowWidth } from '../../../test/match-media';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';
import { makeSite } from '../../../test/sites';
import { createFakeSitesApi, inventoryItem, inventorySummary } from '../testing/fake-sites-api';

const taxonomy = {
  categories: [
    { id: 3, name: 'Squash', slug: 'squash', parent: 0, count: 2 },
    { id: 4, name: 'Tomatoes', slug: 'tomatoes', parent: 0, count: 1 },
  ],
  authors: [{ id: 1, name: 'Editor', slug: 'editor' }],
};
const items = [
  inventoryItem({ wp_id: 11, title: 'Growing heirloom squash', category_ids: [3] }),
  inventoryItem({ wp_id: 12, title: 'Squash & beans <together>', category_ids: [3], status: 'draft' }),
  inventoryItem({ wp_id: 13, title: 'Tomato blight', category_ids: [4] }),
  inventoryItem({ wp_id: 14, kind: 'page', title: 'About us', category_ids: [] }),
];

function show(api: ReturnType<typeof createFakeSitesApi>, path: string) {
  server.use(...createFakeAuthApi({ authenticated: true }).handlers, ...api.handlers);
  return renderApp({ path });
}

describe('site inventory on the Sites screen', () => {
  it('a site never synced says so; "Sync content" starts a sync whose progress shows until it ends with the counts', async () => {
    const api = createFakeSitesApi({ sites: [makeSite()], inventory: { 1: { items, taxonomy } }, syncReads: 2 });
    const { user } = show(api, '/sites');
    const cell = await screen.findByLabelText('Content of Garden Blog');
    expect(within(cell).getByText('Not synced yet')).toBeInTheDocument();
    expect(within(cell).queryByRole('link', { name: 'Browse' })).not.toBeInTheDocument();

    await user.click(within(cell).getByRole('button', { name: 'Sync content' }));
    expect(api.requestsTo('POST', '/api/sites/1/inventory/sync')).toHaveLength(1);
    expect(await within(cell).findByRole('status')).toHaveTextContent('Syncing posts: 2 of 4');
    expect(within(cell).getByRole('button', { name: 'Sync content' })).toBeDisabled();
    // Polled while it runs; then the counts and the time of the sync.
    expect(await within(cell).findByText('3 posts · 1 page', undefined, { timeout: 4_000 })).toBeInTheDocument();
    expect(within(cell).getByText('Synced just now')).toBeInTheDocument();
    expect(within(cell).getByRole('link', { name: 'Browse' })).toHaveAttribute('href', '/sites/1/content');
    const reads = api.requestsTo('GET', '/api/sites/inventory').length;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(api.requestsTo('GET', '/api/sites/inventory')).toHaveLength(reads); // no polling once done
  });

  it('shows a failed sync with its reason in red, on the cards of a narrow screen too', async () => {
    setWindowWidth(390);
    const api = createFakeSitesApi({ sites: [makeSite()] });
    server.use(...createFakeAuthApi({ authenticated: true }).handlers, ...api.handlers);
    server.use(
      http.get('/api/sites/inventory', () =>
        HttpResponse.json([
          inventorySummary(1, {
            state: 'failed',
            trigger: 'manual',
            error: 'WordPress refused the application password.',
          }),
        ]),
      ),
    );
    renderApp({ path: '/sites' });
    const card = await screen.findByRole('listitem', { name: 'Garden Blog' });
    expect(
      await within(card).findByText('Sync failed: WordPress refused the application password.'),
    ).toBeInTheDocument();
  });

  it('a sync stopped at a cap shows what it read, with why it stopped and what to raise', async () => {
    const api = createFakeSitesApi({ sites: [makeSite()] });
    server.use(...createFakeAuthApi({ authenticated: true }).handlers, ...api.handlers);
    const reason = 'The site reports more than 50,000 posts; raise INVENTORY_MAX_POSTS to sync more.';
    server.use(
      http.get('/api/sites/inventory', () =>
        HttpResponse.json([
          inventorySummary(1, {
            state: 'partial',
            trigger: 'schedule',
            posts: 50_000,
            pages: 12,
            fetched: 50_012,
            last_synced_at: new Date().toISOString(),
            error: reason,
          }),
        ]),
      ),
    );
    renderApp({ path: '/sites' });
    const cell = await screen.findByLabelText('Content of Garden Blog');
    expect(await within(cell).findByText('50,000 posts · 12 pages')).toBeInTheDocument();
    expect(within(cell).getByText(`Partly synced just now: ${reason}`)).toBeInTheDocument();
    // What was read can be browsed, and another sync asked for.
    expect(within(cell).getByRole('link', { name: 'Browse' })).toHaveAttribute('href', '/sites/1/content');
    expect(within(cell).getByRole('button', { name: 'Sync content' })).toBeEnabled();
  });
});

describe("Sites → Browse: a site's content", () => {
  it('lists what the site has, searches titles (as text) and filters by category and type', async () => {
    const api = createFakeSitesApi({ sites: [makeSite()], inventory: { 1: { items, taxonomy, synced: true } } });
    const { user } = show(api, '/sites/1/content');
    expect(await screen.findByRole('heading', { level: 1, name: 'Content of Garden Blog' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Site content' });
    expect(within(table).getAllByRole('row')).toHaveLength(5);
    // A title is text: the markup-like part is shown, not interpreted.
    expect(within(table).getByRole('link', { name: 'Squash & beans <together>' })).toHaveAttribute(
      'href',
      'https://garden.example/post-12/',
    );
    expect(within(table).getByText('Draft')).toBeInTheDocument();
    expect(within(table).getAllByText('Squash')).toHaveLength(2); // category chips by name

    await user.type(screen.getByLabelText('Search titles'), 'squash');
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Site content' })).getAllByRole('row')).toHaveLength(3),
    );
    const searched = api.requestsTo('GET', '/api/sites/1/inventory/items').at(-1)!;
    expect(new URLSearchParams(searched.search).get('search')).toBe('squash');
    // One request for the pause, not one per key.
    expect(
      api.requestsTo('GET', '/api/sites/1/inventory/items').filter((r) => r.search.includes('search=')).length,
    ).toBe(1);

    await user.clear(screen.getByLabelText('Search titles'));
    await user.click(screen.getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: 'Tomatoes (1)' }));
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Site content' })).getAllByRole('row')).toHaveLength(2),
    );
    expect(screen.getByRole('link', { name: 'Tomato blight' })).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: 'All categories' }));
    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Pages' }));
    await waitFor(() => expect(screen.getByRole('link', { name: 'About us' })).toBeInTheDocument());
    expect(screen.queryByRole('link', { name: 'Tomato blight' })).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Search titles'), 'nothing like this');
    expect(await screen.findByText('Nothing matches')).toBeInTheDocument();
  });

  it('on a phone lists the posts as blocks, not a table that scrolls sideways', async () => {
    setWindowWidth(390);
    const api = createFakeSitesApi({ sites: [makeSite()], inventory: { 1: { items, taxonomy, synced: true } } });
    show(api, '/sites/1/content');
    const list = await screen.findByRole('list', { name: 'Site content' });
    expect(screen.queryByRole('table', { name: 'Site content' })).not.toBeInTheDocument();
    const blocks = within(list).getAllByRole('listitem');
    expect(blocks).toHaveLength(4);
    expect(within(blocks[0]!).getByRole('link', { name: 'Growing heirloom squash' })).toHaveAttribute(
      'href',
      'https://garden.example/post-11/',
    );
    expect(blocks[0]).toHaveTextContent('Type: PostStatus: PublishedDate:');
    expect(blocks[0]).toHaveTextContent('Categories: Squash');
    expect(blocks[3]).toHaveTextContent('Type: Page');
    expect(blocks[3]).not.toHaveTextContent('Categories');
  });

  it('a site never synced invites a sync', async () => {
    const api = createFakeSitesApi({ sites: [makeSite()], inventory: { 1: { items: [], taxonomy } } });
    show(api, '/sites/1/content');
    expect(await screen.findByText('Not synced yet: press "Sync content"')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sync content' })).toBeEnabled();
  });

  it('a missing site says so', async () => {
    show(createFakeSitesApi({ sites: [makeSite()] }), '/sites/99/content');
    expect(await screen.findByText('This site no longer exists.')).toBeInTheDocument();
  });
});
