import type { CostEstimateRequest } from '@abp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { delay, HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { createFakeAuthApi } from '../../../test/auth-api';
import { llmSettings } from '../../../test/llm-settings';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';
import { makeSite } from '../../../test/sites';
import { costEstimate } from '../../../test/usage';
import { createFakeManualApi, makeResult } from '../testing/fake-manual-api';

type Api = ReturnType<typeof createFakeManualApi>;

/** Renders /manual and waits for the lazily loaded screen (the first load is slow on a busy machine). */
async function showManual(api: Api = createFakeManualApi()) {
  server.use(...createFakeAuthApi({ authenticated: true }).handlers, ...api.handlers);
  const view = renderApp({ path: '/manual' });
  await screen.findByRole('heading', { level: 1, name: 'Manual Content Generation' }, { timeout: 15_000 });
  return { ...view, api };
}

async function choose(user: Awaited<ReturnType<typeof showManual>>['user'], field: RegExp, option: string) {
  await user.click(screen.getByRole('combobox', { name: field }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('Manual Content Generation, Single Article tab', () => {
  it('preselects the only site, shows the estimate beside its budget, asks before crossing it, and links to the article (issue #37)', async () => {
    server.use(
      http.post('/api/usage/estimate', async ({ request }) => {
        const body = (await request.json()) as CostEstimateRequest;
        const room = { site_id: 1, name: 'Garden Blog', limit_usd: 1, spent_usd: 0.79, remaining_usd: 0.21 };
        return HttpResponse.json(
          costEstimate(body, {
            cost_usd: 0.28,
            budgets: [{ ...room, crosses: true }],
            crosses_budget: body.site_id === 1,
          }),
        );
      }),
    );
    const { user, api } = await showManual();
    const form = screen.getByRole('form', { name: 'Single article' });
    await waitFor(() => expect(within(form).getByRole('combobox', { name: /^Site/ })).toHaveTextContent('Garden Blog'));
    expect(await within(form).findByTestId('budget-room')).toHaveTextContent(
      'This article needs about $0.28; Garden Blog has $0.21 left this month. It would go over the budget of Garden Blog ($1.00 a month).',
    );
    await user.type(within(form).getByRole('textbox', { name: /^Topic/ }), 'Composting at home');
    await user.click(within(form).getByRole('button', { name: 'Push to WordPress' }));
    const dialog = await screen.findByRole('dialog', { name: 'Write this article?' });
    expect(within(dialog).getByText(/Garden Blog has \$0\.21 left this month/)).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Write' }));
    const result = await screen.findByRole('region', { name: 'Generation result' });
    expect(api.requests[0]).toMatchObject({ site_id: 1, confirm_budget: true });
    expect(within(result).getByRole('link', { name: 'Open in Articles' })).toHaveAttribute('href', '/articles?view=42');
  });

  it('shows the fields, the button and both tabs', async () => {
    await showManual();
    expect(await screen.findByRole('heading', { level: 1, name: 'Manual Content Generation' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Single Article' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Bulk Generation' })).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Single article' });
    expect(within(form).getByRole('textbox', { name: /^Topic/ })).toBeInTheDocument();
    for (const name of [/^Site/, /^Task Type/, /^Content Persona/, /^Status/])
      expect(within(form).getByRole('combobox', { name })).toBeInTheDocument();
    expect(within(form).getByRole('spinbutton', { name: 'Word Count' })).toHaveValue(3000);
    expect(within(form).getByRole('button', { name: 'Push to WordPress' })).toBeInTheDocument();
    expect(within(form).getByRole('combobox', { name: /^Task Type/ })).toHaveTextContent('Blog Post');
    expect(within(form).getByRole('combobox', { name: /^Status/ })).toHaveTextContent('Draft');
  });

  it('says when the offline writer is in use and links to Settings', async () => {
    await showManual();
    const form = screen.getByRole('form', { name: 'Single article' });
    const notice = await within(form).findByText(/The built-in offline writer is in use/);
    expect(
      within(notice.closest('[role="alert"]') as HTMLElement).getByRole('link', { name: 'Settings' }),
    ).toHaveAttribute('href', '/settings');
  });

  it('hides the offline notice when a real provider is configured', async () => {
    await showManual(
      createFakeManualApi({ settings: llmSettings({ provider: 'openai', offline: false, has_api_key: true }) }),
    );
    await screen.findByRole('button', { name: 'Push to WordPress' });
    await waitFor(() => expect(screen.queryByText(/offline writer is in use/)).not.toBeInTheDocument());
  });

  it('asks for a topic and a site before sending anything', async () => {
    const { user, api } = await showManual();
    await user.click(await screen.findByRole('button', { name: 'Push to WordPress' }));
    expect(await screen.findByText('Please enter a topic and select a site')).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
  });

  // Issue #17 item 8: the Topic carries its limit, and a counter near it shows what a paste kept.
  it('limits the topic to 200 characters and shows a counter near the limit', async () => {
    const { user } = await showManual();
    const topic = await screen.findByRole('textbox', { name: /^Topic/ });
    expect(topic).toHaveAttribute('maxlength', '200');
    expect(screen.queryByText(/\/ 200$/)).not.toBeInTheDocument();
    await user.click(topic);
    await user.paste('Composting '.repeat(25));
    expect((topic as HTMLInputElement).value).toHaveLength(200);
    expect(screen.getByText(/200 \/ 200/)).toBeInTheDocument();
  });

  it('refuses a word count outside 500–5,000 and sends 3,000 when it is empty', async () => {
    const { user, api } = await showManual();
    await user.type(await screen.findByRole('textbox', { name: /^Topic/ }), 'Composting');
    await choose(user, /^Site/, 'Garden Blog');
    const words = screen.getByRole('spinbutton', { name: 'Word Count' });
    await user.clear(words);
    await user.type(words, '6000');
    await user.click(screen.getByRole('button', { name: 'Push to WordPress' }));
    expect(await screen.findByText('Word count must be between 500 and 5000')).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
    await user.clear(words);
    await user.click(screen.getByRole('button', { name: 'Push to WordPress' }));
    await waitFor(() => expect(api.requests).toHaveLength(1));
    expect(api.requests[0]).toMatchObject({ options: { wordCount: 3000 } });
  });

  it("sends the WordPress categories and author chosen from the site's inventory; another site clears them", async () => {
    const api = createFakeManualApi({
      sites: [makeSite(), makeSite({ id: 2, name: 'Kitchen Blog', url: 'https://kitchen.example' })],
      taxonomy: {
        1: {
          categories: [
            { id: 4, name: 'Compost', slug: 'compost', parent: 0, count: 2 },
            { id: 6, name: 'Soil', slug: 'soil', parent: 0, count: 1 },
          ],
          authors: [{ id: 3, name: 'Ann Author', slug: 'ann' }],
        },
      },
    });
    const { user } = await showManual(api);
    await user.type(await screen.findByRole('textbox', { name: /^Topic/ }), 'Composting');
    const categories = screen.getByRole('combobox', { name: 'WordPress categories' });
    expect(categories).toBeDisabled(); // no site yet
    await choose(user, /^Site/, 'Kitchen Blog');
    expect(
      await screen.findByText(
        "Sync the site's content (WordPress Sites → Sync content) to choose its categories and author.",
      ),
    ).toBeInTheDocument();
    await choose(user, /^Site/, 'Garden Blog');
    await user.click(screen.getByRole('combobox', { name: 'WordPress categories' }));
    await user.click(await screen.findByRole('option', { name: 'Compost' }));
    await user.click(screen.getByRole('combobox', { name: 'WordPress categories' }));
    await user.click(await screen.findByRole('option', { name: 'Soil' }));
    await choose(user, /^Author/, 'Ann Author');
    await user.click(screen.getByRole('button', { name: 'Push to WordPress' }));
    await waitFor(() => expect(api.requests).toHaveLength(1));
    expect(api.requests[0]).toMatchObject({ site_id: 1, options: { categoryIds: [4, 6], authorId: 3 } });
  });

  // Issue #31 §4: the server checks the ids against the site's inventory; its word goes on the field.
  it("shows the server's refusal of a category the site does not have on the categories field", async () => {
    const message =
      "category 6 is not one of the site's 1 categories (as of its last content sync, 2026-11-27 10:00 UTC; if it is new, sync the site's content first)";
    const api = createFakeManualApi({
      taxonomy: { 1: { categories: [{ id: 6, name: 'Soil', slug: 'soil', parent: 0, count: 1 }], authors: [] } },
      generate: () =>
        HttpResponse.json(
          {
            error: `options.categoryIds.0: ${message}`,
            code: 'validation',
            details: [{ field: 'options.categoryIds.0', message }],
          },
          { status: 400 },
        ),
    });
    const { user } = await showManual(api);
    await user.type(await screen.findByRole('textbox', { name: /^Topic/ }), 'Composting');
    await choose(user, /^Site/, 'Garden Blog');
    await user.click(screen.getByRole('combobox', { name: 'WordPress categories' }));
    await user.click(await screen.findByRole('option', { name: 'Soil' }));
    await user.click(screen.getByRole('button', { name: 'Push to WordPress' }));
    const field = screen.getByRole('combobox', { name: 'WordPress categories' });
    await waitFor(() => expect(field).toHaveAccessibleDescription(message));
    expect(field).toHaveAttribute('aria-invalid', 'true');
  });

  it('generates and shows the result panel; the site’s configuration gives topic hints and its persona', async () => {
    const api = createFakeManualApi({
      sites: [makeSite(), makeSite({ id: 2, name: 'Kitchen Blog', url: 'https://kitchen.example' })],
      configs: [
        { site_id: 2, content_persona: 'marcus', topics: ['sourdough', 'knife care', 'spices', 'fermentation'] },
      ],
    });
    const { user } = await showManual(api);
    await user.type(await screen.findByRole('textbox', { name: /^Topic/ }), 'Bread baking basics');
    await choose(user, /^Site/, 'Kitchen Blog');
    expect(await screen.findByText('Topics for this site: sourdough, knife care, spices')).toBeInTheDocument();
    // The configuration's persona by its name, not its stored value "marcus" (issue #17 item 19); the request sends the value.
    expect(screen.getByRole('combobox', { name: 'Content Persona' })).toHaveValue('Marcus — The Data-Driven Analyst');
    await choose(user, /^Task Type/, 'Recipe');
    await choose(user, /^Status/, 'Publish');
    await user.click(screen.getByRole('button', { name: 'Push to WordPress' }));

    const panel = await screen.findByRole('region', { name: 'Generation result' });
    expect(api.requests).toEqual([
      {
        topic: 'Bread baking basics',
        site_id: 2,
        task_type: 'Recipe',
        options: { includeImages: true, publishStatus: 'publish', maxArticles: 5, wordCount: 3000, persona: 'marcus' },
      },
    ]);
    const fact = (label: string) => within(panel).getByText(label).nextElementSibling?.textContent;
    expect(fact('Attempts')).toBe('2');
    expect(fact('Recovered')).toBe('Yes');
    expect(fact('Refusal flags')).toBe('1');
    expect(fact('Title')).toBe('A Practical Guide to Composting');
    expect(fact('Article ID')).toBe('42');
    expect(within(panel).getByTestId('content-preview')).toHaveTextContent('Why compost Compost feeds the soil.');
    // Pushed as a draft: View leads to WordPress' preview, not the 404 visitors get (issue 17.6).
    expect(within(panel).getByRole('link', { name: 'View on WordPress' })).toHaveAttribute(
      'href',
      'https://garden.example/?p=310&preview=true',
    );
    expect(await screen.findByText('Article generated and pushed to WordPress as a draft')).toBeInTheDocument();
  });

  it('accepts a free-text persona and offers the nine personas with descriptions', async () => {
    const { user, api } = await showManual();
    const persona = await screen.findByRole('combobox', { name: 'Content Persona' });
    await user.click(persona);
    const options = await screen.findAllByRole('option');
    expect(options).toHaveLength(9);
    expect(options[0]).toHaveTextContent('Sarah — The Storyteller');
    expect(options[0]).toHaveTextContent('Warm narratives');
    // A chosen persona reads as its name and is sent as its value.
    await user.click(options[2]!);
    expect(persona).toHaveValue('Emily — The Friendly Educator');
    expect(screen.getByText('Patient step-by-step explanations for beginners.')).toBeInTheDocument();
    await user.clear(persona);
    await user.type(persona, 'A cheerful retired chef');
    await user.type(screen.getByRole('textbox', { name: /^Topic/ }), 'Knife skills');
    await choose(user, /^Site/, 'Garden Blog');
    await user.click(screen.getByRole('button', { name: 'Push to WordPress' }));
    await waitFor(() => expect(api.requests).toHaveLength(1));
    expect(api.requests[0]).toMatchObject({ options: { persona: 'A cheerful retired chef' } });
  });

  it('shows a warning when the article was saved but not pushed', async () => {
    const api = createFakeManualApi({
      generate: () =>
        HttpResponse.json({
          data: makeResult({
            publish_error: 'Publishing blocked by the quality gate: duplicate title',
            wordpress_post_id: null,
            wordpress_permalink: null,
          }),
        }),
    });
    const { user } = await showManual(api);
    await user.type(await screen.findByRole('textbox', { name: /^Topic/ }), 'Composting');
    await choose(user, /^Site/, 'Garden Blog');
    await user.click(screen.getByRole('button', { name: 'Push to WordPress' }));
    const panel = await screen.findByRole('region', { name: 'Generation result' });
    expect(
      within(panel).getByText(/Saved as a draft but not pushed to WordPress: Publishing blocked by the quality gate/),
    ).toBeInTheDocument();
  });

  // Issue #31 §4: held back by the duplicate check used to look like an article that went out.
  it('says the article was held back, why, and links the post already on the site', async () => {
    const reason = '"How to Start Composting" already exists on the site: /how-to-start-composting/';
    const held = {
      rule: 'already_on_site' as const,
      reason,
      existing_post: {
        title: 'How to Start Composting',
        link: 'https://garden.example/how-to-start-composting/',
        site_name: null,
      },
    };
    const api = createFakeManualApi({
      generate: () =>
        HttpResponse.json({
          data: makeResult({
            publish_error: `Publishing blocked by the quality gate: ${reason}`,
            held,
            wordpress_post_id: null,
            wordpress_permalink: null,
          }),
        }),
    });
    const { user } = await showManual(api);
    await user.type(await screen.findByRole('textbox', { name: /^Topic/ }), 'How to start composting');
    await choose(user, /^Site/, 'Garden Blog');
    await user.click(screen.getByRole('button', { name: 'Push to WordPress' }));
    const panel = await screen.findByRole('region', { name: 'Generation result' });
    const notice = within(panel).getByRole('alert');
    expect(within(notice).getByText('Held back, not published')).toBeInTheDocument();
    expect(notice).toHaveTextContent(reason);
    expect(within(notice).getByRole('link', { name: 'How to Start Composting' })).toHaveAttribute(
      'href',
      'https://garden.example/how-to-start-composting/',
    );
    // Not the "not pushed" warning of a WordPress failure, and no "View on WordPress".
    expect(within(panel).queryByText(/not pushed to WordPress/)).not.toBeInTheDocument();
    expect(within(panel).queryByRole('link', { name: 'View on WordPress' })).not.toBeInTheDocument();
    expect(
      await screen.findByText(`Article saved as a draft but held back, not published: ${reason}`),
    ).toBeInTheDocument();
  });

  it('says "Generation failed: …" and disables the button while generating', async () => {
    const api = createFakeManualApi({
      generate: async () => {
        await delay(150);
        return HttpResponse.json(
          {
            error: 'Cannot reach the model server: fetch failed',
            code: 'generation_failed',
            details: { article_id: 3, kind: 'network' },
          },
          { status: 422 },
        );
      },
    });
    const { user } = await showManual(api);
    await user.type(await screen.findByRole('textbox', { name: /^Topic/ }), 'Composting');
    await choose(user, /^Site/, 'Garden Blog');
    await user.click(screen.getByRole('button', { name: 'Push to WordPress' }));
    expect(screen.getByRole('button', { name: 'Push to WordPress' })).toBeDisabled();
    expect(
      await screen.findByText('Generation failed: Cannot reach the model server: fetch failed'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Push to WordPress' })).toBeEnabled();
  });

  it.each([
    ['sites', 'Failed to fetch sites'],
    ['task-types', 'Failed to fetch task types'],
    ['configs', 'Failed to fetch blog configurations'],
  ] as const)('reports a failed %s load', async (which, message) => {
    await showManual(createFakeManualApi({ failing: [which] }));
    expect(await screen.findByText(message, {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('stays quiet when blog configurations do not exist (404)', async () => {
    await showManual(createFakeManualApi({ configs: null }));
    await screen.findByRole('button', { name: 'Push to WordPress' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByText('Failed to fetch blog configurations')).not.toBeInTheDocument();
  });
});
