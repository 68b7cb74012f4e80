import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeAuthApi } from '../../../test/auth-api';
import { setWindowWidth } from '../../../test/match-media';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';
import { createFakeArticlesApi, makeArticle } from '../testing/fake-articles-api';

/** Issue #37: the article editor, the list's search, labelled card actions, Find links for live posts only. */
function showArticles(api: ReturnType<typeof createFakeArticlesApi>, path = '/articles') {
  server.use(...createFakeAuthApi({ authenticated: true }).handlers, ...api.handlers);
  return renderApp({ path });
}

const rowOf = async (title: string) =>
  (await screen.findByText(title, {}, { timeout: 5000 })).closest('tr') as HTMLElement;

const liveArticle = () =>
  makeArticle({
    id: 1,
    title: 'Live mulch guide',
    status: 'published',
    wordpress_post_id: 901,
    wordpress_state: 'live',
    wordpress_permalink: 'https://garden.example/live-mulch/',
    keywords: ['mulch depth', 'bark'],
  });

async function openEditor(user: ReturnType<typeof showArticles>['user'], title: string) {
  await user.click(within(await rowOf(title)).getByRole('button', { name: 'Edit' }));
  return screen.findByRole('dialog', { name: 'Edit Article' });
}

afterEach(() => vi.useRealTimers());

describe('editing a live post', () => {
  it('asks before the live post changes; "Update live post" saves with the flag and says the post is updated', async () => {
    const api = createFakeArticlesApi({ articles: [liveArticle()] });
    const { user } = showArticles(api);
    const dialog = await openEditor(user, 'Live mulch guide');
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.type(title, 'Mulch depth, revised');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const confirm = await screen.findByRole('dialog', { name: 'Update the live post?' });
    expect(
      within(confirm).getByText('This article is live on Garden Blog. Saving updates the published post.'),
    ).toBeInTheDocument();
    // Cancel: nothing more is sent, the edit stays in the form.
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Update the live post?' })).not.toBeInTheDocument(),
    );
    expect(api.state.puts).toHaveLength(1);
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveValue('Mulch depth, revised');

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Update the live post?' })).getByRole('button', {
        name: 'Update live post',
      }),
    );
    expect(await screen.findByText('Saved — the live post on Garden Blog is updated')).toBeInTheDocument();
    expect(api.state.puts).toHaveLength(3);
    expect(api.state.puts[2]!.body).toMatchObject({ title: 'Mulch depth, revised', update_live_post: true });
    // The server updated the post: no second publish from the screen.
    expect(api.state.publishes).toHaveLength(0);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Article' })).not.toBeInTheDocument());
  });

  it('says so when WordPress refuses the update of the live post (the edit is saved)', async () => {
    const api = createFakeArticlesApi({
      articles: [liveArticle()],
      livePostFailure: 'WordPress post update failed: boom',
    });
    const { user } = showArticles(api);
    const dialog = await openEditor(user, 'Live mulch guide');
    await user.type(within(dialog).getByRole('textbox', { name: 'Meta description' }), 'How deep mulch goes.');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Update the live post?' })).getByRole('button', {
        name: 'Update live post',
      }),
    );
    expect(
      await screen.findByText(
        'Saved here, but WordPress still has the earlier version: WordPress post update failed: boom',
      ),
    ).toBeInTheDocument();
  });
});

describe('the editor fields', () => {
  it('sends meta description, slug, focus keyword, categories and tags that changed; a bad slug is named on its field', async () => {
    const api = createFakeArticlesApi({
      articles: [makeArticle({ id: 1, title: 'Bark guide', keywords: ['bark', 'mulch'] })],
    });
    const { user } = showArticles(api);
    const dialog = await openEditor(user, 'Bark guide');
    const meta = within(dialog).getByRole('textbox', { name: 'Meta description' });
    expect(within(dialog).getByText(/aim for 120–160 characters/)).toBeInTheDocument();
    await user.type(meta, 'Short one.');
    expect(within(dialog).getByText('10 characters: a little short (aim for 120–160)')).toBeInTheDocument();
    const slug = within(dialog).getByRole('textbox', { name: 'Slug' });
    await user.type(slug, 'Bark Guide');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText(
        'use lower-case letters, digits and single hyphens between them (like my-first-post)',
      ),
    ).toBeInTheDocument();
    expect(api.state.puts).toHaveLength(0);
    await user.clear(slug);
    await user.type(slug, 'bark-guide');
    const focus = within(dialog).getByRole('textbox', { name: 'Focus keyword' });
    expect(focus).toHaveValue('bark');
    await user.clear(focus);
    await user.type(focus, 'tree bark');
    await user.click(within(dialog).getByRole('combobox', { name: 'Categories' }));
    await user.click(await screen.findByRole('option', { name: 'Tools' }));
    const tags = within(dialog).getByRole('combobox', { name: 'Tags' });
    await user.click(tags);
    await user.click(await screen.findByRole('option', { name: 'compost' }));
    await user.type(tags, 'Wood Chips{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Article updated successfully')).toBeInTheDocument();
    expect(api.state.puts[0]!.body).toEqual({
      title: 'Bark guide',
      content: '<h2>Soil</h2><p>Rich soil.</p>',
      status: 'draft',
      scheduled_at: null,
      meta_description: 'Short one.',
      slug: 'bark-guide',
      focus_keyword: 'tree bark',
      category_ids: [7],
      tags: ['compost', 'wood chips'],
    });
  }, 60_000);

  it('an article without keywords has no focus keyword field', async () => {
    const api = createFakeArticlesApi({ articles: [makeArticle({ id: 1, title: 'No keywords', keywords: [] })] });
    const { user } = showArticles(api);
    const dialog = await openEditor(user, 'No keywords');
    expect(within(dialog).getByRole('textbox', { name: 'Slug' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: 'Focus keyword' })).not.toBeInTheDocument();
  });
});

describe('visual and HTML views, preview, unsaved edits', () => {
  it('an edit in the HTML view is what the visual editor shows, and survives switching back', async () => {
    const api = createFakeArticlesApi({ articles: [makeArticle({ id: 1, title: 'Views', content: '<p>Hello</p>' })] });
    const { user } = showArticles(api);
    const dialog = await openEditor(user, 'Views');
    const rich = await within(dialog).findByRole('textbox', { name: 'Content' }, { timeout: 5000 });
    expect(rich).toHaveAttribute('contenteditable', 'true');
    expect(rich).toHaveTextContent('Hello');
    await user.click(within(dialog).getByRole('button', { name: 'HTML' }));
    const html = within(dialog).getByRole('textbox', { name: 'Content' });
    await user.clear(html);
    await user.type(html, '<p>Hello <strong>bold</strong> world</p><table><tr><td>cell</td></tr></table>');
    await user.click(within(dialog).getByRole('button', { name: 'Visual' }));
    const richAgain = await within(dialog).findByRole('textbox', { name: 'Content' });
    expect(richAgain.querySelector('strong')).toHaveTextContent('bold');
    expect(within(dialog).getByText(/edit those in the HTML view/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'HTML' }));
    // Nothing was edited in the visual view: the HTML is exactly as typed, table included.
    expect(within(dialog).getByRole('textbox', { name: 'Content' })).toHaveValue(
      '<p>Hello <strong>bold</strong> world</p><table><tr><td>cell</td></tr></table>',
    );
  }, 60_000);

  it('previews the unsaved title and body in a sandboxed frame without scripts', async () => {
    const api = createFakeArticlesApi({
      articles: [makeArticle({ id: 1, title: 'Preview me', featured_image_url: 'https://garden.example/i.png' })],
    });
    const { user } = showArticles(api);
    const dialog = await openEditor(user, 'Preview me');
    await user.click(within(dialog).getByRole('button', { name: 'HTML' }));
    const html = within(dialog).getByRole('textbox', { name: 'Content' });
    await user.clear(html);
    await user.type(html, '<p>Fresh text</p><script>alert(1)</script>');
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByRole('dialog', { name: 'Preview — as Garden Blog will show it' });
    const frame = await within(preview).findByTitle('Article preview');
    expect(frame).toHaveAttribute('sandbox', '');
    const doc = frame.getAttribute('srcdoc') ?? '';
    expect(doc).toContain('<h1>Preview me</h1>');
    expect(doc).toContain('<img class="featured" src="https://garden.example/i.png"');
    expect(doc).toContain('<p>Fresh text</p>');
    expect(doc).not.toContain('<script>');
    expect(doc).toContain("default-src 'none'");
    expect(api.state.previews).toEqual([1]);
    expect(api.state.puts).toHaveLength(0);
  });

  it('asks before unsaved edits are lost; Keep editing keeps them, Discard closes', async () => {
    const api = createFakeArticlesApi({ articles: [makeArticle({ id: 1, title: 'Unsaved' })] });
    const { user } = showArticles(api);
    const dialog = await openEditor(user, 'Unsaved');
    // Nothing changed: Cancel closes at once.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Article' })).not.toBeInTheDocument());

    const again = await openEditor(user, 'Unsaved');
    await user.type(within(again).getByRole('textbox', { name: 'Title' }), ' (draft)');
    await user.click(within(again).getByRole('button', { name: 'Cancel' }));
    const ask = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' });
    await user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Discard unsaved changes?' })).not.toBeInTheDocument(),
    );
    expect(within(again).getByRole('textbox', { name: 'Title' })).toHaveValue('Unsaved (draft)');
    await user.keyboard('{Escape}');
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Discard unsaved changes?' })).getByRole('button', {
        name: 'Discard changes',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Article' })).not.toBeInTheDocument());
    expect(api.state.puts).toHaveLength(0);
  });
});

describe('the list', () => {
  it('searches on the server after typing settles, keeps the search in the address, and starts from it', async () => {
    const api = createFakeArticlesApi({
      articles: [
        makeArticle({ id: 1, title: 'Clay soil guide', keywords: ['clay'] }),
        makeArticle({ id: 2, title: 'Sandy soil', keywords: ['sand'] }),
      ],
    });
    const { user, router } = showArticles(api) as ReturnType<typeof showArticles> & {
      router?: { state: { location: { search: string } } };
    };
    await rowOf('Sandy soil');
    const before = api.state.listRequests.length;
    await user.type(screen.getByRole('searchbox', { name: 'Search articles' }), 'clay');
    await waitFor(() => expect(screen.queryByText('Sandy soil')).not.toBeInTheDocument());
    expect(screen.getByText('Clay soil guide')).toBeInTheDocument();
    // One request for the settled text, not one per key.
    const asked = api.state.listRequests.slice(before).map((q) => q.get('q'));
    expect(asked.filter((q) => q !== null)).toEqual(['clay']);
    if (router) expect(router.state.location.search).toBe('?q=clay');
  });

  it('opens with ?q= from the address', async () => {
    const api = createFakeArticlesApi({
      articles: [
        makeArticle({ id: 1, title: 'Clay soil guide', keywords: ['clay'] }),
        makeArticle({ id: 2, title: 'Sandy soil' }),
      ],
    });
    showArticles(api, '/articles?q=sandy');
    expect(await screen.findByRole('searchbox', { name: 'Search articles' })).toHaveValue('sandy');
    await rowOf('Sandy soil');
    expect(screen.queryByText('Clay soil guide')).not.toBeInTheDocument();
    expect(api.state.listRequests[0]!.get('q')).toBe('sandy');
  });

  it('names every card action in words at 1024 px (no hover needed)', async () => {
    setWindowWidth(1024);
    showArticles(createFakeArticlesApi({ articles: [makeArticle({ id: 1, title: 'Card article' })] }));
    const card = await screen.findByRole('listitem', { name: 'Card article' }, { timeout: 5000 });
    for (const name of [
      'View',
      'Edit',
      'Publish',
      'Send to WordPress as draft',
      'Trend data',
      'Generation log',
      'Delete',
    ])
      expect(within(card).getByRole('button', { name })).toHaveTextContent(name);
  });

  it('offers "Find links" for a live post only; a draft on WordPress says when it can', async () => {
    const api = createFakeArticlesApi({
      articles: [makeArticle({ id: 1, title: 'Bark draft', wordpress_post_id: 950, wordpress_state: 'draft' })],
    });
    const { user } = showArticles(api);
    await user.click(within(await rowOf('Bark draft')).getByRole('button', { name: 'View' }));
    const panel = await within(await screen.findByRole('dialog')).findByRole('region', {
      name: 'Links from older posts',
    });
    expect(
      await within(panel).findByText('Links from older posts can be proposed once this article is live on its site.'),
    ).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Find links' })).not.toBeInTheDocument();
  });
});
