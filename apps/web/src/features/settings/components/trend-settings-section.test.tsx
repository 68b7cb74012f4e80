import type { TrendSettings } from '@abp/contracts';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { llmSettings } from '../../../test/llm-settings';
import { server } from '../../../test/msw-server';
import { renderRoutes } from '../../../test/render-app';
import { TrendSettingsSection } from './trend-settings-section';

const ENV: TrendSettings = {
  feeds: ['https://trends.google.com/trending/rss?geo=US'],
  feeds_default: true,
  geo: 'US',
  interval_hours: 4,
  sources: { feeds: 'environment', geo: 'environment', interval_hours: 'environment' },
  saved_at: null,
  live_sites: [],
};

function showSection(initial: TrendSettings = ENV) {
  const puts: unknown[] = [];
  let current = initial;
  server.use(
    http.get('/api/settings/trends', () => HttpResponse.json(current)),
    http.put('/api/settings/trends', async ({ request }) => {
      const body = (await request.json()) as {
        feeds: string[] | null;
        geo: string | null;
        interval_hours: number | null;
      };
      puts.push(body);
      if (body.feeds?.some((f) => f.includes('blocked'))) {
        return HttpResponse.json(
          {
            error: 'Invalid request: body.feeds.0: Feed URL must be an http:// or https:// address',
            code: 'validation',
            details: [{ field: 'body.feeds.0', message: 'Feed URL must be an http:// or https:// address' }],
          },
          { status: 400 },
        );
      }
      current = {
        feeds: body.feeds ?? ENV.feeds,
        feeds_default: body.feeds === null,
        geo: body.geo ?? 'US',
        interval_hours: body.interval_hours ?? 4,
        sources: {
          feeds: body.feeds ? 'saved' : 'environment',
          geo: body.geo ? 'saved' : 'environment',
          interval_hours: body.interval_hours === null ? 'environment' : 'saved',
        },
        saved_at: '2026-11-22T10:00:00.000Z',
        live_sites: initial.live_sites,
      };
      return HttpResponse.json(current);
    }),
    http.delete('/api/settings/trends', () => {
      current = ENV;
      return HttpResponse.json(current);
    }),
  );
  const view = renderRoutes([{ path: '/', element: <TrendSettingsSection /> }]);
  return { ...view, puts };
}

describe('Settings → Trends', () => {
  it('shows what the monitor reads now, from the environment, with empty fields', async () => {
    showSection();
    expect(
      await screen.findByText(
        'Reading now (from the environment): https://trends.google.com/trending/rss?geo=US. Scheduled checks: every 4 h.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Feeds' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Country' })).toHaveAttribute('placeholder', 'US');
  });

  it('warns that scheduled checks would publish demo text live while the offline writer is the provider (issue #18)', async () => {
    server.use(http.get('/api/settings/llm', () => HttpResponse.json(llmSettings())));
    const { user } = showSection({ ...ENV, live_sites: ['Garden Blog', 'Kitchen'] });
    const warning = await screen.findByText(
      /^Trend articles for Garden Blog, Kitchen go live as demonstration text: the offline writer is the provider/,
    );
    expect(warning.closest('[role="alert"]')).toHaveTextContent(
      'Set a real provider in Settings, or publish as drafts.',
    );
    // Scheduled checks turned off: nothing is published without the operator asking.
    await user.type(screen.getByRole('spinbutton', { name: 'Check interval (hours)' }), '0');
    await waitFor(() => expect(screen.queryByText(/go live as demonstration text/)).not.toBeInTheDocument());
  });

  it('saves feeds (one per line), the country and the interval; empty fields stay on the environment', async () => {
    const { user, puts } = showSection();
    await user.type(
      await screen.findByRole('textbox', { name: 'Feeds' }),
      'https://a.example/rss{enter}https://b.example/atom',
    );
    await user.type(screen.getByRole('textbox', { name: 'Country' }), 'gb');
    await user.type(screen.getByRole('spinbutton', { name: 'Check interval (hours)' }), '0');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Trend settings saved')).toBeInTheDocument();
    expect(puts).toEqual([
      { feeds: ['https://a.example/rss', 'https://b.example/atom'], geo: 'gb', interval_hours: 0 },
    ]);
    expect(
      await screen.findByText(
        'Reading now (saved in the app): https://a.example/rss, https://b.example/atom. Scheduled checks: off.',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset to environment' }));
    expect(await screen.findByText('Trend settings reset to the environment')).toBeInTheDocument();
  });

  it('checks the fields before sending, with the contract’s messages', async () => {
    const { user, puts } = showSection();
    await user.type(await screen.findByRole('textbox', { name: 'Feeds' }), 'ftp://x.example/feed');
    await user.type(screen.getByRole('textbox', { name: 'Country' }), 'u1');
    await user.type(screen.getByRole('spinbutton', { name: 'Check interval (hours)' }), '500');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Feed URL must be an http:// or https:// address')).toBeInTheDocument();
    expect(screen.getByText('Country must be a two-letter code such as US or GB')).toBeInTheDocument();
    expect(screen.getByText('Interval must be at most 168 hours')).toBeInTheDocument();
    expect(puts).toEqual([]);
  });

  it('shows the server’s field problem under the field', async () => {
    const { user } = showSection();
    await user.type(await screen.findByRole('textbox', { name: 'Feeds' }), 'https://blocked.example/rss');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByText('Feed URL must be an http:// or https:// address')).toBeInTheDocument(),
    );
    // The toast says it in words too, without the request path (issue #17 item 19).
    expect(
      await screen.findByText('Failed to save trend settings: Feed URL must be an http:// or https:// address'),
    ).toBeInTheDocument();
  });
});
