import { AxeBuilder } from '@axe-core/playwright';
import { startWebhookReceiver } from '../apps/server/test/notifications/receivers.js';
import { apiCall, expect, login, saveScreen, test } from './support/fixtures.js';

/*
 * Issue #33 §5: Settings → Notifications, end to end. A webhook receiver started here on
 * 127.0.0.1 gets the test message the section sends; a refusing receiver's answer is shown, and
 * stays as the section's last failure. axe finds nothing in the section at 1280 and 390 px.
 */

const OFF = {
  webhook_url: null,
  smtp_host: null,
  smtp_port: null,
  smtp_security: 'starttls',
  smtp_user: null,
  smtp_from: null,
  smtp_to: [],
  events: ['review_waiting', 'publish_failed', 'budget_reached', 'site_down'],
  review_wait_hours: 24,
};

test('Settings → Notifications: save a webhook, send a test, see a failure; axe at 1280 and 390', async ({ page }) => {
  test.setTimeout(120_000);
  const receiver = await startWebhookReceiver();
  await login(page);
  try {
    await page.goto('/settings#notifications');
    const form = page.getByRole('form', { name: 'Notification settings' });
    await form.getByRole('textbox', { name: 'Webhook URL' }).fill(receiver.url);
    await form.getByRole('spinbutton', { name: 'Review wait (hours)' }).fill('12');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Notification settings saved')).toBeVisible();

    await form.getByRole('button', { name: 'Send test webhook' }).click();
    await expect(form.getByText('Sent. The webhook answered HTTP 200.')).toBeVisible();
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]!.body).toMatchObject({
      event: 'test',
      title: 'Test notification from Automated Blog Poster',
    });

    receiver.status = 500;
    await form.getByRole('button', { name: 'Send test webhook' }).click();
    await expect(form.getByText('Not sent. The webhook answered HTTP 500: receiver says no')).toBeVisible();
    await expect(
      form.getByText(/Last send that failed \(Webhook, a test, .*\): The webhook answered HTTP 500/),
    ).toBeVisible();

    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/settings#notifications');
      await expect(form.getByRole('textbox', { name: 'Webhook URL' })).toHaveValue(receiver.url);
      await page.waitForFunction(() =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
      );
      const results = await new AxeBuilder({ page }).include('#notifications').analyze();
      expect(results.violations.map((v) => `${v.id} at ${width}: ${v.nodes[0]?.html.slice(0, 100)}`)).toEqual([]);
      await saveScreen(page, `notifications-${width}`);
    }
  } finally {
    await apiCall(page, 'PUT', '/api/settings/notifications', OFF);
    await receiver.close();
  }
});
