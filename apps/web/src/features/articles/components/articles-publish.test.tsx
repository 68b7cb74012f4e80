import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeAuthApi } from '../../../test/auth-api';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';
import { chooseRowAction } from '../../../test/row-menu';
import { createFakeArticlesApi, makeArticle } from '../testing/fake-articles-api';

function showArticles(api: ReturnType<typeof createFakeArticlesApi>, fakeTimers = false) {
  server.use(...createFakeAuthApi({ authenticated: true }).handlers, ...api.handlers);
  return renderApp({ path: '/articles', fakeTimers });
}

const rowOf = async (title: string) =>
  (await screen.findByText(title, {}, { timeout: 5000 })).closest('tr') as HTMLElement;

afterEach(() => vi.useRealTimers());

describe('publishing from the list', () => {
  it('shows the progress text, ignores a second click, and clears 2 s after success', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = createFakeArticlesApi({ articles: [makeArticle({ id: 1 })], publishDelayMs: 300 });
    const { user } = showArticles(api, true);
    const row = await rowOf('Article 1');
    const button = within(row).getByRole('button', { name: 'Publish' });
    await user.click(button);
    expect(await within(row).findByText('Publishing (80%)')).toBeInTheDocument();
    // A repeated click is ignored: the button is disabled while this article publishes.
    expect(button).toBeDisabled();
    expect(await within(row).findByText('Published successfully (100%)')).toBeInTheDocument();
    expect(api.state.publishes).toHaveLength(1);
    expect(api.state.publishes[0]!.body).toEqual({ site_id: 1 });
    // Issue #37 (the toast's text changed): a post that went live says where, with a link to it.
    expect(await screen.findByText('Published — live on Garden Blog')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View post' })).toHaveAttribute('href', 'https://garden.example/?p=901');
    act(() => vi.advanceTimersByTime(1800));
    expect(within(row).getByText('Published successfully (100%)')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(300));
    await waitFor(() => expect(within(row).queryByText(/Published successfully/)).not.toBeInTheDocument());
  });

  it('sends a draft to WordPress as a draft by its own action, and still offers to publish it (issue #17)', async () => {
    const api = createFakeArticlesApi({ articles: [makeArticle({ id: 1 })] });
    const { user } = showArticles(api);
    const row = await rowOf('Article 1');
    expect(within(row).getByText('Not sent')).toBeInTheDocument();
    await chooseRowAction(user, row, 'Send to WordPress as draft');
    expect(await within(row).findByText('Sent to WordPress as a draft (100%)')).toBeInTheDocument();
    expect(api.state.publishes[0]!.body).toEqual({ site_id: 1, send_as: 'draft' });
    expect(await screen.findByText('Article saved to WordPress as a draft')).toBeInTheDocument();
    await waitFor(async () => expect(within(await rowOf('Article 1')).getByText('Draft on WP')).toBeInTheDocument());
    expect(within(await rowOf('Article 1')).getByRole('button', { name: 'Publish' })).toBeInTheDocument();
  });

  it('sends the selected articles as drafts from the bulk actions', async () => {
    const api = createFakeArticlesApi({ articles: [makeArticle({ id: 1 }), makeArticle({ id: 2 })] });
    const { user } = showArticles(api);
    await rowOf('Article 1');
    await user.click(screen.getByRole('checkbox', { name: 'Select all articles on this page' }));
    await user.click(screen.getByRole('button', { name: 'Send as Draft' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send to WordPress as Drafts' });
    expect(
      within(dialog).getByText(/Send 2 articles to WordPress as drafts, without making them live/),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send as Draft' }));
    expect(await screen.findByText('Sent as drafts: 2 articles')).toBeInTheDocument();
    expect(api.state.publishes.map((call) => call.body)).toEqual([
      { site_id: 1, send_as: 'draft' },
      { site_id: 1, send_as: 'draft' },
    ]);
  });

  it('shows "Failed to publish" with the server’s error, cleared after 5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = createFakeArticlesApi({
      articles: [makeArticle({ id: 1 })],
      failing: { 1: 'WordPress post create failed: The site could not be reached.' },
    });
    const { user } = showArticles(api, true);
    const row = await rowOf('Article 1');
    await user.click(within(row).getByRole('button', { name: 'Publish' }));
    expect(await within(row).findByText('Failed to publish')).toBeInTheDocument();
    expect(await screen.findByText('WordPress post create failed: The site could not be reached.')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(4800));
    expect(within(row).getByText('Failed to publish')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(300));
    await waitFor(() => expect(within(row).queryByText('Failed to publish')).not.toBeInTheDocument());
  });

  it('asks "Publish anyway?" on a quality-gate 409 and retries forced', async () => {
    const api = createFakeArticlesApi({ articles: [makeArticle({ id: 1 })], gated: [1] });
    const { user } = showArticles(api);
    await user.click(within(await rowOf('Article 1')).getByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Quality gate' });
    expect(within(dialog).getByText('Severity: severe')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Quality gate blocked publishing: Contains placeholder text: lorem ipsum.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Issues: 1 · Warnings: 1')).toBeInTheDocument();
    expect(within(dialog).getByText('Publish anyway?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Publish Anyway' }));
    expect(await screen.findByText('Published — live on Garden Blog')).toBeInTheDocument();
    expect(api.state.publishes.map((p) => [p.body?.force_publish ?? false, p.forceHeader])).toEqual([
      [false, null],
      [true, 'true'],
    ]);
  });

  it('shows the server error when the forced retry fails too', async () => {
    const api = createFakeArticlesApi({ articles: [makeArticle({ id: 1 })], gated: [1], failingForced: [1] });
    const { user } = showArticles(api);
    await user.click(within(await rowOf('Article 1')).getByRole('button', { name: 'Publish' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Quality gate' })).getByRole('button', {
        name: 'Publish Anyway',
      }),
    );
    expect(await screen.findByText('WordPress post create failed: boom')).toBeInTheDocument();
  });
});

describe('editing', () => {
  it('inserts a link with the Link tool, saves, and publishes when saved as published', async () => {
    const api = createFakeArticlesApi({ articles: [makeArticle({ id: 1, content: '<p>Hello</p>' })] });
    const { user } = showArticles(api);
    await user.click(within(await rowOf('Article 1')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Article' });
    // Issue #37: the editor opens on the visual view; the HTML view is the text area of before.
    await user.click(await within(dialog).findByRole('button', { name: 'HTML' }));
    const content = await within(dialog).findByRole('textbox', { name: 'Content' });
    expect(content).toHaveAttribute('rows', '15');
    // Select "Hello": the Link tool offers it as the link text and replaces it with the link.
    act(() => (content as HTMLTextAreaElement).setSelectionRange(3, 8));
    await user.click(within(dialog).getByRole('button', { name: 'Link' }));
    const link = await screen.findByRole('dialog', { name: 'Insert Link' });
    expect(within(link).getByRole('textbox', { name: 'Link text' })).toHaveValue('Hello');
    const url = within(link).getByRole('textbox', { name: 'URL' });
    expect(within(link).getByRole('button', { name: 'Insert' })).toBeDisabled();
    await user.clear(url);
    await user.type(url, 'https://soil.example/guide');
    await user.click(within(link).getByRole('button', { name: 'Insert' }));
    expect(content).toHaveValue('<p><a href="https://soil.example/guide">Hello</a></p>');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Insert Link' })).not.toBeInTheDocument());
    await user.click(within(dialog).getByRole('combobox', { name: 'Status' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Draft', 'Published', 'Scheduled']);
    await user.click(screen.getByRole('option', { name: 'Published' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Article updated successfully')).toBeInTheDocument();
    // Issue #17: the edit keeps the draft status; the publish that follows makes it published once WordPress has it live.
    expect(api.state.puts[0]).toEqual({
      id: 1,
      body: {
        title: 'Article 1',
        content: '<p><a href="https://soil.example/guide">Hello</a></p>',
        status: 'draft',
        scheduled_at: null,
      },
    });
    await waitFor(() => expect(api.state.publishes).toHaveLength(1));
    expect(api.state.publishes[0]!.body).toEqual({ site_id: 1 });
    await waitFor(async () => expect(within(await rowOf('Article 1')).getByText('Live on WP')).toBeInTheDocument());
  });

  it('needs a date when scheduled, and sends it', async () => {
    const api = createFakeArticlesApi({ articles: [makeArticle({ id: 1 })] });
    const { user } = showArticles(api);
    await user.click(within(await rowOf('Article 1')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Article' });
    await user.click(await within(dialog).findByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'Scheduled' }));
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Scheduled for'), '2030-05-01T09:30');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.state.puts).toHaveLength(1));
    expect(api.state.puts[0]!.body).toMatchObject({
      status: 'scheduled',
      scheduled_at: new Date('2030-05-01T09:30').toISOString(),
    });
  });

  it.each([
    ['no site', { site_id: null }, {}, 'Article updated but no site assigned for publishing', 0],
    ['a failed publish', {}, { failing: { 1: 'boom' } }, 'Article updated but failed to publish to WordPress', 1],
  ])('warns when saving as published with %s', async (_name, articleOverrides, apiOptions, warning, publishes) => {
    const api = createFakeArticlesApi({
      articles: [makeArticle({ id: 1, status: 'published', ...articleOverrides })],
      ...apiOptions,
    });
    const { user } = showArticles(api);
    await user.click(within(await rowOf('Article 1')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Article' });
    await user.click(await within(dialog).findByRole('button', { name: 'Save' }));
    expect(await screen.findByText(warning)).toBeInTheDocument();
    expect(api.state.publishes).toHaveLength(publishes);
  });
});

describe('bulk actions', () => {
  const select = async (user: ReturnType<typeof showArticles>['user'], ...titles: string[]) => {
    for (const title of titles) await user.click(within(await rowOf(title)).getByRole('checkbox'));
  };

  it('changes the status of the selection with progress, then closes after 1.5 s and clears the selection', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = createFakeArticlesApi({
      articles: [makeArticle({ id: 1 }), makeArticle({ id: 2 }), makeArticle({ id: 3 })],
    });
    const { user } = showArticles(api, true);
    await select(user, 'Article 1', 'Article 2');
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    expect(within(bar).getByText('2 selected')).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Change Status' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Status' });
    expect(within(dialog).getByRole('button', { name: 'Apply' })).toBeDisabled();
    await user.click(within(dialog).getByRole('combobox', { name: 'New Status' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Draft',
      'Review',
      'Published',
      'Scheduled',
    ]);
    await user.click(screen.getByRole('option', { name: 'Review' }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await within(dialog).findByText('Completed: 2 of 2 processed')).toBeInTheDocument();
    expect(api.state.puts).toEqual([
      { id: 1, body: { status: 'review' } },
      { id: 2, body: { status: 'review' } },
    ]);
    act(() => vi.advanceTimersByTime(1400));
    expect(screen.getByRole('dialog', { name: 'Change Status' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).not.toBeInTheDocument();
  });

  it('asks before deleting N articles', async () => {
    const api = createFakeArticlesApi({ articles: [makeArticle({ id: 1 }), makeArticle({ id: 2 })] });
    const { user } = showArticles(api);
    await select(user, 'Article 1', 'Article 2');
    await user.click(
      within(screen.getByRole('region', { name: 'Bulk actions' })).getByRole('button', { name: 'Delete' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete Articles' });
    expect(within(dialog).getByText('Are you sure you want to delete 2 articles?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.state.deletes).toEqual([1, 2]));
  });

  // Issue #18 item 1 changes this rule: a quality-gate refusal is no longer re-sent forced at once
  // and the toast no longer says all went well; each article's outcome is shown, and a blocked one
  // is published only when the operator says "Publish anyway" for it.
  it('publishes the selection and shows each outcome; a blocked article goes live only on "Publish anyway"', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const api = createFakeArticlesApi({
      articles: [
        makeArticle({ id: 1 }),
        makeArticle({ id: 2, site_id: null }),
        makeArticle({ id: 3 }),
        makeArticle({ id: 4 }),
      ],
      gated: [1],
      failing: { 3: 'WordPress refused the post: Sorry, you are not allowed to create posts as this user.' },
    });
    const { user } = showArticles(api);
    await select(user, 'Article 1', 'Article 2', 'Article 3', 'Article 4');
    await user.click(
      within(screen.getByRole('region', { name: 'Bulk actions' })).getByRole('button', { name: 'Publish' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Publish Articles' });
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await within(dialog).findByText('Completed: 4 of 4 processed')).toBeInTheDocument();
    expect(
      await screen.findByText(
        'Published 1 of 4 articles: 1 blocked by the quality gate, 1 failed, 1 skipped (no site)',
      ),
    ).toBeInTheDocument();
    // Nothing was forced: one publish per article with a site.
    expect(api.state.publishes.map((p) => [p.id, p.body])).toEqual([
      [1, { site_id: 1 }],
      [3, { site_id: 1 }],
      [4, { site_id: 1 }],
    ]);
    const results = within(dialog).getByRole('list', { name: 'Publish results' });
    const outcome = (title: string) => within(results).getByRole('listitem', { name: title });
    expect(outcome('Article 1')).toHaveTextContent('Blocked by the quality gate');
    expect(outcome('Article 1')).toHaveTextContent('Contains placeholder text');
    expect(outcome('Article 2')).toHaveTextContent('Skipped');
    expect(outcome('Article 2')).toHaveTextContent('No site assigned');
    expect(outcome('Article 3')).toHaveTextContent('Failed');
    expect(outcome('Article 3')).toHaveTextContent('Sorry, you are not allowed to create posts as this user.');
    expect(outcome('Article 4')).toHaveTextContent('Published');
    expect(logged.mock.calls.some(([text]) => String(text).includes('publish of article 3 failed'))).toBe(true);

    // The dialog stays until the operator has read it; "Publish anyway" publishes that one, forced.
    await user.click(within(outcome('Article 1')).getByRole('button', { name: 'Publish anyway' }));
    expect(await screen.findByText('"Article 1" published despite the quality gate')).toBeInTheDocument();
    expect(api.state.publishes.at(-1)).toMatchObject({ id: 1, body: { site_id: 1, force_publish: true } });
    await waitFor(() => expect(outcome('Article 1')).toHaveTextContent('Published'));
    expect(within(outcome('Article 1')).queryByRole('button', { name: 'Publish anyway' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('a bulk publish where every article went live says so and closes by itself', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = createFakeArticlesApi({ articles: [makeArticle({ id: 1 }), makeArticle({ id: 2 })] });
    const { user } = showArticles(api, true);
    await select(user, 'Article 1', 'Article 2');
    await user.click(
      within(screen.getByRole('region', { name: 'Bulk actions' })).getByRole('button', { name: 'Publish' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Publish Articles' });
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Published 2 articles')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1600));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
