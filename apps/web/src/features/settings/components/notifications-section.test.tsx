import type { NotificationSettings } from '@abp/contracts';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../../test/msw-server';
import { renderRoutes } from '../../../test/render-app';
import { NotificationsSection } from './notifications-section';

const EMPTY: NotificationSettings = {
  webhook_url: null,
  smtp_host: null,
  smtp_port: null,
  smtp_security: 'starttls',
  smtp_user: null,
  has_smtp_password: false,
  smtp_from: null,
  smtp_to: [],
  events: ['review_waiting', 'publish_failed', 'budget_reached', 'site_down'],
  review_wait_hours: 24,
  last_failure: null,
  saved_at: null,
};

function showSection(initial: NotificationSettings = EMPTY) {
  const puts: Record<string, unknown>[] = [];
  const tests: string[] = [];
  let current = initial;
  server.use(
    http.get('/api/settings/notifications', () => HttpResponse.json(current)),
    http.put('/api/settings/notifications', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      puts.push(body);
      current = {
        ...current,
        webhook_url: body.webhook_url as string | null,
        smtp_host: body.smtp_host as string | null,
        smtp_from: body.smtp_from as string | null,
        smtp_to: body.smtp_to as string[],
        has_smtp_password: Boolean(body.smtp_password) || current.has_smtp_password,
        events: body.events as NotificationSettings['events'],
        review_wait_hours: body.review_wait_hours as number,
        saved_at: '2026-11-27T10:00:00.000Z',
      };
      return HttpResponse.json(current);
    }),
    http.post('/api/settings/notifications/:channel/test', ({ params }) => {
      tests.push(String(params.channel));
      current = {
        ...current,
        last_failure: {
          channel: 'webhook',
          kind: 'test',
          error: 'The webhook answered HTTP 404',
          at: '2026-11-27T10:05:00.000Z',
          gave_up: true,
        },
      };
      return HttpResponse.json({
        channel: params.channel,
        ok: false,
        message: 'Not sent. The webhook answered HTTP 404',
      });
    }),
  );
  const view = renderRoutes([{ path: '/', element: <NotificationsSection /> }]);
  return { ...view, puts, tests };
}

describe('Settings → Notifications', () => {
  it('saves a webhook and e-mail with the events, and never shows the password', async () => {
    const { user, puts } = showSection();
    await user.type(await screen.findByRole('textbox', { name: 'Webhook URL' }), 'http://127.0.0.1:9000/hook');
    await user.type(screen.getByRole('textbox', { name: 'SMTP host' }), 'mail.example.test');
    await user.type(screen.getByLabelText('SMTP password'), 'secret-1');
    await user.type(screen.getByRole('textbox', { name: 'From' }), 'poster@example.test');
    await user.type(screen.getByRole('textbox', { name: 'To' }), 'a@example.test, b@example.test');
    await user.click(screen.getByRole('checkbox', { name: /A monthly budget is reached/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({
      webhook_url: 'http://127.0.0.1:9000/hook',
      smtp_host: 'mail.example.test',
      smtp_port: null,
      smtp_security: 'starttls',
      smtp_password: 'secret-1',
      smtp_from: 'poster@example.test',
      smtp_to: ['a@example.test', 'b@example.test'],
      events: ['review_waiting', 'publish_failed', 'site_down'],
      review_wait_hours: 24,
    });
    expect(await screen.findByText('A password is stored; empty keeps it')).toBeInTheDocument();
    expect(screen.getByLabelText('SMTP password')).toHaveValue('');
  });

  it('names the field the contract refuses, and sends nothing', async () => {
    const { user, puts } = showSection();
    await user.type(await screen.findByRole('textbox', { name: 'Webhook URL' }), 'ftp://example.test/hook');
    await user.type(screen.getByRole('textbox', { name: 'SMTP host' }), 'mail.example.test');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('must be an http or https address without a user name or password'),
    ).toBeInTheDocument();
    expect(await screen.findByText('is required to send e-mail')).toBeInTheDocument();
    expect(puts).toHaveLength(0);
  });

  it('sends a test with the saved settings and shows its outcome and the last failure', async () => {
    const { user, tests } = showSection({
      ...EMPTY,
      webhook_url: 'http://127.0.0.1:9000/hook',
      saved_at: '2026-11-27T09:00:00.000Z',
    });
    expect(await screen.findByRole('button', { name: 'Send test e-mail' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Send test webhook' }));
    expect(await screen.findByText('Not sent. The webhook answered HTTP 404')).toBeInTheDocument();
    expect(tests).toEqual(['webhook']);
    expect(await screen.findByText(/Last send that failed \(Webhook, a test,/)).toBeInTheDocument();
  });
});
