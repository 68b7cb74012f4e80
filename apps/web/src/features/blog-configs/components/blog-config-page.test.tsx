import type { CostEstimateRequest } from '@abp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { createFakeAuthApi } from '../../../test/auth-api';
import { llmSettings } from '../../../test/llm-settings';
import { setWindowWidth } from '../../../test/match-media';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';
import { makeSite } from '../../../test/sites';
import { budgets, costEstimate } from '../../../test/usage';
import { createFakeBlogConfigsApi, makeConfig } from '../testing/fake-blog-configs-api';

function showConfig(api: ReturnType<typeof createFakeBlogConfigsApi>) {
  server.use(...createFakeAuthApi({ authenticated: true }).handlers, ...api.handlers);
  return renderApp({ path: '/config' });
}

// The screen is loaded lazily: the first look waits longer on a busy machine.
const FIRST_LOOK = { timeout: 8000 };
const rowOf = async (siteName: string) =>
  (await screen.findByText(siteName, { selector: 'p' }, FIRST_LOOK)).closest('tr') as HTMLElement;

describe('Blog Configuration screen', () => {
  it('without sites: Add Configuration is disabled, with the warning and the empty state', async () => {
    showConfig(createFakeBlogConfigsApi());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Blog Configuration' }, FIRST_LOOK),
    ).toBeInTheDocument();
    expect(screen.getByText('Configure posting schedules and topics for each WordPress site')).toBeInTheDocument();
    expect(
      await screen.findByText('You need to add WordPress sites first before creating blog configurations.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Configuration' })).toBeDisabled();
    expect(await screen.findByText('No blog configurations set up')).toBeInTheDocument();
  });

  it('says when a reached monthly budget pauses a site’s schedule (issue #16)', async () => {
    server.use(
      http.get('/api/settings/budgets', () =>
        HttpResponse.json(
          budgets({
            sites: [{ site_id: 1, site_name: 'Garden Blog', monthly_usd: 10 }],
            states: [
              {
                site_id: 1,
                name: 'Garden Blog',
                limit_usd: 10,
                spent_usd: 10.5,
                percent: 105,
                state: 'reached',
                message:
                  'The monthly budget of Garden Blog ($10.00) is reached: $10.50 spent. New articles for Garden Blog wait.',
              },
            ],
          }),
        ),
      ),
    );
    showConfig(createFakeBlogConfigsApi({ sites: [makeSite()], configs: [makeConfig()] }));
    const alert = within(await screen.findByRole('region', { name: 'Budgets' }, FIRST_LOOK)).getByRole('alert');
    expect(alert).toHaveTextContent('Scheduled posts paused for Garden Blog');
    expect(alert).toHaveTextContent('The monthly budget of Garden Blog ($10.00) is reached: $10.50 spent.');
    expect(within(alert).getByRole('link', { name: 'Budgets in Settings' })).toHaveAttribute(
      'href',
      '/settings#budgets',
    );
  });

  it('shows on the configuration a schedule its reached budget pauses: since when, why, and how it goes on (issue #31)', async () => {
    const budgetPause = {
      message:
        'The monthly budget of Garden Blog ($10.00) is reached: $10.50 spent. New articles for Garden Blog wait. Raise it or override it for this month in Settings → Budgets.',
      since: '2031-03-09T14:05:00.000Z',
      resumes_at: '2031-04-01T00:00:00.000Z',
    };
    const sites = [makeSite(), makeSite({ id: 2, name: 'Kitchen', url: 'https://kitchen.example' })];
    const configs = [
      makeConfig({ next_post_at: '2020-01-01T00:00:00.000Z', budget_pause: budgetPause }),
      // Switched off: it would not post anyway, so it reads as paused by the operator.
      makeConfig({
        id: 2,
        site_id: 2,
        site_name: 'Kitchen',
        site_url: 'https://kitchen.example',
        is_active: false,
        budget_pause: budgetPause,
      }),
    ];
    const since = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(budgetPause.since),
    );
    const resumes = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(
      new Date(budgetPause.resumes_at),
    );
    showConfig(createFakeBlogConfigsApi({ sites, configs }));
    const garden = await rowOf('Garden Blog');
    expect(within(garden).getByText(`Paused by budget since ${since}`)).toBeInTheDocument();
    expect(within(garden).queryByText('Due now')).not.toBeInTheDocument();
    expect(within(garden).getByText(/The monthly budget of Garden Blog \(\$10\.00\) is reached/)).toHaveTextContent(
      `${budgetPause.message} Otherwise it goes on by itself on ${resumes}. Budgets in Settings`,
    );
    expect(within(garden).getByRole('link', { name: 'Budgets in Settings' })).toHaveAttribute(
      'href',
      '/settings#budgets',
    );
    const kitchen = await rowOf('Kitchen');
    expect(within(kitchen).getByText('Paused')).toBeInTheDocument();
    expect(within(kitchen).queryByText(/budget/)).not.toBeInTheDocument();
  });

  it('lists configurations with the spec columns plus Next post', async () => {
    const sites = [makeSite(), makeSite({ id: 2, name: 'Kitchen', url: 'https://kitchen.example' })];
    const configs = [
      makeConfig({
        topics: ['A1', 'B2', 'C3', 'D4', 'E5'],
        post_status: 'published',
        content_persona: 'sarah',
        posts_today: 2,
        max_posts_per_day: 4,
        last_note: 'Skipped topics the site already covers: "A1" ("Growing A1", /growing-a1/).',
      }),
      makeConfig({
        id: 2,
        site_id: 2,
        site_name: 'Kitchen',
        site_url: 'https://kitchen.example',
        is_active: false,
        posting_interval_min: 5,
        posting_interval_max: 9,
        task_type: 'Recipe',
        last_error: 'WordPress post create failed: boom',
      }),
    ];
    showConfig(createFakeBlogConfigsApi({ sites, configs }));
    const table = await screen.findByRole('table', { name: 'Blog configurations' }, FIRST_LOOK);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Site',
      'Topics',
      'Task Type',
      'Persona',
      'Post Interval',
      'Max Posts/Day',
      'Post Status',
      'Status',
      'Next post',
      'Actions',
    ]);
    const garden = await rowOf('Garden Blog');
    expect(within(garden).getByText('https://garden.example')).toBeInTheDocument();
    for (const topic of ['A1', 'B2', 'C3']) expect(within(garden).getByText(topic)).toBeInTheDocument();
    expect(within(garden).queryByText('D4')).not.toBeInTheDocument();
    expect(within(garden).getByText('+2 more')).toBeInTheDocument();
    expect(within(garden).getByText('Sarah — The Storyteller')).toBeInTheDocument();
    expect(within(garden).getByText('1-3 hours')).toBeInTheDocument();
    expect(within(garden).getByText('published').closest('.MuiChip-root')).toHaveClass('MuiChip-colorSuccess');
    expect(within(garden).getByText('Active')).toBeInTheDocument();
    expect(within(garden).getByText('2 of 4 posted today')).toBeInTheDocument();
    // The last slot's note: the topics it passed over because the live site already has them.
    expect(
      within(garden).getByText('Skipped topics the site already covers: "A1" ("Growing A1", /growing-a1/).'),
    ).toBeInTheDocument();

    const kitchen = await rowOf('Kitchen');
    expect(within(kitchen).getByText('Neutral Voice')).toBeInTheDocument();
    expect(within(kitchen).getByText('5-9 hours')).toBeInTheDocument();
    expect(within(kitchen).getByText('draft').closest('.MuiChip-root')).not.toHaveClass('MuiChip-colorSuccess');
    expect(within(kitchen).getByText('Inactive')).toBeInTheDocument();
    expect(within(kitchen).getByText('Paused')).toBeInTheDocument();
    expect(within(kitchen).getByText('Last post failed: WordPress post create failed: boom')).toBeInTheDocument();
  });

  it('creates a configuration: only active, unconfigured sites; topics by Enter or Add, trimmed, no duplicates', async () => {
    const sites = [
      makeSite(),
      makeSite({ id: 2, name: 'Sleeping', url: 'https://sleeping.example', is_active: false }),
      makeSite({ id: 3, name: 'Taken', url: 'https://taken.example' }),
    ];
    const api = createFakeBlogConfigsApi({
      sites,
      configs: [makeConfig({ id: 7, site_id: 3, site_name: 'Taken', site_url: 'https://taken.example' })],
      taxonomy: {
        1: {
          categories: [
            { id: 4, name: 'Compost', slug: 'compost', parent: 0, count: 3 },
            { id: 9, name: 'Beds', slug: 'beds', parent: 0, count: 1 },
          ],
          authors: [{ id: 2, name: 'Ann Author', slug: 'ann' }],
        },
      },
    });
    const { user } = showConfig(api);
    const add = await screen.findByRole('button', { name: 'Add Configuration' }, FIRST_LOOK);
    await waitFor(() => expect(add).toBeEnabled()); // once the sites have loaded
    await user.click(add);
    const dialog = await screen.findByRole('dialog', { name: 'Add Blog Configuration' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    await user.click(within(dialog).getByRole('combobox', { name: /WordPress Site/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Garden Blog (https://garden.example)',
      'Taken (https://taken.example) — already configured',
    ]);
    expect(options[1]).toHaveAttribute('aria-disabled', 'true');
    await user.click(options[0]!);
    expect(save).toBeDisabled(); // a topic is still missing

    const topic = within(dialog).getByLabelText('Add Topic');
    await user.type(topic, '  Composting basics  {Enter}');
    expect(within(dialog).getByRole('listitem')).toHaveTextContent('Composting basics');
    expect(save).toBeEnabled();
    await user.type(topic, 'composting BASICS{Enter}');
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(1);
    expect(within(dialog).getByText('"composting BASICS" is already in the list')).toBeInTheDocument();
    await user.type(topic, 'Raised beds');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Composting basics', 'Raised beds']);

    const wordCount = within(dialog).getByLabelText('Word Count');
    expect(wordCount).toHaveAttribute('min', '500');
    expect(wordCount).toHaveAttribute('max', '50000');
    expect(wordCount).toHaveAttribute('step', '100');
    expect(within(dialog).getByLabelText('Max Posts/Day')).toHaveAttribute('max', '50');
    expect(within(dialog).getByLabelText('Min Interval (hours)')).toHaveAttribute('max', '24');
    await user.clear(within(dialog).getByLabelText('Max Posts/Day'));
    await user.type(within(dialog).getByLabelText('Max Posts/Day'), '4');
    await user.click(within(dialog).getByRole('combobox', { name: 'Post Status' }));
    await user.click(await screen.findByRole('option', { name: 'Published' }));
    // The site's categories and authors, from its content inventory.
    await user.click(within(dialog).getByRole('combobox', { name: 'WordPress categories' }));
    await user.click(await screen.findByRole('option', { name: 'Beds' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Author' }));
    await user.click(await screen.findByRole('option', { name: 'Ann Author' }));
    await user.click(save);

    expect(await screen.findByText('Configuration created successfully')).toBeInTheDocument();
    expect(api.requestsTo('POST', '/api/config')[0]?.body).toEqual({
      site_id: 1,
      topics: ['Composting basics', 'Raised beds'],
      posting_interval_min: 1,
      posting_interval_max: 3,
      max_posts_per_day: 4,
      post_status: 'published',
      task_type: 'Blog Post',
      is_active: true,
      word_count: 3000,
      content_persona: '',
      category_ids: [9],
      author_id: 2,
      internal_links: 3,
      add_tags: true,
      // No provider list of its own: the default chain (issue #16).
      providers: null,
      // No ramp-up unless it is switched on (issue #33).
      ramp: null,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await rowOf('Garden Blog')).toBeInTheDocument();
  });

  it('shows what the schedule would cost a month, and asks before saving one above the threshold (issue #16)', async () => {
    server.use(
      http.post('/api/usage/estimate', async ({ request }) => {
        const body = (await request.json()) as CostEstimateRequest;
        return HttpResponse.json(
          costEstimate(body, { cost_usd: body.articles * 0.05, needs_confirmation: body.articles * 0.05 > 1 }),
        );
      }),
    );
    const api = createFakeBlogConfigsApi({ sites: [makeSite()] });
    const { user } = showConfig(api);
    const add = await screen.findByRole('button', { name: 'Add Configuration' }, FIRST_LOOK);
    await waitFor(() => expect(add).toBeEnabled());
    await user.click(add);
    const dialog = await screen.findByRole('dialog', { name: 'Add Blog Configuration' });
    await user.click(within(dialog).getByRole('combobox', { name: /WordPress Site/ }));
    await user.click((await screen.findAllByRole('option'))[0]!);
    await user.type(within(dialog).getByLabelText('Add Topic'), 'Composting basics{Enter}');
    // 1–3 hours apart, at most 2 a day: 60 articles a month.
    await user.clear(within(dialog).getByLabelText('Max Posts/Day'));
    await user.type(within(dialog).getByLabelText('Max Posts/Day'), '2');
    expect(await within(dialog).findByRole('status', { name: 'Estimated cost' })).toHaveTextContent(
      'Estimated cost a month: about $3.00 for 60 articles of 3,000 words with openai/gpt-4o-mini',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const question = await screen.findByRole('dialog', { name: 'Save this schedule?' });
    expect(question).toHaveTextContent('That is more than $1.00, the amount above which you asked to confirm.');
    expect(api.requestsTo('POST', '/api/config')).toEqual([]);
    await user.click(within(question).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Configuration created successfully')).toBeInTheDocument();
    expect(api.requestsTo('POST', '/api/config')).toHaveLength(1);
  });

  it('chooses the configuration’s own model providers, in order (issue #16)', async () => {
    server.use(
      http.get('/api/settings/llm/fallbacks', () =>
        HttpResponse.json({
          fallbacks: [
            {
              id: 'f-haiku',
              provider: 'anthropic',
              model: 'claude-3-5-haiku-latest',
              base_url: null,
              has_api_key: true,
              concurrency: 4,
            },
          ],
        }),
      ),
    );
    const api = createFakeBlogConfigsApi({ sites: [makeSite()], configs: [makeConfig()] });
    const { user } = showConfig(api);
    await user.click(within(await rowOf('Garden Blog')).getByRole('button', { name: /Edit/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Blog Configuration' });
    const field = within(dialog).getByRole('combobox', { name: 'Model providers' });
    await user.click(field);
    await user.click(await screen.findByRole('option', { name: 'Fallback 1: anthropic/claude-3-5-haiku-latest' }));
    await user.click(field);
    await user.click(await screen.findByRole('option', { name: 'Main: openai/gpt-4o-mini' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Configuration updated successfully')).toBeInTheDocument();
    expect(api.requestsTo('PUT', '/api/config/1')[0]?.body).toMatchObject({ providers: ['f-haiku', 'main'] });
  });

  it('shows range errors on the fields and sends nothing', async () => {
    const api = createFakeBlogConfigsApi({ sites: [makeSite()], configs: [makeConfig()] });
    const { user } = showConfig(api);
    await user.click(await screen.findByRole('button', { name: 'Edit configuration of Garden Blog' }, FIRST_LOOK));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Blog Configuration' });
    const setNumber = async (label: string, value: string) => {
      await user.clear(within(dialog).getByLabelText(label));
      if (value) await user.type(within(dialog).getByLabelText(label), value);
    };
    await setNumber('Min Interval (hours)', '5');
    await setNumber('Max Interval (hours)', '4');
    await setNumber('Word Count', '1250');
    await setNumber('Max Posts/Day', '51');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Maximum interval must be greater than or equal to the minimum interval'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Word count must be a multiple of 100')).toBeInTheDocument();
    expect(within(dialog).getByText('Max posts per day must be between 1 and 50')).toBeInTheDocument();
    await setNumber('Min Interval (hours)', '');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Minimum interval must be a number')).toBeInTheDocument();
    expect(api.requestsTo('PUT', '/api/config/1')).toHaveLength(0);
  });

  it('turns on the ramp-up (issue #33): today’s cap follows the fields, the body carries the ramp, a bad pace is refused', async () => {
    const api = createFakeBlogConfigsApi({ sites: [makeSite()], configs: [makeConfig({ max_posts_per_day: 8 })] });
    const { user } = showConfig(api);
    await user.click(await screen.findByRole('button', { name: 'Edit configuration of Garden Blog' }, FIRST_LOOK));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Blog Configuration' });
    expect(within(dialog).getByTestId('cap-today')).toHaveTextContent("Today's cap: 8 posts");
    await user.click(within(dialog).getByLabelText(/Ramp up/));
    const setNumber = async (label: string, value: string) => {
      await user.clear(within(dialog).getByLabelText(label));
      await user.type(within(dialog).getByLabelText(label), value);
    };
    await setNumber('Starting pace (posts/day)', '8');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Starting pace must be below Max posts per day')).toBeInTheDocument();
    expect(api.requestsTo('PUT', '/api/config/1')).toHaveLength(0);
    await setNumber('Starting pace (posts/day)', '2');
    await setNumber('Weeks to reach Max Posts/Day', '3');
    expect(within(dialog).getByTestId('cap-today')).toHaveTextContent("Today's cap: 2 posts, growing to 8 a day");
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Configuration updated successfully')).toBeInTheDocument();
    expect(api.requestsTo('PUT', '/api/config/1')[0]?.body).toMatchObject({ ramp: { start_per_day: 2, weeks: 3 } });
    expect(api.requestsTo('PUT', '/api/config/1')[0]?.body).not.toHaveProperty('ramp_on');
  });

  it("edits a configuration, and shows the server's refusal in a toast", async () => {
    const api = createFakeBlogConfigsApi({
      sites: [makeSite()],
      configs: [makeConfig({ topics: ['Composting', 'Mulch'] })],
    });
    const { user } = showConfig(api);
    await user.click(await screen.findByRole('button', { name: 'Edit configuration of Garden Blog' }, FIRST_LOOK));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Blog Configuration' });
    await user.click(within(dialog).getByLabelText('Remove topic Mulch'));
    api.state.saveAnswer = () =>
      HttpResponse.json(
        { error: 'A blog configuration for the site "Garden Blog" already exists.', code: 'conflict' },
        { status: 409 },
      );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('A blog configuration for the site "Garden Blog" already exists.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Configuration updated successfully')).toBeInTheDocument();
    expect(api.requestsTo('PUT', '/api/config/1').at(-1)?.body).toMatchObject({ site_id: 1, topics: ['Composting'] });
  });

  it("warns on the screen and in the form when live posts would be the offline writer's demo text (issue #18)", async () => {
    server.use(http.get('/api/settings/llm', () => HttpResponse.json(llmSettings())));
    const api = createFakeBlogConfigsApi({
      sites: [makeSite(), makeSite({ id: 2, name: 'Kitchen', url: 'https://kitchen.example' })],
      configs: [
        makeConfig({ post_status: 'published' }),
        makeConfig({
          id: 2,
          site_id: 2,
          site_name: 'Kitchen',
          site_url: 'https://kitchen.example',
          post_status: 'draft',
        }),
      ],
    });
    const { user } = showConfig(api);
    expect(
      await screen.findByText(
        /^Scheduled and trend articles for Garden Blog go live as demonstration text/,
        undefined,
        FIRST_LOOK,
      ),
    ).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Edit configuration of Kitchen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Blog Configuration' });
    expect(within(dialog).queryByText(/go live as demonstration text/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: 'Post Status' }));
    await user.click(await screen.findByRole('option', { name: 'Published' }));
    expect(
      await within(dialog).findByText(/^This site's scheduled and trend articles go live as demonstration text/),
    ).toBeInTheDocument();
    // Nothing is blocked: it saves, and the screen now names both sites.
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Configuration updated successfully')).toBeInTheDocument();
    expect(api.requestsTo('PUT', '/api/config/2').at(-1)?.body).toMatchObject({ post_status: 'published' });
  });

  it('falls back to the generic save message when the server gives none', async () => {
    const api = createFakeBlogConfigsApi({ sites: [makeSite()], configs: [makeConfig()] });
    const { user } = showConfig(api);
    await user.click(await screen.findByRole('button', { name: 'Edit configuration of Garden Blog' }, FIRST_LOOK));
    api.state.saveAnswer = () => new HttpResponse('oops', { status: 502 });
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to save configuration')).toBeInTheDocument();
  });

  it('shows cards with both actions at 1024 and 390 px, where the ten columns do not fit (issue #17 item 9)', async () => {
    for (const width of [1024, 390]) {
      setWindowWidth(width);
      const budgetPause = {
        message: 'The monthly budget of Garden Blog ($10.00) is reached: $10.50 spent.',
        since: '2031-03-09T14:05:00.000Z',
        resumes_at: '2031-04-01T00:00:00.000Z',
      };
      const api = createFakeBlogConfigsApi({
        sites: [makeSite()],
        configs: [
          makeConfig({ topics: ['Raised beds', 'Composting', 'Seed saving', 'Mulch'], budget_pause: budgetPause }),
        ],
      });
      const { user, unmount } = showConfig(api);
      const card = await screen.findByRole('listitem', { name: 'Garden Blog' }, FIRST_LOOK);
      expect(within(card).getByText('Raised beds')).toBeInTheDocument();
      // A schedule a reached budget pauses says so on its card too (issue #31).
      expect(within(card).getByText(/^Paused by budget since /)).toBeInTheDocument();
      expect(within(card).getByRole('link', { name: 'Budgets in Settings' })).toBeInTheDocument();
      expect(within(card).getByText('+1 more')).toBeInTheDocument();
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      expect(within(card).getByRole('button', { name: 'Delete configuration of Garden Blog' })).toBeEnabled();
      await user.click(within(card).getByRole('button', { name: 'Edit configuration of Garden Blog' }));
      expect(await screen.findByRole('dialog', { name: 'Edit Blog Configuration' })).toBeInTheDocument();
      unmount();
    }
  });

  it('deletes after the confirmation, with a toast either way', async () => {
    const api = createFakeBlogConfigsApi({ sites: [makeSite()], configs: [makeConfig()] });
    const { user } = showConfig(api);
    await user.click(await screen.findByRole('button', { name: 'Delete configuration of Garden Blog' }, FIRST_LOOK));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Configuration' });
    expect(within(confirm).getByText('Are you sure you want to delete this configuration?')).toBeInTheDocument();
    // Issue #17 item 19: the confirmation names what goes.
    expect(within(confirm).getByText('The schedule of Garden Blog (https://garden.example)')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Configuration deleted successfully')).toBeInTheDocument();
    expect(await screen.findByText('No blog configurations set up')).toBeInTheDocument();
  });

  it('reports a failed delete and a failed load', async () => {
    const api = createFakeBlogConfigsApi({ sites: [makeSite()], configs: [makeConfig()], failDelete: true });
    const { user } = showConfig(api);
    await user.click(await screen.findByRole('button', { name: 'Delete configuration of Garden Blog' }, FIRST_LOOK));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete configuration')).toBeInTheDocument();
  });

  it("says 'Failed to load data' when the list cannot be read", async () => {
    showConfig(createFakeBlogConfigsApi({ sites: [makeSite()], failList: true }));
    // A 5xx is retried twice (about 3 s) before the screen gives up.
    expect(
      await screen.findByText('Failed to load data', { selector: '#notistack-snackbar' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Failed to load data', { selector: '.MuiAlert-message' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
