import type { LlmSettings, ModelPrices } from '@abp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeAuthApi, screenDataUnavailable } from '../../../test/auth-api';
import { llmSettings } from '../../../test/llm-settings';
import { setWindowWidth } from '../../../test/match-media';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';
import { budgets, modelPrices } from '../../../test/usage';

// Issue #37 point 7: Settings loses no work.

function showSettings() {
  let settings: LlmSettings = llmSettings();
  let pricesReads = 0;
  server.use(
    ...createFakeAuthApi({ authenticated: true }).handlers,
    http.get('/api/settings/llm', () => HttpResponse.json(settings)),
    http.put('/api/settings/llm', async ({ request }) => {
      const body = (await request.json()) as { provider: LlmSettings['provider']; model: string };
      settings = { ...settings, provider: body.provider, model: body.model, offline: body.provider === 'offline' };
      settings = { ...settings, saved_at: new Date().toISOString() };
      return HttpResponse.json(settings);
    }),
    // The prices section says which model is charged now: it follows the saved provider.
    http.get('/api/settings/prices', () => {
      pricesReads += 1;
      const current: ModelPrices['current'] = settings.offline
        ? { provider: 'offline', model: 'offline-writer', price: null }
        : { provider: settings.provider, model: settings.model, price: null };
      return HttpResponse.json(modelPrices({ current }));
    }),
    http.get('/api/sites', () => HttpResponse.json([])),
    http.get('/api/settings/budgets', () => HttpResponse.json(budgets())),
    http.get('/api/settings/notifications', () =>
      HttpResponse.json({
        webhook_url: null,
        smtp_host: null,
        smtp_port: null,
        smtp_security: 'starttls',
        smtp_user: null,
        has_smtp_password: false,
        smtp_from: null,
        smtp_to: [],
        events: [],
        review_wait_hours: 24,
        last_failure: null,
        saved_at: null,
      }),
    ),
    http.get('/api/settings/mcp-tokens', () => HttpResponse.json({ tokens: [], endpoint: null })),
    screenDataUnavailable,
  );
  return { ...renderApp({ path: '/settings' }), pricesReads: () => pricesReads };
}

const budgetField = () => screen.findByRole('textbox', { name: 'Monthly budget, all sites' }, { timeout: 10_000 });
const mainNav = () => screen.getByRole('navigation', { name: 'Main navigation' });

beforeEach(() => setWindowWidth(1280));
afterEach(() => setWindowWidth(1024));

describe('Settings: unsaved changes', () => {
  it('asks before a route change loses an edited budget; Stay keeps it, Leave goes', async () => {
    const { user, router } = showSettings();
    await user.type(await budgetField(), '25');
    await user.click(within(mainNav()).getByRole('link', { name: 'Dashboard' }));

    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(router.state.location.pathname).toBe('/settings');
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await budgetField()).toHaveValue('25');

    await user.click(within(mainNav()).getByRole('link', { name: 'Dashboard' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', {
        name: 'Leave without saving',
      }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  });

  it('lets an untouched form go without a question', async () => {
    const { user } = showSettings();
    await budgetField();
    await user.click(within(mainNav()).getByRole('link', { name: 'Dashboard' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).not.toBeInTheDocument();
  });

  it('has the browser ask before the tab closes, only while a change is unsaved', async () => {
    const { user } = showSettings();
    const field = await budgetField();
    const closeTab = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(closeTab()).toBe(false);
    await user.type(field, '25');
    expect(closeTab()).toBe(true);
    await user.clear(field);
    expect(closeTab()).toBe(false);
  });
});

describe('Settings: a save refreshes what depends on it', () => {
  it('the prices section names the new provider as soon as the language model is saved', async () => {
    const { user, pricesReads } = showSettings();
    const prices = await screen.findByRole('region', { name: 'Model prices' }, { timeout: 10_000 });
    expect(
      await within(prices).findByText('The offline writer is in use: it calls no model and costs nothing.'),
    ).toBeInTheDocument();
    const readsBefore = pricesReads();

    const llm = screen.getByRole('region', { name: 'Language model' });
    await user.click(await within(llm).findByRole('combobox', { name: /Provider/ }));
    await user.click(await screen.findByRole('option', { name: /OpenAI-compatible server/ }));
    await user.type(within(llm).getByRole('textbox', { name: /Base URL/ }), 'http://localhost:11434/v1');
    await user.type(within(llm).getByRole('textbox', { name: 'Model' }), 'llama3.1');
    await user.click(within(llm).getByRole('button', { name: 'Save' }));

    expect(await within(prices).findByText(/No price is known for openai-compatible\/llama3\.1/)).toBeInTheDocument();
    expect(pricesReads()).toBeGreaterThan(readsBefore);
    expect(within(prices).queryByText(/The offline writer is in use/)).not.toBeInTheDocument();
  });
});

describe('Settings: section navigation', () => {
  it('on a wide screen, links every section in page order', async () => {
    const scrolled: string[] = [];
    Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this.id);
    });
    const { user } = showSettings();
    const nav = await screen.findByRole('navigation', { name: 'Settings sections' }, { timeout: 10_000 });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Language model', '#llm-settings'],
      ['Fallback providers', '#fallbacks'],
      ['Model prices', '#model-prices'],
      ['Budgets', '#budgets'],
      ['Trends', '#trend-settings'],
      ['Notifications', '#notifications'],
      ['Assistants (MCP)', '#mcp-tokens'],
    ]);
    for (const [, href] of links.map((link) => [link.textContent, link.getAttribute('href')]))
      expect(document.getElementById(href!.slice(1))).not.toBeNull();
    await user.click(within(nav).getByRole('link', { name: 'Budgets' }));
    expect(scrolled).toContain('budgets');
    expect(window.location.hash).toBe('#budgets');
  });

  it('on a phone, offers the sections in a select', async () => {
    setWindowWidth(390);
    const scrolled: string[] = [];
    Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this.id);
    });
    const { user } = showSettings();
    await screen.findByRole('heading', { level: 1, name: 'Settings' }, { timeout: 10_000 });
    expect(screen.queryByRole('navigation', { name: 'Settings sections' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Go to section' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Language model',
      'Fallback providers',
      'Model prices',
      'Budgets',
      'Trends',
      'Notifications',
      'Assistants (MCP)',
    ]);
    await user.click(screen.getByRole('option', { name: 'Model prices' }));
    expect(scrolled).toContain('model-prices');
  });
});
