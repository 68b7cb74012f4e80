import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeAuthApi } from '../../../test/auth-api';
import { setWindowWidth } from '../../../test/match-media';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';
import { chooseRowAction } from '../../../test/row-menu';
import { createFakeArticlesApi, makeArticle } from '../testing/fake-articles-api';

function showArticles(api: ReturnType<typeof createFakeArticlesApi>, fakeTimers = false) {
  server.use(...createFakeAuthApi({ authenticated: true }).handlers, ...api.handlers);
  return renderApp({ path: '/articles', fakeTimers });
}

afterEach(() => vi.useRealTimers());

const many = (n: number) => Array.from({ length: n }, (_, i) => makeArticle({ id: i + 1 }));

describe('Generated Articles screen', () => {
  it('lists articles in a table with the spec’s columns, title cut at 80 and 2 keywords plus +N', async () => {
    const long = 'A'.repeat(100);
    showArticles(
      createFakeArticlesApi({
        articles: [makeArticle({ id: 1, title: long, source_type: 'trend', source_urls: ['https://n.example'] })],
      }),
    );
    const table = await screen.findByRole('table', { name: 'Generated articles' }, { timeout: 5000 });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    // Issue #17: what WordPress has is its own column (the live check shows under it).
    expect(headers).toEqual([
      '',
      'Title',
      'Site',
      'Source/Task Type',
      'Status',
      'WordPress',
      'Keywords',
      'Created',
      'Actions',
    ]);
    expect(within(within(table).getAllByRole('row')[1]!).getByText('Not sent')).toBeInTheDocument();
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByText(`${'A'.repeat(80)}...`)).toBeInTheDocument();
    expect(within(row).getByText('Trend')).toBeInTheDocument();
    expect(within(row).getByText('soil')).toBeInTheDocument();
    expect(within(row).getByText('compost')).toBeInTheDocument();
    expect(within(row).queryByText('mulch')).not.toBeInTheDocument();
    expect(within(row).getByText('+2')).toBeInTheDocument();
    expect(within(row).getByText('Draft')).toBeInTheDocument();
  });

  it('marks the offline writer\'s articles "demo" and shows why in the quality report (issue #18 item 3)', async () => {
    const finding = {
      rule: 'offline_writer' as const,
      severity: 'minor' as const,
      message: 'Written by the offline writer, no model: demonstration text.',
    };
    const api = createFakeArticlesApi({
      articles: [
        makeArticle({
          id: 1,
          title: 'Demo one',
          demo: true,
          tags: ['compost tea'],
          quality_report: {
            severity: 'minor',
            message: 'Quality gate found problems',
            issues: [],
            warnings: [finding],
            blocking: false,
          },
        }),
        makeArticle({ id: 2, title: 'Model one' }),
      ],
    });
    const { user } = showArticles(api);
    const table = await screen.findByRole('table', { name: 'Generated articles' }, { timeout: 5000 });
    const [, demoRow, modelRow] = within(table).getAllByRole('row');
    expect(within(demoRow!).getByText('demo')).toBeInTheDocument();
    expect(within(modelRow!).queryByText('demo')).not.toBeInTheDocument();
    await user.click(within(demoRow!).getByRole('button', { name: 'View' }));
    const dialog = await screen.findByRole('dialog', { name: 'Demo one' });
    expect(await within(dialog).findByRole('region', { name: 'Quality report' })).toHaveTextContent(
      'Written by the offline writer, no model: demonstration text.',
    );
    expect(within(dialog).getByText('compost tea')).toBeInTheDocument();
  });

  it('names and links the post that already covers the subject, as text (issue #32)', async () => {
    const title = 'Stopping blight on <b>tomatoes</b>';
    const api = createFakeArticlesApi({
      articles: [
        makeArticle({
          id: 1,
          title: 'Blight again',
          quality_report: {
            severity: 'severe',
            message: 'Quality gate blocked publishing',
            issues: [
              {
                rule: 'already_on_site',
                severity: 'severe',
                message: `"${title}" on Plot Notes already covers this subject: https://plot.example/blight/`,
                existing_post: { title, link: 'https://plot.example/blight/', site_name: 'Plot Notes' },
              },
            ],
            warnings: [],
            blocking: true,
          },
        }),
      ],
    });
    const { user } = showArticles(api);
    const table = await screen.findByRole('table', { name: 'Generated articles' }, { timeout: 5000 });
    await user.click(within(within(table).getAllByRole('row')[1]!).getByRole('button', { name: 'View' }));
    const dialog = await screen.findByRole('dialog', { name: 'Blight again' });
    const report = await within(dialog).findByRole('region', { name: 'Quality report' });
    const link = within(report).getByRole('link', { name: title });
    expect(link).toHaveAttribute('href', 'https://plot.example/blight/');
    expect(report).toHaveTextContent('Covered by Plot Notes:');
    expect(report.querySelector('b')).toBeNull();
  });

  it('shows the status overview from the dashboard figures', async () => {
    showArticles(
      createFakeArticlesApi({ articles: [makeArticle({ id: 1 }), makeArticle({ id: 2, status: 'published' })] }),
    );
    expect(await screen.findByText('Status Overview')).toBeInTheDocument();
    expect(await screen.findByText('Published: 1')).toBeInTheDocument();
    expect(screen.getByText('Draft: 1')).toBeInTheDocument();
    expect(screen.getByText('Total Articles')).toBeInTheDocument();
    // Issue #17 item 19: a count of zero is not an alarm (no red "Failed: 0").
    expect(screen.getByText('Failed: 0').closest('.MuiChip-root')).toHaveClass('MuiChip-colorDefault');
    expect(screen.getByText('Published: 1').closest('.MuiChip-root')).toHaveClass('MuiChip-colorSuccess');
  });

  it('pages against the server total with 10 rows by default and 5/10/25/50 to choose from', async () => {
    const api = createFakeArticlesApi({ articles: many(23) });
    const { user } = showArticles(api);
    expect(await screen.findByText('1–10 of 23')).toBeInTheDocument();
    expect(api.state.listRequests.at(-1)!.get('limit')).toBe('10');
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await screen.findByText('11–20 of 23')).toBeInTheDocument();
    expect(api.state.listRequests.at(-1)!.get('offset')).toBe('10');
    await user.click(screen.getByRole('combobox', { name: /rows per page/i }));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['5', '10', '25', '50']);
    await user.click(screen.getByRole('option', { name: '25' }));
    expect(await screen.findByText('1–23 of 23')).toBeInTheDocument();
  });

  it('filters by site, status and source type in the request, back on the first page', async () => {
    const api = createFakeArticlesApi({
      articles: [...many(12), makeArticle({ id: 50, status: 'failed', source_type: 'trend' })],
    });
    const { user } = showArticles(api);
    await screen.findByText('1–10 of 13');
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await screen.findByText('11–13 of 13');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    // Issue #17: Review and Scheduled too.
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'All Statuses',
      'Draft',
      'Review',
      'Scheduled',
      'Published',
      'Failed',
    ]);
    await user.click(screen.getByRole('option', { name: 'Failed' }));
    await user.click(screen.getByRole('combobox', { name: 'Source Type' }));
    await user.click(screen.getByRole('option', { name: 'Trend' }));
    await user.click(screen.getByRole('combobox', { name: 'Site' }));
    await user.click(screen.getByRole('option', { name: 'Garden Blog' }));
    expect(await screen.findByText('1–1 of 1')).toBeInTheDocument();
    const last = api.state.listRequests.at(-1)!;
    expect(Object.fromEntries(last)).toMatchObject({
      status: 'failed',
      source_type: 'trend',
      site_id: '1',
      offset: '0',
    });
  });

  it('refreshes the list every 30 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = createFakeArticlesApi({ articles: many(3) });
    showArticles(api, true);
    await screen.findByText('1–3 of 3', {}, { timeout: 5000 });
    const before = api.state.listRequests.length;
    api.state.articles.push(
      makeArticle({ id: 99, title: 'Arrived meanwhile', created_at: '2026-11-21T09:00:00.000Z' }),
    );
    await act(async () => vi.advanceTimersByTimeAsync(30_000));
    await waitFor(() => expect(api.state.listRequests.length).toBeGreaterThan(before));
    expect(await screen.findByText('Arrived meanwhile')).toBeInTheDocument();
  });

  it('says "No articles found" when there are none', async () => {
    showArticles(createFakeArticlesApi());
    expect(await screen.findByText('No articles found')).toBeInTheDocument();
  });

  it('reports a failed load', async () => {
    showArticles(createFakeArticlesApi({ listError: true }));
    expect(await screen.findAllByText('Failed to load articles', {}, { timeout: 5000 })).not.toHaveLength(0);
  });

  it('shows cards with 3 keywords below the medium breakpoint', async () => {
    setWindowWidth(390);
    showArticles(createFakeArticlesApi({ articles: [makeArticle({ id: 1, title: 'Card article' })] }));
    const card = await screen.findByRole('listitem', { name: 'Card article' });
    expect(within(card).getByText('mulch')).toBeInTheDocument();
    expect(within(card).getByText('+1')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows cards with every action at 1024 px, where the nine columns do not fit beside the drawer (issue #17 item 9)', async () => {
    setWindowWidth(1024);
    showArticles(createFakeArticlesApi({ articles: [makeArticle({ id: 1, title: 'Card article' })] }));
    const card = await screen.findByRole('listitem', { name: 'Card article' }, { timeout: 5000 });
    for (const name of ['View', 'Edit', 'Trend data', 'Generation log', 'Delete']) {
      expect(within(card).getByRole('button', { name })).toBeInTheDocument();
    }
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('views an article: sanitised content, WordPress links, Publish for drafts only', async () => {
    const api = createFakeArticlesApi({
      articles: [
        makeArticle({
          id: 1,
          content: '<p>Safe</p><img src="x" onerror="window.hacked=1"><script>window.hacked=2</script>',
          wordpress_post_id: 77,
        }),
        makeArticle({
          id: 2,
          status: 'published',
          title: 'Live one',
          wordpress_post_id: 78,
          wordpress_permalink: 'https://garden.example/live-one/',
        }),
      ],
    });
    const { user } = showArticles(api);
    const rows = within(await screen.findByRole('table')).getAllByRole('row');
    await user.click(within(rows[1]!).getByRole('button', { name: 'View' }));
    const dialog = await screen.findByRole('dialog', { name: 'Article 1' });
    expect(await within(dialog).findByText('Safe')).toBeInTheDocument();
    expect(dialog.innerHTML).not.toContain('onerror');
    expect(dialog.innerHTML).not.toContain('<script');
    // A draft's public address answers 404 to visitors: View leads to WordPress' preview (issue 17.6).
    expect(within(dialog).getByRole('link', { name: 'View on WordPress' })).toHaveAttribute(
      'href',
      'https://garden.example/?p=77&preview=true',
    );
    expect(within(dialog).getByRole('link', { name: 'Edit in WordPress' })).toHaveAttribute(
      'href',
      'https://garden.example/wp-admin/post.php?post=77&action=edit',
    );
    expect(within(dialog).getByRole('button', { name: 'Publish to WordPress' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(within(rows[2]!).getByRole('button', { name: 'View' }));
    const live = await screen.findByRole('dialog', { name: 'Live one' });
    await within(live).findByText('Rich soil.');
    expect(within(live).getByRole('link', { name: 'View on WordPress' })).toHaveAttribute(
      'href',
      'https://garden.example/live-one/',
    );
    expect(within(live).queryByRole('button', { name: 'Publish to WordPress' })).not.toBeInTheDocument();
    expect(within(rows[2]!).queryByRole('button', { name: 'Publish' })).not.toBeInTheDocument();
  });

  it('shows the Google Trends data and the generation log, or the spec’s text when there is none', async () => {
    const log = {
      status: 'completed' as const,
      method: 'manual' as const,
      duration: 4200,
      contentStats: { wordCount: 1500 },
      sources: {
        newsUrls: ['https://n.example/1', 'https://n.example/2', 'https://n.example/3', 'https://n.example/4'],
        newsUrlsCount: 4,
        groundingSources: [],
        groundingSourcesCount: 0,
      },
      steps: [
        { step: 'outline', status: 'success' as const, duration: 800, error: null },
        { step: 'section 1', status: 'failed' as const, duration: 300, error: 'timeout' },
      ],
      summary: {
        totalSteps: 2,
        successfulSteps: 1,
        failedSteps: 1,
        usedNewsContent: true,
        usedGroundedContent: false,
        hadErrors: true,
      },
      errors: [{ message: 'Section 1 timed out' }],
      warnings: [{ message: 'Shorter than requested' }],
    };
    const { user } = showArticles(
      createFakeArticlesApi({ articles: [makeArticle({ id: 1 }), makeArticle({ id: 2 })], logs: { 1: log } }),
    );
    const rows = within(await screen.findByRole('table')).getAllByRole('row');
    await chooseRowAction(user, rows[1]!, 'Trend data');
    const trends = await screen.findByRole('dialog', { name: 'Google Trends Data' });
    expect(await within(trends).findByText('Compost tea')).toBeInTheDocument();
    expect(within(trends).getByRole('link', { name: 'https://trends.example/compost' })).toBeInTheDocument();
    await user.click(within(trends).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await chooseRowAction(user, rows[1]!, 'Generation log');
    const dialog = await screen.findByRole('dialog', { name: 'Generation Log' });
    expect(await within(dialog).findByText('Completed')).toBeInTheDocument();
    expect(within(dialog).getByText('News URLs (4)')).toBeInTheDocument();
    expect(within(dialog).getByText('... and 1 more')).toBeInTheDocument();
    expect(within(dialog).getByRole('cell', { name: 'timeout' })).toBeInTheDocument();
    expect(within(dialog).getByText('Section 1 timed out')).toBeInTheDocument();
    expect(within(dialog).getByText('Shorter than requested')).toBeInTheDocument();
    expect(within(dialog).getByText(/Total steps: 2/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await chooseRowAction(user, rows[2]!, 'Generation log');
    const none = await screen.findByRole('dialog', { name: 'Generation Log' });
    expect(await within(none).findByText('No generation log found for this article')).toBeInTheDocument();
  });

  it('shows what an article cost: on the article and per step of its Generation log (issue #16)', async () => {
    const usage = {
      provider: 'openai',
      model: 'gpt-4o-mini',
      inputTokens: 1200,
      outputTokens: 800,
      estimated: false,
      costUsd: 0.00066,
    };
    const log = {
      status: 'completed' as const,
      method: 'bulk' as const,
      duration: 4200,
      contentStats: { wordCount: 1500 },
      sources: { newsUrls: [], newsUrlsCount: 0, groundingSources: [], groundingSourcesCount: 0 },
      steps: [
        { step: 'plan outline', status: 'success' as const, duration: 800, error: null, usage },
        { step: 'trim to length', status: 'success' as const, duration: 3, error: null },
      ],
      usage: {
        inputTokens: 1200,
        outputTokens: 800,
        estimated: false,
        costUsd: 0.00066,
        models: ['openai/gpt-4o-mini'],
      },
      summary: {
        totalSteps: 2,
        successfulSteps: 2,
        failedSteps: 0,
        usedNewsContent: false,
        usedGroundedContent: false,
        hadErrors: false,
      },
      errors: [],
      warnings: [],
    };
    const articles = [
      makeArticle({
        id: 1,
        title: 'Paid one',
        usage: { calls: 3, input_tokens: 1200, output_tokens: 800, cost_usd: 0.00066, estimated: true },
      }),
      makeArticle({ id: 2, title: 'Free one' }),
    ];
    const { user } = showArticles(createFakeArticlesApi({ articles, logs: { 1: log } }));
    const rows = within(
      await screen.findByRole('table', { name: 'Generated articles' }, { timeout: 5000 }),
    ).getAllByRole('row');
    await user.click(within(rows[1]!).getByRole('button', { name: 'View' }));
    const paid = await screen.findByRole('dialog', { name: 'Paid one' });
    expect(await within(paid).findByText('$0.0007 · 1,200 in / 800 out tokens (estimated)')).toBeInTheDocument();
    await user.click(within(paid).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(within(rows[2]!).getByRole('button', { name: 'View' }));
    const free = await screen.findByRole('dialog', { name: 'Free one' });
    expect(await within(free).findByText('No model calls')).toBeInTheDocument();
    await user.click(within(free).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await chooseRowAction(user, rows[1]!, 'Generation log');
    const dialog = await screen.findByRole('dialog', { name: 'Generation Log' });
    expect(await within(dialog).findByText('Cost: $0.0007')).toBeInTheDocument();
    expect(within(dialog).getByText('Written by openai/gpt-4o-mini · 1,200 in / 800 out tokens')).toBeInTheDocument();
    const [, outline, trim] = within(within(dialog).getByRole('table', { name: 'Generation steps' })).getAllByRole(
      'row',
    );
    expect(outline).toHaveTextContent('openai/gpt-4o-mini · $0.0007');
    expect(trim!.textContent).not.toMatch(/\$/);
  });

  it('deletes one article after the spec’s question, and reports a failure', async () => {
    const api = createFakeArticlesApi({ articles: [makeArticle({ id: 1 })], deleteError: true });
    const { user } = showArticles(api);
    const rows = within(await screen.findByRole('table')).getAllByRole('row');
    await chooseRowAction(user, rows[1]!, 'Delete');
    const confirm = await screen.findByRole('dialog', { name: 'Delete Article' });
    expect(within(confirm).getByText('Are you sure you want to delete this article?')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete article')).toBeInTheDocument();
    expect(api.state.deletes).toEqual([1]);
  });

  it("says a deleted article's WordPress post stays, and trashes it only when asked (issue #18 item 7)", async () => {
    const api = createFakeArticlesApi({
      articles: [
        makeArticle({ id: 1, title: 'On the site', wordpress_post_id: 71 }),
        makeArticle({ id: 2, title: 'Only here', wordpress_post_id: 72 }),
      ],
    });
    const { user } = showArticles(api);
    const rowOf = async (title: string) => (await screen.findByText(title)).closest('tr') as HTMLElement;
    await chooseRowAction(user, await rowOf('On the site'), 'Delete');
    let confirm = await screen.findByRole('dialog', { name: 'Delete Article' });
    expect(within(confirm).getByText('Its WordPress post stays on the site.')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('checkbox', { name: 'Also move its WordPress post to the trash' }));
    expect(
      within(confirm).getByText('Its WordPress post goes to the WordPress trash, where it can be restored.'),
    ).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Article deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // The choice is asked again for the next article: unticked, its post stays.
    await chooseRowAction(user, await rowOf('Only here'), 'Delete');
    confirm = await screen.findByRole('dialog', { name: 'Delete Article' });
    expect(
      within(confirm).getByRole('checkbox', { name: 'Also move its WordPress post to the trash' }),
    ).not.toBeChecked();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.state.deletes).toEqual([1, 2]));
    expect(api.state.trashedPosts).toEqual([1]);
  });
});
