import type { FallbackProviders, ProviderHealth } from '@abp/contracts';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { formatDateTime, formatFullDate } from '../../../lib/dates';
import { server } from '../../../test/msw-server';
import { renderRoutes } from '../../../test/render-app';
import { FallbackProvidersSection } from './fallback-providers-section';

const coolingUntil = '2026-11-26T10:01:00.000Z';
const health: ProviderHealth = {
  providers: [
    {
      position: 0,
      provider: 'openai',
      model: 'gpt-4o-mini',
      state: 'cooling_down',
      cooling_until: coolingUntil,
      last_error: 'rate_limit: The provider is rate limiting requests (retry after 60 s)',
      last_error_at: '2026-11-26T10:00:00.000Z',
      calls_ok: 12,
      calls_failed: 3,
    },
    {
      position: 1,
      provider: 'anthropic',
      model: 'claude-3-5-haiku-latest',
      state: 'healthy',
      cooling_until: null,
      last_error: null,
      last_error_at: null,
      calls_ok: 9,
      calls_failed: 0,
    },
  ],
};

function showSection(saved: FallbackProviders = { fallbacks: [] }) {
  const puts: unknown[] = [];
  server.use(
    http.get('/api/settings/llm/fallbacks', () => HttpResponse.json(saved)),
    http.get('/api/settings/llm/health', () => HttpResponse.json(health)),
    http.put('/api/settings/llm/fallbacks', async ({ request }) => {
      const body = (await request.json()) as { fallbacks: Array<{ provider: string; api_key?: string }> };
      puts.push(body);
      if (body.fallbacks.some((entry) => entry.provider === 'openai' && !entry.api_key)) {
        return HttpResponse.json(
          {
            error: 'Invalid request',
            code: 'validation',
            details: [{ field: 'body.fallbacks.0.api_key', message: 'An API key is required for OpenAI' }],
          },
          { status: 400 },
        );
      }
      return HttpResponse.json({
        fallbacks: body.fallbacks.map((entry, index) => ({
          id: `f${index}`,
          provider: entry.provider,
          model: 'claude-3-5-haiku-latest',
          base_url: null,
          has_api_key: true,
          concurrency: 4,
        })),
      });
    }),
  );
  const view = renderRoutes([{ path: '/', element: <FallbackProvidersSection /> }]);
  return { ...view, puts };
}

describe('Settings → Fallback providers (issue #16)', () => {
  it('shows each provider of the chain: cooling down until when, with its last error, or healthy', async () => {
    showSection();
    const list = await screen.findByRole('list', { name: 'Provider health' });
    const [main, fallback] = within(list).getAllByRole('listitem');
    expect(main).toHaveTextContent('Main: openai/gpt-4o-mini');
    // In the app's one date format (issue #37 point 8), the full date and time on hover.
    expect(main).toHaveTextContent(`Cooling down until ${formatDateTime(coolingUntil)}`);
    const until = within(main!).getByText(formatDateTime(coolingUntil), { selector: 'time' });
    expect(until).toHaveAttribute('dateTime', coolingUntil);
    expect(until).toHaveAttribute('title', formatFullDate(coolingUntil));
    expect(main).toHaveTextContent(
      `Last error at ${formatDateTime('2026-11-26T10:00:00.000Z')}: rate_limit: The provider is rate limiting requests (retry after 60 s)`,
    );
    expect(main).toHaveTextContent('12 answered · 3 failed since the server started');
    expect(fallback).toHaveTextContent('Fallback 1: anthropic/claude-3-5-haiku-latest');
    expect(within(fallback!).getByText('Healthy')).toBeInTheDocument();
  });

  it('adds a fallback with its key, and shows a refusal on its field', async () => {
    const { user, puts } = showSection();
    await user.click(await screen.findByRole('button', { name: 'Add fallback' }));
    const row = screen.getByRole('group', { name: 'Fallback 1' });
    await user.type(within(row).getByLabelText('API key'), 'sk-ant-secret');
    await user.click(screen.getByRole('button', { name: 'Save fallbacks' }));
    expect(await screen.findByText('Fallback providers saved')).toBeInTheDocument();
    expect(puts[0]).toEqual({
      fallbacks: [{ provider: 'anthropic', model: '', base_url: null, api_key: 'sk-ant-secret', concurrency: 4 }],
    });
    // The saved key is never shown again.
    expect(
      await within(await screen.findByRole('group', { name: 'Fallback 1' })).findByText('Saved; empty keeps it'),
    ).toBeInTheDocument();

    await user.click(
      within(screen.getByRole('group', { name: 'Fallback 1' })).getByRole('combobox', { name: 'Provider' }),
    );
    await user.click(await screen.findByRole('option', { name: 'OpenAI' }));
    await user.click(screen.getByRole('button', { name: 'Save fallbacks' }));
    expect(
      await within(screen.getByRole('group', { name: 'Fallback 1' })).findByText('An API key is required for OpenAI'),
    ).toBeInTheDocument();
  });
});
