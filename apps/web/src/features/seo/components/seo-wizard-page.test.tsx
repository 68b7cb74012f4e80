import { SEO_PUBLISH_RUN_PAGE, type SeoPage } from '@abp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { createFakeAuthApi } from '../../../test/auth-api';
import { setWindowWidth } from '../../../test/match-media';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';
import { createFakeSeoApi, makeArticle, makeKeyword, makeProject, OUTLINE } from '../testing/fake-seo-api';

function showWizard(api: ReturnType<typeof createFakeSeoApi>, path = '/seo-suite/wizard') {
  server.use(...createFakeAuthApi({ authenticated: true }).handlers, ...api.handlers);
  return renderApp({ path });
}

const page = {
  id: 1,
  project_id: 1,
  page_title: 'Home',
  page_type: 'home',
  slug: 'home',
  meta_description: 'm',
  target_keywords: [],
  content: '<p>x</p>',
  status: 'generated',
  origin: 'structure',
  needs_legal_review: false,
  changed_since_publish: false,
  wordpress_page_id: null,
  wordpress_permalink: null,
  created_at: '',
  updated_at: '',
} satisfies SeoPage;

describe('SEO Suite Wizard', () => {
  it('says in words why keyword research failed and offers the ways on; keywords by hand let Next proceed (issue #37)', async () => {
    const api = createFakeSeoApi({ projects: [makeProject({ id: 1, project_name: 'Coffee' })] });
    const failure =
      'The language model failed: its answers could not be read as what this step needs, even after they were repaired, the model was asked again, and the other providers were tried.';
    let research = 0;
    server.use(
      http.post('/api/seo-suite/generate-keywords', () => {
        research++;
        return HttpResponse.json(
          { error: failure, code: 'llm_error', details: { kind: 'bad_output' } },
          { status: 424 },
        );
      }),
      http.get('/api/settings/llm/fallbacks', () =>
        HttpResponse.json({
          fallbacks: [
            { id: 'f1', provider: 'openai', model: 'gpt-4o-mini', base_url: null, has_api_key: true, concurrency: 2 },
          ],
        }),
      ),
      http.post('/api/seo/projects/:id/keywords', async ({ request }) => {
        const body = (await request.json()) as { keyword: string };
        const keyword = makeKeyword(api.state.keywords.length + 1, body.keyword);
        api.state.keywords.push(keyword);
        return HttpResponse.json(keyword, { status: 201 });
      }),
    );
    const { user } = showWizard(api);
    await user.click(await screen.findByRole('button', { name: 'Generate Keywords' }, { timeout: 15_000 }));
    const alert = await screen.findByRole('alert', { name: 'Keyword research failed' });
    expect(within(alert).getByText(failure)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(research).toBe(2));
    expect(within(alert).getByRole('link', { name: 'Use another provider' })).toHaveAttribute('href', '/settings');

    await user.click(within(alert).getByRole('button', { name: 'Enter keywords by hand' }));
    await user.type(
      within(alert).getByRole('textbox', { name: 'Keywords, one per line' }),
      'pour over coffee{Enter}cold brew',
    );
    await user.click(within(alert).getByRole('button', { name: 'Add keywords' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled());
    expect(api.state.keywords.map((k) => k.keyword)).toEqual(['pour over coffee', 'cold brew']);
    expect(screen.queryByRole('alert', { name: 'Keyword research failed' })).not.toBeInTheDocument();
  });

  it('loads the most recent project and opens on its automatic step (keywords and outline → pages)', async () => {
    const api = createFakeSeoApi({
      projects: [makeProject({ id: 1, project_name: 'Coffee' }), makeProject({ id: 2, project_name: 'Older' })],
      keywords: [makeKeyword(1, 'coffee')],
      outline: OUTLINE,
    });
    showWizard(api);
    expect(await screen.findByRole('heading', { name: 'Website Pages' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('Active: Coffee')).toBeInTheDocument();
    // Steps 2 and 3 need an outline: there is one, so Next is enabled.
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Back' })).toBeEnabled();
  });

  it('shows what each step’s model calls cost, and the project’s total (issue #16)', async () => {
    const totals = (cost: number, calls: number) => ({
      calls,
      input_tokens: calls * 100,
      output_tokens: calls * 50,
      cost_usd: cost,
      estimated: false,
    });
    server.use(
      http.get('/api/usage/seo-projects/:id', ({ params }) =>
        HttpResponse.json(
          params.id === '1'
            ? {
                total: totals(0.0153, 12),
                steps: [
                  { step: 'Keyword Research', ...totals(0.0003, 1) },
                  { step: 'Content Generation', ...totals(0.015, 11) },
                ],
              }
            : { total: totals(0, 0), steps: [] },
        ),
      ),
    );
    showWizard(
      createFakeSeoApi({
        projects: [makeProject({ id: 1, project_name: 'Coffee' })],
        keywords: [makeKeyword(1, 'coffee')],
        outline: OUTLINE,
      }),
    );
    const steps = await screen.findByLabelText('Wizard steps', undefined, { timeout: 15_000 });
    expect(await within(steps).findByText('Model cost $0.0003')).toBeInTheDocument();
    expect(within(steps).getByText('Model cost $0.015')).toBeInTheDocument();
    expect(await screen.findByText('Project model cost: $0.0153')).toBeInTheDocument();
  });

  it('on a phone shows the steps in one row, names the current one, and puts the step above Recent Activity (issue #17 item 17)', async () => {
    setWindowWidth(390);
    const { user } = showWizard(
      createFakeSeoApi({ projects: [makeProject({ id: 3 })] }),
      '/seo-suite/wizard?projectId=3',
    );
    expect(
      await screen.findByText('Step 2 of 7: Keyword Research', undefined, { timeout: 15_000 }),
    ).toBeInTheDocument();
    const steps = screen.getByLabelText('Wizard steps');
    expect(steps).toHaveClass('MuiStepper-horizontal');
    const heading = screen.getByRole('heading', { name: 'Keyword Research' });
    const activity = screen.getByRole('heading', { name: 'Recent Activity' });
    expect(heading.compareDocumentPosition(activity) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await user.click(within(steps).getByRole('button', { name: 'Step 1: Project Setup' }));
    expect(await screen.findByText('Step 1 of 7: Project Setup')).toBeInTheDocument();
  });

  it('says so when the requested project does not exist (issue #17 item 19)', async () => {
    showWizard(
      createFakeSeoApi({ projects: [makeProject({ id: 1, project_name: 'Coffee' })] }),
      '/seo-suite/wizard?projectId=99999',
    );
    expect(
      await screen.findByText(
        'SEO project 99999 was not found: it may have been deleted. Choose a project above or create a new one.',
        undefined,
        { timeout: 15_000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Create a New SEO Project' })).toBeInTheDocument();
  });

  it('opens on step 1 without keywords, where Next waits for a keyword', async () => {
    showWizard(createFakeSeoApi({ projects: [makeProject({ id: 3 })] }), '/seo-suite/wizard?projectId=3');
    expect(await screen.findByRole('heading', { name: 'Keyword Research' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Primary (0)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add Keyword' })).toBeDisabled();
  });

  it('saves an inline keyword edit on Enter, only when the text changed', async () => {
    const api = createFakeSeoApi({
      projects: [makeProject()],
      keywords: [makeKeyword(5, 'coffee'), makeKeyword(6, 'tea', 'semantic')],
    });
    const { user } = showWizard(api);
    // Keywords only → step 2; go back to the keyword step by clicking it.
    await screen.findByRole('heading', { name: 'Content Strategy' }, { timeout: 15_000 });
    await user.click(screen.getByRole('button', { name: 'Keyword Research' }));
    expect(screen.getByRole('tab', { name: 'Semantic (1)' })).toBeInTheDocument();
    const field = screen.getByLabelText('Keyword coffee');
    await user.click(field);
    await user.keyboard('{Enter}');
    expect(api.state.requests).not.toContain('update-keyword');
    await user.clear(field);
    await user.type(field, 'cold brew{Enter}');
    await waitFor(() => expect(api.state.bodies['update-keyword']).toEqual([{ keyword: 'cold brew' }]));
  });

  it('runs Optimize All SEO as a chain 2 s apart, then completes the campaign', async () => {
    const api = createFakeSeoApi({
      projects: [makeProject()],
      keywords: [makeKeyword(1, 'coffee')],
      outline: OUTLINE,
      articles: [makeArticle(1), makeArticle(2)],
      pages: [page],
    });
    const { user } = showWizard(api);
    expect(await screen.findByRole('heading', { name: 'SEO Optimization' }, { timeout: 15_000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Optimize All SEO' }));
    await waitFor(() => expect(api.state.requests).toEqual(['meta', 'schema', 'links']), { timeout: 10_000 });
    const [meta, schema, links] = api.state.times;
    expect(schema! - meta!).toBeGreaterThanOrEqual(1900);
    expect(links! - schema!).toBeGreaterThanOrEqual(1900);
    expect(await screen.findByText('3 internal links added across 2 articles')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    const review = screen.getByRole('heading', { name: 'Review & Publish' }).parentElement!;
    expect(within(review).getByText('Keywords Generated')).toBeInTheDocument();
    await user.click(within(review).getByRole('button', { name: 'Complete Campaign' }));
    expect(await screen.findByText('SEO Campaign Complete! Ready for publishing.')).toBeInTheDocument();
  }, 20_000);

  it('publishes the pages as a run it follows: progress, then the result', async () => {
    const api = createFakeSeoApi({
      projects: [makeProject()],
      keywords: [makeKeyword(1, 'coffee')],
      outline: OUTLINE,
      articles: [makeArticle(1)],
      pages: [
        page,
        { ...page, id: 2, slug: 'about', page_title: 'About' },
        { ...page, id: 3, slug: 'contact', page_title: 'Contact' },
      ],
    });
    const { user } = showWizard(api, '/seo-suite/wizard?projectId=1');
    await user.click(await screen.findByRole('button', { name: 'Review & Publish' }, { timeout: 15_000 }));
    const review = screen.getByRole('heading', { name: 'Review & Publish' }).parentElement!;
    await user.click(within(review).getByRole('button', { name: 'Publish Pages' }));
    // Issue #18: it asks first, lists what goes, and offers drafts by default.
    const confirm = await screen.findByRole('dialog', { name: 'Publish Pages' });
    expect(within(confirm).getByRole('list', { name: 'Pages to publish' })).toHaveTextContent(/Home.*About.*Contact/);
    expect(within(confirm).getByRole('radio', { name: 'As drafts, to review in WordPress first' })).toBeChecked();
    expect(within(confirm).getByRole('button', { name: 'Send 3 pages as drafts' })).toBeInTheDocument();
    await user.click(within(confirm).getByRole('radio', { name: 'Live now, visible to everyone' }));
    await user.click(within(confirm).getByRole('button', { name: 'Publish 3 pages live' }));
    await waitFor(() => expect(api.state.bodies['publish-pages']).toEqual([{ status: 'publish' }]));
    // While the run goes, the buttons wait and the bar says how far it is.
    expect(
      await screen.findByText(/Publishing pages: [12] of 3 done/, undefined, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(await within(review).findByRole('button', { name: 'Publish Articles' })).toBeDisabled();
    expect(await screen.findByText('Published 3 pages.', undefined, { timeout: 10_000 })).toBeInTheDocument();
    await waitFor(() => expect(within(review).getByRole('button', { name: 'Publish Articles' })).toBeEnabled());
    expect(screen.queryByText(/Publishing pages:/)).not.toBeInTheDocument();
    // Issue #37 point 2: the run keeps a page of its own, linked under the buttons.
    expect(within(review).getByRole('link', { name: SEO_PUBLISH_RUN_PAGE.openPage })).toHaveAttribute(
      'href',
      '/jobs/seo-publish/1',
    );
  }, 20_000);

  it("Publish Pages offers to update the site's own page at a taken address, never a live one (issue #18 item 5)", async () => {
    const legal = { ...page, id: 7, slug: 'privacy-policy', page_title: 'Privacy Policy', needs_legal_review: true };
    const about = { ...page, id: 8, slug: 'about', page_title: 'About Bean There' };
    const api = createFakeSeoApi({
      projects: [makeProject()],
      keywords: [makeKeyword(1, 'coffee')],
      outline: OUTLINE,
      articles: [makeArticle(1)],
      pages: [page, legal, about],
      pageConflicts: [
        {
          page_id: 7,
          page_title: 'Privacy Policy',
          slug: 'privacy-policy',
          existing: { id: 3, title: 'Privacy Policy', status: 'draft', link: 'https://garden.example/?page_id=3' },
          live: false,
        },
        {
          page_id: 8,
          page_title: 'About Bean There',
          slug: 'about',
          existing: { id: 2, title: 'About us', status: 'publish', link: 'https://garden.example/about/' },
          live: true,
        },
      ],
    });
    const { user } = showWizard(api, '/seo-suite/wizard?projectId=1');
    await user.click(await screen.findByRole('button', { name: 'Review & Publish' }, { timeout: 15_000 }));
    const review = screen.getByRole('heading', { name: 'Review & Publish' }).parentElement!;
    await user.click(within(review).getByRole('button', { name: 'Publish Pages' }));
    const confirm = await screen.findByRole('dialog', { name: 'Publish Pages' });
    const taken = await within(confirm).findByRole('group', { name: 'Pages the site already has' });
    const update = within(taken).getByRole('checkbox', {
      name: "Privacy Policy: update the site's “Privacy Policy” at /privacy-policy/ (draft) instead of adding another page",
    });
    expect(update).toBeChecked();
    expect(taken).toHaveTextContent(
      "About Bean There: the site's “About us” at /about/ (publish) is public and stays as it is; this page is not sent.",
    );
    expect(within(taken).getAllByRole('checkbox')).toHaveLength(1);
    await user.click(within(confirm).getByRole('button', { name: 'Send 3 pages as drafts' }));
    await waitFor(() => expect(api.state.bodies['publish-pages']).toEqual([{ status: 'draft', updateExisting: [7] }]));

    // Unticked, the site's page is left alone: nothing asks to update it.
    expect(await screen.findByText('Published 3 pages.', undefined, { timeout: 10_000 })).toBeInTheDocument();
    await user.click(within(review).getByRole('button', { name: 'Publish Pages' }));
    const again = await screen.findByRole('dialog', { name: 'Publish Pages' });
    await user.click(await within(again).findByRole('checkbox', { name: /^Privacy Policy: update the site's/ }));
    await user.click(within(again).getByRole('button', { name: 'Send 3 pages as drafts' }));
    await waitFor(() =>
      expect(api.state.bodies['publish-pages']).toEqual([
        { status: 'draft', updateExisting: [7] },
        { status: 'draft' },
      ]),
    );
  }, 30_000);

  it('Publish Articles sends drafts unless the operator chooses live; Cancel sends nothing', async () => {
    const api = createFakeSeoApi({
      projects: [makeProject()],
      keywords: [makeKeyword(1, 'coffee')],
      outline: OUTLINE,
      articles: [makeArticle(1), makeArticle(2, { demo: true })],
      pages: [page],
    });
    const { user } = showWizard(api, '/seo-suite/wizard?projectId=1');
    await user.click(await screen.findByRole('button', { name: 'Review & Publish' }, { timeout: 15_000 }));
    const review = screen.getByRole('heading', { name: 'Review & Publish' }).parentElement!;
    await user.click(within(review).getByRole('button', { name: 'Publish Articles' }));
    let confirm = await screen.findByRole('dialog', { name: 'Publish Articles' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.state.bodies['publish-articles']).toBeUndefined();
    await user.click(within(review).getByRole('button', { name: 'Publish Articles' }));
    confirm = await screen.findByRole('dialog', { name: 'Publish Articles' });
    expect(within(confirm).getByRole('list', { name: 'Articles to publish' })).toHaveTextContent(
      /Article 1.*Article 2/,
    );
    // Issue #18 item 3: what the offline writer wrote is announced before it goes anywhere.
    expect(
      within(confirm).getByText('1 article of these was written by the offline writer, no model: demonstration text.'),
    ).toBeInTheDocument();
    await user.click(within(confirm).getByRole('radio', { name: 'Live now, visible to everyone' }));
    expect(
      within(confirm).getByText(
        '1 article of these was written by the offline writer, no model: demonstration text, public under your name once live.',
      ),
    ).toBeInTheDocument();
    await user.click(within(confirm).getByRole('radio', { name: 'As drafts, to review in WordPress first' }));
    await user.click(within(confirm).getByRole('button', { name: 'Send 2 articles as drafts' }));
    await waitFor(() => expect(api.state.bodies['publish-articles']).toEqual([{ status: 'draft' }]));
    expect(await screen.findByText('Published 2 articles.', undefined, { timeout: 10_000 })).toBeInTheDocument();
  }, 20_000);

  it('warns when there is no article to optimise, and resets on Create New Project', async () => {
    const api = createFakeSeoApi({
      projects: [makeProject({ project_name: 'Coffee' })],
      keywords: [makeKeyword(1, 'coffee')],
      outline: OUTLINE,
    });
    const { user } = showWizard(api);
    await screen.findByRole('heading', { name: 'Website Pages' }, { timeout: 15_000 });
    await user.click(screen.getByRole('button', { name: 'SEO Optimization' }));
    await user.click(screen.getByRole('button', { name: 'Optimize All SEO' }));
    expect(
      await screen.findByText('No articles found. Generate content first before running SEO optimization.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New Project' }));
    expect(await screen.findByRole('heading', { name: 'Create a New SEO Project' })).toBeInTheDocument();
    expect(screen.queryByText('Active: Coffee')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Project' })).toBeDisabled();
  });
});
