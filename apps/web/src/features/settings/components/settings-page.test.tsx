import type { LlmProbeResult, LlmSettings } from '@abp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { createFakeAuthApi } from '../../../test/auth-api';
import { llmSettings } from '../../../test/llm-settings';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';

/** As the server answers with nothing saved: the offline writer, every value from the environment. */
const ENV: LlmSettings = llmSettings();

function fakeSettingsApi(initial: LlmSettings = ENV, probe?: LlmProbeResult) {
  const state = {
    settings: initial,
    puts: [] as Array<Record<string, unknown>>,
    tests: [] as Array<Record<string, unknown>>,
  };
  const handlers = [
    // The screen's other sections are not under test here.
    http.get('/api/settings/trends', () =>
      HttpResponse.json({ error: 'Not found', code: 'not_found' }, { status: 404 }),
    ),
    http.get('/api/settings/mcp-tokens', () => HttpResponse.json({ tokens: [], endpoint: null })),
    http.get('/api/settings/llm', () => HttpResponse.json(state.settings)),
    http.put('/api/settings/llm', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      state.puts.push(body);
      if (body.provider === 'openai' && !body.api_key) {
        return HttpResponse.json(
          {
            error: 'api_key: An API key is required for OpenAI',
            code: 'validation',
            details: [{ field: 'api_key', message: 'An API key is required for OpenAI' }],
          },
          { status: 400 },
        );
      }
      state.settings = {
        ...state.settings,
        provider: body.provider as LlmSettings['provider'],
        model: String(body.model ?? ''),
        effective_model: String(body.model || 'default-model'),
        base_url: (body.base_url as string | null) ?? null,
        has_api_key: Boolean(body.api_key) || (state.settings.has_api_key && !body.clear_api_key),
        offline: body.provider === 'offline',
        sources: {
          ...state.settings.sources,
          provider: 'saved',
          model: 'saved',
          api_key: body.api_key ? 'saved' : state.settings.sources.api_key,
        },
        saved_at: new Date().toISOString(),
      };
      return HttpResponse.json(state.settings);
    }),
    http.delete('/api/settings/llm', () => {
      state.settings = ENV;
      return HttpResponse.json(ENV);
    }),
    http.post('/api/settings/llm/test', async ({ request }) => {
      state.tests.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json(
        probe ?? {
          ok: true,
          provider: 'offline',
          model: 'offline-writer',
          offline: true,
          answer: 'The offline writer is active and working.',
          kind: null,
          error: null,
          latency_ms: 3,
        },
      );
    }),
  ];
  return { handlers, state };
}

async function showSettings(api = fakeSettingsApi()) {
  server.use(...createFakeAuthApi({ authenticated: true }).handlers, ...api.handlers);
  const view = renderApp({ path: '/settings' });
  await screen.findByRole('heading', { level: 1, name: 'Settings' }, { timeout: 15_000 });
  const section = await screen.findByRole('region', { name: 'Language model' });
  await within(section).findByRole('combobox', { name: /Provider/ });
  return { ...view, api, section };
}

describe('Settings → Language model', () => {
  it('shows the current provider and tests it with a live answer', async () => {
    const { user, section, api } = await showSettings();
    expect(within(section).getByRole('combobox', { name: /Provider/ })).toHaveTextContent(
      'Offline writer (built in, no network)',
    );
    await user.click(within(section).getByRole('button', { name: 'Test provider' }));
    expect(await within(section).findByText('The offline writer is active and working.')).toBeInTheDocument();
    expect(within(section).getByText(/Provider answered \(offline · offline-writer · 3 ms\)/)).toBeInTheDocument();
    expect(api.state.tests[0]).toMatchObject({
      provider: 'offline',
      timeout_ms: null,
      concurrency: null,
      stream: null,
    });
  });

  it('shows the exact error of a failed test', async () => {
    const failure: LlmProbeResult = {
      ok: false,
      provider: 'openai-compatible',
      model: 'llama3.1',
      offline: false,
      answer: null,
      kind: 'network',
      error: 'Cannot reach the model server: fetch failed',
      latency_ms: 12,
    };
    const { user, section } = await showSettings(fakeSettingsApi(ENV, failure));
    await user.click(within(section).getByRole('button', { name: 'Test provider' }));
    const alert = await within(section).findByRole('alert');
    expect(alert).toHaveTextContent('Provider test failed (network)');
    expect(alert).toHaveTextContent('Cannot reach the model server: fetch failed');
  });

  it('saves a provider with its key, shows the key as stored and never fills it in', async () => {
    const { user, section, api } = await showSettings();
    await user.click(within(section).getByRole('combobox', { name: /Provider/ }));
    await user.click(await screen.findByRole('option', { name: /OpenAI-compatible server/ }));
    await user.type(within(section).getByRole('textbox', { name: /Base URL/ }), 'http://localhost:11434/v1');
    await user.type(within(section).getByRole('textbox', { name: 'Model' }), 'llama3.1');
    await user.type(within(section).getByLabelText('API key'), 'sk-local-secret');
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(api.state.puts[0]).toEqual({
      provider: 'openai-compatible',
      model: 'llama3.1',
      base_url: 'http://localhost:11434/v1',
      api_key: 'sk-local-secret',
      clear_api_key: false,
      timeout_ms: null,
      concurrency: null,
      stream: null,
    });

    const fresh = await screen.findByRole('region', { name: 'Language model' });
    await waitFor(() => expect(within(fresh).getByText('stored')).toBeInTheDocument());
    expect(within(fresh).getByLabelText('API key')).toHaveValue('');
    expect(document.body.innerHTML).not.toContain('sk-local-secret');
  });

  it('shows a refused save next to the field, with a toast', async () => {
    const { user, section } = await showSettings();
    await user.click(within(section).getByRole('combobox', { name: /Provider/ }));
    await user.click(await screen.findByRole('option', { name: 'OpenAI' }));
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Failed to save settings: api_key: An API key is required for OpenAI'),
    ).toBeInTheDocument();
    expect(within(section).getByText('An API key is required for OpenAI')).toBeInTheDocument();
  });

  it('checks numbers before sending', async () => {
    const { user, section, api } = await showSettings();
    await user.click(within(section).getByRole('combobox', { name: /Provider/ }));
    await user.click(await screen.findByRole('option', { name: 'OpenAI' }));
    const concurrency = within(section).getByRole('spinbutton', { name: 'Concurrency' });
    await user.clear(concurrency);
    await user.type(concurrency, '100');
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await within(section).findByText('Concurrency must be at most 64')).toBeInTheDocument();
    expect(api.state.puts).toHaveLength(0);
  });

  it('resets saved values to the environment', async () => {
    const saved: LlmSettings = {
      ...ENV,
      provider: 'openai',
      offline: false,
      has_api_key: true,
      sources: { ...ENV.sources, provider: 'saved', api_key: 'saved' },
      saved_at: '2026-11-22T09:00:00.000Z',
    };
    const { user, section } = await showSettings(fakeSettingsApi(saved));
    expect(within(section).getByText('stored')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Reset to environment' }));
    expect(await screen.findByText('Settings reset to the environment')).toBeInTheDocument();
    const fresh = await screen.findByRole('region', { name: 'Language model' });
    await waitFor(() =>
      expect(within(fresh).getByRole('combobox', { name: /Provider/ })).toHaveTextContent('Offline writer'),
    );
  });
});
