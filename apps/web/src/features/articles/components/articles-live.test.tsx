import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeAuthApi } from '../../../test/auth-api';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';
import { createFakeArticlesApi, makeArticle } from '../testing/fake-articles-api';

function show(api: ReturnType<typeof createFakeArticlesApi>) {
  server.use(...createFakeAuthApi({ authenticated: true }).handlers, ...api.handlers);
  return renderApp({ path: '/articles' });
}

const checkedAt = '2026-11-24T07:00:00.000Z';
const articles = [
  makeArticle({
    id: 1,
    title: 'Live soil guide',
    status: 'published',
    wordpress_post_id: 11,
    live_check: { state: 'live', reason: null, checked_at: checkedAt },
  }),
  makeArticle({
    id: 2,
    title: 'Trashed mulch guide',
    status: 'published',
    wordpress_post_id: 12,
    live_check: { state: 'not_live', reason: 'the post is in the WordPress trash', checked_at: checkedAt },
  }),
  makeArticle({
    id: 3,
    title: 'Scheduled compost guide',
    status: 'scheduled',
    wordpress_post_id: 13,
    live_check: { state: 'scheduled', reason: null, checked_at: checkedAt },
  }),
  makeArticle({ id: 4, title: 'Unpublished draft' }),
];
const rowOf = (title: string) => screen.getByRole('row', { name: new RegExp(title) });

describe('Articles: is each post live on WordPress?', () => {
  it('shows Live ✓, Not live (with its reason), Scheduled, or nothing for an article without a post', async () => {
    show(createFakeArticlesApi({ articles }));
    await screen.findByRole('table', { name: 'Generated articles' }, { timeout: 5_000 });
    expect(within(rowOf('Live soil guide')).getByText('Live ✓')).toBeInTheDocument();
    const notLive = within(rowOf('Trashed mulch guide')).getByText('Not live');
    expect(notLive.closest('[aria-description]')).toHaveAttribute(
      'aria-description',
      expect.stringContaining('Not live: the post is in the WordPress trash'),
    );
    expect(within(rowOf('Scheduled compost guide')).getAllByText('Scheduled')).toHaveLength(2); // its status, and its post on WordPress
    expect(
      within(rowOf('Unpublished draft')).queryByRole('button', { name: 'Check live status' }),
    ).not.toBeInTheDocument();
  });

  it('filters by "On WordPress": the list asks for live=not_live', async () => {
    const api = createFakeArticlesApi({ articles });
    const { user } = show(api);
    await screen.findByRole('table', { name: 'Generated articles' }, { timeout: 5_000 });
    await user.click(screen.getByRole('combobox', { name: 'On WordPress' }));
    await user.click(await screen.findByRole('option', { name: 'Not live' }));
    await waitFor(() => expect(api.state.listRequests.at(-1)?.get('live')).toBe('not_live'));
    await waitFor(() => expect(screen.queryByText('Live soil guide')).not.toBeInTheDocument());
    expect(screen.getByText('Trashed mulch guide')).toBeInTheDocument();
  });

  it('"Check again" asks the server, says what it found and shows the new verdict', async () => {
    const api = createFakeArticlesApi({
      articles,
      liveChecks: { 1: { state: 'not_live', reason: 'its page answers 404 (not found)' } },
    });
    const { user } = show(api);
    await screen.findByRole('table', { name: 'Generated articles' }, { timeout: 5_000 });
    await user.click(within(rowOf('Live soil guide')).getByRole('button', { name: 'Check live status' }));
    expect(await screen.findByText('Not live: its page answers 404 (not found)')).toBeInTheDocument();
    expect(api.state.liveChecks).toEqual([1]);
    await waitFor(() => expect(within(rowOf('Live soil guide')).getByText('Not live')).toBeInTheDocument());
  });
});

describe('Articles: a post trashed or deleted on WordPress', () => {
  const gone = [
    makeArticle({ id: 1, title: 'Live soil guide', status: 'published', wordpress_post_id: 11 }),
    makeArticle({
      id: 2,
      title: 'Trashed mulch guide',
      status: 'published',
      wordpress_post_id: 12,
      wordpress_state: 'trashed',
    }),
    makeArticle({
      id: 3,
      title: 'Deleted compost guide',
      status: 'published',
      wordpress_post_id: 13,
      wordpress_state: 'deleted',
    }),
  ];

  it('says so in the WordPress column, and the filter finds them', async () => {
    const api = createFakeArticlesApi({ articles: gone });
    const { user } = show(api);
    await screen.findByRole('table', { name: 'Generated articles' }, { timeout: 5_000 });
    expect(within(rowOf('Trashed mulch guide')).getByText('Trashed on WP')).toBeInTheDocument();
    expect(within(rowOf('Deleted compost guide')).getByText('Deleted on WP')).toBeInTheDocument();
    expect(within(rowOf('Live soil guide')).getByText('Live on WP')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'WordPress state' }));
    await user.click(await screen.findByRole('option', { name: 'Trashed on WP' }));
    await waitFor(() => expect(api.state.listRequests.at(-1)?.get('wordpress_state')).toBe('trashed'));
    await waitFor(() => expect(screen.queryByText('Live soil guide')).not.toBeInTheDocument());
    expect(screen.getByText('Trashed mulch guide')).toBeInTheDocument();
  });
});

describe('Articles opened from the Dashboard (?live=not_live)', () => {
  it('starts filtered to the posts that are not live', async () => {
    const api = createFakeArticlesApi({ articles });
    server.use(...createFakeAuthApi({ authenticated: true }).handlers, ...api.handlers);
    renderApp({ path: '/articles?live=not_live' });
    expect(await screen.findByText('Trashed mulch guide', undefined, { timeout: 5_000 })).toBeInTheDocument();
    expect(api.state.listRequests.every((query) => query.get('live') === 'not_live')).toBe(true);
    expect(screen.getByRole('combobox', { name: 'On WordPress' })).toHaveTextContent('Not live');
    expect(within(screen.getByRole('table', { name: 'Generated articles' })).getAllByRole('row')).toHaveLength(2);
  });
});

describe('Links from older posts (in the article view)', () => {
  const proposal = (id: number, title: string, state: 'proposed' | 'applied' = 'proposed') => ({
    id,
    article_id: 1,
    site_id: 1,
    target_post_id: null,
    target_title: '',
    target_link: '',
    source_post_id: 100 + id,
    source_title: title,
    source_link: `https://garden.example/${id}/`,
    paragraph_index: 1,
    paragraph_text: 'Gutters feed a rain barrel well; ours <b>overflowed</b>.',
    anchor: 'rain barrel',
    state,
    applied_at: null,
    created_at: checkedAt,
  });

  it('"Find links" lists each proposal with its paragraph and anchor; Add link, Undo and Dismiss act per link', async () => {
    const api = createFakeArticlesApi({
      articles,
      backlinks: { 1: [proposal(1, 'Watering with barrels'), proposal(2, 'Spring checklist')] },
    });
    const { user } = show(api);
    await screen.findByRole('table', { name: 'Generated articles' }, { timeout: 5_000 });
    await user.click(within(rowOf('Live soil guide')).getByRole('button', { name: 'View' }));
    const dialog = await screen.findByRole('dialog');
    const panel = await within(dialog).findByRole('region', { name: 'Links from older posts' });
    expect(await within(panel).findByText(/"Find links" searches the site's older posts/)).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Find links' }));
    expect(await screen.findByText('2 links proposed')).toBeInTheDocument();
    const items = within(within(panel).getByRole('list', { name: 'Proposed links' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('link', { name: 'Watering with barrels' })).toHaveAttribute(
      'href',
      'https://garden.example/1/',
    );
    // The paragraph is text: markup in it is shown, never rendered; the anchor is in bold.
    expect(items[0]).toHaveTextContent('Paragraph 2: “Gutters feed a rain barrel well; ours <b>overflowed</b>.”');
    expect(within(items[0]!).getByText('rain barrel').tagName).toBe('STRONG');

    await user.click(within(items[0]!).getByRole('button', { name: 'Add link' }));
    expect(await screen.findByText('Link added to "Watering with barrels" on WordPress')).toBeInTheDocument();
    await waitFor(() => expect(within(items[0]!).getByText('Link added')).toBeInTheDocument());
    await user.click(within(items[0]!).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('"Watering with barrels" is back as it was')).toBeInTheDocument();
    await user.click(within(items[1]!).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(within(items[1]!).getByText('Dismissed')).toBeInTheDocument());
    expect(within(items[1]!).queryByRole('button', { name: 'Add link' })).not.toBeInTheDocument();
    expect(api.state.backlinkActions).toEqual([
      { id: 1, action: 'apply' },
      { id: 1, action: 'undo' },
      { id: 2, action: 'dismiss' },
    ]);
  });

  // Issue #31 §4: the inventory keeps an empty link for a post whose address was unsafe.
  it('shows an older post without a web address by its title, with no link', async () => {
    const api = createFakeArticlesApi({
      articles,
      backlinks: {
        1: [
          { ...proposal(1, 'Watering with barrels'), source_link: '' },
          { ...proposal(2, 'Spring checklist'), source_link: 'javascript:alert(1)' },
        ],
      },
    });
    const { user } = show(api);
    await screen.findByRole('table', { name: 'Generated articles' }, { timeout: 5_000 });
    await user.click(within(rowOf('Live soil guide')).getByRole('button', { name: 'View' }));
    const panel = await within(await screen.findByRole('dialog')).findByRole('region', {
      name: 'Links from older posts',
    });
    await user.click(within(panel).getByRole('button', { name: 'Find links' }));
    const list = await within(panel).findByRole('list', { name: 'Proposed links' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Watering with barrels');
    expect(items[1]).toHaveTextContent('Spring checklist');
    expect(list.querySelector('a')).toBeNull();
  });

  it('says why nothing was found', async () => {
    const { user } = show(createFakeArticlesApi({ articles }));
    await screen.findByRole('table', { name: 'Generated articles' }, { timeout: 5_000 });
    await user.click(within(rowOf('Live soil guide')).getByRole('button', { name: 'View' }));
    const panel = await within(await screen.findByRole('dialog')).findByRole('region', {
      name: 'Links from older posts',
    });
    await user.click(within(panel).getByRole('button', { name: 'Find links' }));
    expect(
      await screen.findAllByText('No older post of the site uses words of this article in a paragraph without a link.'),
    ).not.toHaveLength(0);
  });
});
