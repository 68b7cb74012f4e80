import { notificationSettingsSchema, notificationTestResultSchema } from '@abp/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { articles, notificationDeliveries, settings, sites } from '../../src/db/schema/index.js';
import { WordPressError } from '../../src/integrations/wordpress/index.js';
import { NotificationsRepository } from '../../src/modules/notifications/notifications.repository.js';
import { NOTIFICATION_RETRY } from '../../src/modules/notifications/notifications.service.js';
import { useFakeWordPress } from '../articles/publish-helpers.js';
import { generate, manualPayload } from '../manual/manual-helpers.js';
import { createSite } from '../sites/sites-helpers.js';
import { createTestApp, type TestApp } from '../test-app.js';
import type { FakeWordPress } from '../wordpress/fake-wordpress.js';
import {
  eventually,
  type MailReceiver,
  startMailReceiver,
  startWebhookReceiver,
  type WebhookReceiver,
} from './receivers.js';

let t: TestApp;
let cookie: string;
let hook: WebhookReceiver;
let mail: MailReceiver;
let wordpress: FakeWordPress;

beforeEach(async () => {
  t = await createTestApp();
  cookie = await t.login();
  wordpress = useFakeWordPress(t);
  hook = await startWebhookReceiver();
  mail = await startMailReceiver();
});
afterEach(async () => {
  await t.close();
  await hook.close();
  await mail.close();
});

const URL = '/api/settings/notifications';

function body(overrides: Record<string, unknown> = {}) {
  return {
    webhook_url: hook.url,
    smtp_host: '127.0.0.1',
    smtp_port: mail.port,
    smtp_security: 'none',
    smtp_user: 'notify',
    smtp_password: 'mail-secret',
    smtp_from: 'poster@example.test',
    smtp_to: ['operator@example.test'],
    events: ['review_waiting', 'publish_failed', 'budget_reached', 'site_down'],
    review_wait_hours: 24,
    ...overrides,
  };
}

async function save(overrides: Record<string, unknown> = {}) {
  const res = await t.request({ method: 'PUT', url: URL, payload: body(overrides), cookie });
  expect(res.statusCode, res.body).toBe(200);
  return notificationSettingsSchema.parse(res.json());
}

/** The settings row as stored (what a database reader would see). */
const storedValue = async () =>
  (await t.ctx.handle.db.select().from(settings).where(eq(settings.key, 'notifications')))[0]!.value as Record<
    string,
    unknown
  >;
/** Writes the settings row directly (a row of an earlier version, or sealed under another APP_SECRET). */
const storeValue = (value: Record<string, unknown>) =>
  t.ctx.handle.db.update(settings).set({ value }).where(eq(settings.key, 'notifications'));
/** POST …/{channel}/test: what happened. */
const sendTest = async (channel: 'webhook' | 'email') =>
  notificationTestResultSchema.parse(
    (await t.request({ method: 'POST', url: `${URL}/${channel}/test`, cookie })).json(),
  );

const webhookEvents = (event: string) => hook.received.filter((r) => r.body.event === event);
const mailsAbout = (subject: string) => mail.mails.filter((m) => m.raw.includes(`Subject: ${subject}`));

describe('Settings → Notifications API', () => {
  it('answers 401 without a session', async () => {
    for (const [method, url] of [
      ['GET', URL],
      ['PUT', URL],
      ['POST', `${URL}/webhook/test`],
      ['POST', `${URL}/email/test`],
    ] as const) {
      const res = await t.request({ method, url, ...(method === 'PUT' ? { payload: body() } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('answers 400 naming the field and the reason', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ webhook_url: 'ftp://127.0.0.1/hook' }, 'webhook_url'],
      [{ webhook_url: 'http://user:pw@127.0.0.1/hook' }, 'webhook_url'],
      [{ smtp_port: 70000 }, 'smtp_port'],
      [{ smtp_security: 'ssl3' }, 'smtp_security'],
      [{ smtp_to: [] }, 'smtp_to'],
      [{ smtp_to: ['not-an-address'] }, 'smtp_to.0'],
      [{ smtp_from: null }, 'smtp_from'],
      [{ events: ['site_on_fire'] }, 'events.0'],
      [{ review_wait_hours: 0 }, 'review_wait_hours'],
    ];
    for (const [overrides, field] of cases) {
      const res = await t.request({ method: 'PUT', url: URL, payload: body(overrides), cookie });
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      const fields = (res.json() as { details: { field: string; message: string }[] }).details;
      expect(
        fields.map((f) => f.field.replace(/^body\./, '')),
        JSON.stringify(overrides),
      ).toContain(field);
    }
    const unknown = await t.request({ method: 'POST', url: `${URL}/pigeon/test`, cookie });
    expect(unknown.statusCode).toBe(400);
  });

  it('saves the settings, seals the SMTP password and never returns it', async () => {
    const before = notificationSettingsSchema.parse((await t.request({ method: 'GET', url: URL, cookie })).json());
    expect(before).toMatchObject({ webhook_url: null, smtp_host: null, has_smtp_password: false, saved_at: null });

    const res = await t.request({ method: 'PUT', url: URL, payload: body(), cookie });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('mail-secret');
    expect(res.json()).toMatchObject({ webhook_url: hook.url, smtp_port: mail.port, has_smtp_password: true });
    const got = await t.request({ method: 'GET', url: URL, cookie });
    expect(got.body).not.toContain('mail-secret');
    const [row] = await t.ctx.handle.db.select().from(settings).where(eq(settings.key, 'notifications'));
    expect(JSON.stringify(row!.value)).not.toContain('mail-secret');

    // A blank password keeps the stored one; clear_smtp_password removes it.
    expect((await save({ smtp_password: '' })).has_smtp_password).toBe(true);
    // …but only for the server and user it was entered for: another host must have it typed again.
    const moved = await t.request({
      method: 'PUT',
      url: URL,
      payload: body({ smtp_host: 'mail.elsewhere.test', smtp_password: '' }),
      cookie,
    });
    expect(moved.statusCode, moved.body).toBe(400);
    expect(moved.json().details[0]).toMatchObject({ field: 'smtp_password' });
    expect((await save({ smtp_password: undefined, clear_smtp_password: true })).has_smtp_password).toBe(false);
  });

  it('sends a test on each channel to the local receivers and says what happened', async () => {
    await save();
    const webhook = notificationTestResultSchema.parse(
      (await t.request({ method: 'POST', url: `${URL}/webhook/test`, cookie })).json(),
    );
    expect(webhook).toMatchObject({ channel: 'webhook', ok: true });
    expect(hook.received).toHaveLength(1);
    const sent = hook.received[0]!;
    expect(sent.headers['content-type']).toBe('application/json');
    expect(sent.body).toMatchObject({ event: 'test', title: 'Test notification from Automated Blog Poster' });
    // Slack reads `text`, Discord `content`.
    expect(sent.body.text).toContain('Test notification from Automated Blog Poster');
    expect(sent.body.content).toBe(sent.body.text);

    const email = notificationTestResultSchema.parse(
      (await t.request({ method: 'POST', url: `${URL}/email/test`, cookie })).json(),
    );
    expect(email).toMatchObject({ channel: 'email', ok: true });
    expect(email.message).toContain('operator@example.test');
    expect(mail.mails).toHaveLength(1);
    expect(mail.mails[0]).toMatchObject({ from: 'poster@example.test', to: ['operator@example.test'], user: 'notify' });
    expect(mail.mails[0]!.raw).toContain('Subject: Test notification from Automated Blog Poster');
    expect(mail.mails[0]!.raw).toContain('If you read it, they work.');
  });

  it('answers a failed test with the reason and shows it as the last failure', async () => {
    hook.status = 500;
    await save({ smtp_password: 'wrong-secret' });
    const webhook = notificationTestResultSchema.parse(
      (await t.request({ method: 'POST', url: `${URL}/webhook/test`, cookie })).json(),
    );
    expect(webhook).toEqual({
      channel: 'webhook',
      ok: false,
      message: 'Not sent. The webhook answered HTTP 500: receiver says no',
    });
    const email = notificationTestResultSchema.parse(
      (await t.request({ method: 'POST', url: `${URL}/email/test`, cookie })).json(),
    );
    expect(email.ok).toBe(false);
    expect(email.message).toContain('refused the login');
    const shown = notificationSettingsSchema.parse((await t.request({ method: 'GET', url: URL, cookie })).json());
    expect(shown.last_failure).toMatchObject({ channel: 'email', kind: 'test' });
    expect(shown.last_failure!.error).toContain('refused the login');
  });

  it('with STARTTLS chosen, sends nothing (no login in the clear) to a server that does not offer it', async () => {
    await save({ smtp_security: 'starttls' });
    const email = notificationTestResultSchema.parse(
      (await t.request({ method: 'POST', url: `${URL}/email/test`, cookie })).json(),
    );
    expect(email.ok).toBe(false);
    expect(email.message).toMatch(/STARTTLS/i);
    expect(mail.mails).toHaveLength(0);
  });

  it('seals the webhook URL (a credential of its own): the stored row never holds it, the operator still sees it', async () => {
    const secretHook = `${hook.url}?token=hook-secret-T0K3N`;
    expect((await save({ webhook_url: secretHook })).webhook_url).toBe(secretHook);
    expect(JSON.stringify(await storedValue())).not.toContain('hook-secret-T0K3N');
    const shown = notificationSettingsSchema.parse((await t.request({ method: 'GET', url: URL, cookie })).json());
    expect(shown.webhook_url).toBe(secretHook);
    const sent = await sendTest('webhook');
    expect(sent.ok).toBe(true);
    expect(hook.received).toHaveLength(1);
    // Cleared: no webhook, nothing sealed left.
    expect((await save({ webhook_url: null })).webhook_url).toBeNull();
    expect(await storedValue()).toMatchObject({ webhookUrlSealed: null, webhookUrl: null });
  });

  it('seals a webhook URL an earlier version stored plain, the first time the settings are read, and sends to it', async () => {
    await save();
    const { webhookUrlSealed: _sealed, ...rest } = await storedValue();
    await storeValue({ ...rest, webhookUrl: `${hook.url}?token=old-plain-T0K3N` });

    const shown = notificationSettingsSchema.parse((await t.request({ method: 'GET', url: URL, cookie })).json());
    expect(shown.webhook_url).toBe(`${hook.url}?token=old-plain-T0K3N`);
    expect(JSON.stringify(await storedValue())).not.toContain('old-plain-T0K3N');
    const sent = await sendTest('webhook');
    expect(sent.ok).toBe(true);
    expect(hook.received[0]!.url).toContain('old-plain-T0K3N');
  });

  it('says so when the stored webhook URL cannot be read (another APP_SECRET), sends nothing and asks for it again', async () => {
    await save();
    await storeValue({ ...(await storedValue()), webhookUrlSealed: 'v1:AAAA:BBBB:CCCC' });
    const webhook = await sendTest('webhook');
    expect(webhook).toMatchObject({ ok: false });
    expect(webhook.message).toContain('webhook URL cannot be read');
    expect(hook.received).toHaveLength(0);
    const shown = notificationSettingsSchema.parse((await t.request({ method: 'GET', url: URL, cookie })).json());
    expect(shown.webhook_url).toBeNull();
  });

  it('says so when the stored SMTP password cannot be read (another APP_SECRET), and sends nothing', async () => {
    await save();
    await storeValue({ ...(await storedValue()), smtpPasswordSealed: 'v1:AAAA:BBBB:CCCC' });
    const email = await sendTest('email');
    expect(email).toMatchObject({ ok: false });
    expect(email.message).toContain('cannot be read');
    expect(mail.mails).toHaveLength(0);
  });

  it('answers 409 for a test of a channel that is not set up', async () => {
    await save({ webhook_url: null, smtp_host: null });
    for (const channel of ['webhook', 'email']) {
      const res = await t.request({ method: 'POST', url: `${URL}/${channel}/test`, cookie });
      expect(res.statusCode).toBe(409);
    }
  });
});

describe('notification events', () => {
  it('notifies an article waiting for review longer than N hours once, on both channels', async () => {
    await save({ review_wait_hours: 24 });
    const site = await createSite(t, cookie, { name: 'Garden Blog' });
    const { db } = t.ctx.handle;
    const since = new Date(Date.now() - 30 * 3600_000);
    const [old] = await db
      .insert(articles)
      .values({ siteId: site.id, title: 'Mulch in winter', reviewReason: 'held', reviewSince: since })
      .returning({ id: articles.id });
    // Waiting for less than the hours: not yet.
    await db
      .insert(articles)
      .values({ siteId: site.id, title: 'Fresh one', reviewReason: 'held', reviewSince: new Date() });

    const first = await t.services.notifications.check();
    expect(first).toMatchObject({ recorded: 2, sent: 2, failed: 0 });
    const [message] = webhookEvents('review_waiting');
    expect(message!.body).toMatchObject({ title: 'Waiting for review for 30 h: Mulch in winter' });
    expect(message!.body.fields).toMatchObject({ article_id: old!.id, site: 'Garden Blog', reason: 'held' });
    expect(message!.body.text).toContain('Review inbox');
    expect(mailsAbout('Waiting for review for 30 h: Mulch in winter')).toHaveLength(1);

    // The next check sends nothing again: the record is in the database, where a restart finds it too.
    expect(await t.services.notifications.check()).toMatchObject({ recorded: 0, sent: 0 });
    expect(webhookEvents('review_waiting')).toHaveLength(1);
    expect(mail.mails).toHaveLength(1);

    // Those notified already are not read again: a newer wait is found even while older ones (more
    // than a check reads at a time) still wait.
    const [newer] = await db
      .insert(articles)
      .values({
        siteId: site.id,
        title: 'Second wait',
        reviewReason: 'held',
        reviewSince: new Date(Date.now() - 26 * 3600_000),
      })
      .returning({ id: articles.id });
    const unread = await new NotificationsRepository(db).waitingSince(new Date(Date.now() - 24 * 3600_000), 1);
    expect(unread.map((row) => row.id)).toEqual([newer!.id]);
    await db.update(articles).set({ reviewReason: null, reviewSince: null }).where(eq(articles.id, newer!.id));
  });

  it('notifies a reached budget once a month', async () => {
    await save({ smtp_host: null });
    const res = await t.request({
      method: 'PUT',
      url: '/api/settings/budgets',
      payload: { monthly_usd: 0, sites: [] },
      cookie,
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.services.notifications.check();
    await t.services.notifications.check();
    const sent = webhookEvents('budget_reached');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body.title).toContain('Budget reached');
    expect(sent[0]!.body.message).toContain('is reached');
  });

  it('notifies a site down once while it is down, and again after it was up', async () => {
    await save({ smtp_host: null });
    const site = await createSite(t, cookie, { name: 'Kitchen Blog' });
    await t.services.notifications.check();
    expect(webhookEvents('site_down')).toHaveLength(0);

    const reject = (at: Date | null) =>
      t.ctx.handle.db
        .update(sites)
        .set({ credentialsRejectedAt: at, credentialsRejectedReason: at ? 'HTTP 401' : null })
        .where(eq(sites.id, site.id));
    await reject(new Date());
    await t.services.notifications.check();
    await t.services.notifications.check();
    expect(webhookEvents('site_down')).toHaveLength(1);
    expect(webhookEvents('site_down')[0]!.body.message).toContain('rejects its credentials (HTTP 401)');

    await reject(null);
    await t.services.notifications.check();
    await reject(new Date());
    await t.services.notifications.check();
    expect(webhookEvents('site_down')).toHaveLength(2);
  });

  it('notifies a site that does not answer', async () => {
    await save({ smtp_host: null });
    await createSite(t, cookie, { name: 'Silent Blog' });
    wordpress.failAlways('discover', new WordPressError('network', { message: 'connect ECONNREFUSED 127.0.0.1:9' }));
    await t.services.notifications.check();
    const sent = webhookEvents('site_down');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body.message).toContain('does not answer');
  });

  it('notifies a publish that failed for good (the pipeline final failure), once', async () => {
    await save();
    const site = await createSite(t, cookie, { name: 'Garden Blog' });
    wordpress.failAlways(
      'posts.create',
      new WordPressError('missing_capability', {
        message: 'Sorry, you are not allowed to publish posts as this user.',
        status: 403,
        wpCode: 'rest_cannot_publish',
      }),
    );
    const res = await generate(
      t,
      cookie,
      manualPayload(site.id, 'Mulching strategies', { publishStatus: 'publish', includeImages: false }),
    );
    expect(res.statusCode).toBe(200);
    await eventually(
      () => webhookEvents('publish_failed').length === 1 && mailsAbout('Publishing failed').length === 1,
    );
    const [sent] = webhookEvents('publish_failed');
    expect(sent!.body.fields).toMatchObject({ site: 'Garden Blog', topic: 'Mulching strategies' });
    expect(String(sent!.body.message)).toContain('not allowed to publish posts');
    await t.services.notifications.check();
    expect(webhookEvents('publish_failed')).toHaveLength(1);
  });

  it('records a failing endpoint and retries it within bounds, then gives up', async () => {
    await save({ smtp_host: null });
    hook.status = 503;
    await t.request({ method: 'PUT', url: '/api/settings/budgets', payload: { monthly_usd: 0, sites: [] }, cookie });
    expect(await t.services.notifications.check()).toMatchObject({ recorded: 1, sent: 0, failed: 1 });
    const { db } = t.ctx.handle;
    const due = () => db.update(notificationDeliveries).set({ nextAttemptAt: sql`now() - interval '1 second'` });
    let [row] = await db.select().from(notificationDeliveries);
    expect(row).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'The webhook answered HTTP 503: receiver says no',
    });
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() - 1000);
    const shown = notificationSettingsSchema.parse((await t.request({ method: 'GET', url: URL, cookie })).json());
    expect(shown.last_failure).toMatchObject({ channel: 'webhook', kind: 'budget_reached', gave_up: false });

    // Not due yet: the next check does not send it again.
    await t.services.notifications.flush();
    expect(hook.received).toHaveLength(1);
    for (let attempt = 2; attempt <= NOTIFICATION_RETRY.maxAttempts + 2; attempt++) {
      await due();
      await t.services.notifications.flush();
    }
    expect(hook.received).toHaveLength(NOTIFICATION_RETRY.maxAttempts);
    [row] = await db.select().from(notificationDeliveries);
    expect(row).toMatchObject({ status: 'failed', attempts: NOTIFICATION_RETRY.maxAttempts });
    const gaveUp = notificationSettingsSchema.parse((await t.request({ method: 'GET', url: URL, cookie })).json());
    expect(gaveUp.last_failure).toMatchObject({ gave_up: true });
  });

  it('a check made while another runs answers with what went out there (the scheduled check beside this one)', async () => {
    await save({ smtp_host: null });
    hook.status = 503;
    await t.request({ method: 'PUT', url: '/api/settings/budgets', payload: { monthly_usd: 0, sites: [] }, cookie });
    hook.delayMs = 500;
    const first = t.services.notifications.check();
    // The first check's send is in flight (the receiver holds its answer) when the second comes.
    await expect.poll(() => hook.received.length).toBe(1);
    const second = await t.services.notifications.check();
    // It joined that send and says what came of it, rather than "nothing failed".
    expect(second).toEqual({ recorded: 0, sent: 0, failed: 1 });
    expect(await first).toEqual({ recorded: 1, sent: 0, failed: 1 });
    expect(hook.received).toHaveLength(1);
  });

  it('does not retry a refusal that will not pass (a 4xx)', async () => {
    await save({ smtp_host: null });
    hook.status = 404;
    await t.request({ method: 'PUT', url: '/api/settings/budgets', payload: { monthly_usd: 0, sites: [] }, cookie });
    await t.services.notifications.check();
    await t.ctx.handle.db.update(notificationDeliveries).set({ nextAttemptAt: sql`now() - interval '1 second'` });
    await t.services.notifications.flush();
    expect(hook.received).toHaveLength(1);
    const [row] = await t.ctx.handle.db.select().from(notificationDeliveries);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('sends nothing for an event switched off, and nothing when no channel is set up', async () => {
    await save({ events: ['publish_failed'] });
    await t.request({ method: 'PUT', url: '/api/settings/budgets', payload: { monthly_usd: 0, sites: [] }, cookie });
    expect(await t.services.notifications.check()).toMatchObject({ recorded: 0 });
    await save({ webhook_url: null, smtp_host: null });
    expect(await t.services.notifications.check()).toMatchObject({ recorded: 0 });
    expect(hook.received).toHaveLength(0);
    expect(mail.mails).toHaveLength(0);
  });
});
