import {
  NOTIFICATION_EVENT_LABELS,
  type NotificationChannel,
  type NotificationEvent,
  type NotificationSettings,
  type NotificationSettingsUpdate,
  type NotificationTestResult,
} from '@abp/contracts';
import { badRequest, conflict } from '../../errors.js';
import type { NotificationMessage, NotificationSender } from '../../integrations/notifications/notification-message.js';
import { NotificationSendError } from '../../integrations/notifications/notification-message.js';
import { defaultSmtpPort, SmtpSender } from '../../integrations/notifications/smtp-sender.js';
import { WebhookSender } from '../../integrations/notifications/webhook-sender.js';
import type { JobDefinition } from '../../jobs/queue.js';
import { nextRetryDelayMs, type RetryPolicy } from '../../lib/backoff.js';
import type { SecretBox } from '../../lib/secret-box.js';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  NOTIFICATIONS_SETTINGS_KEY,
  type SettingsRows,
  type StoredNotificationSettings,
  storedNotificationSettingsSchema,
} from './notification-settings.js';
import type { DeliveryChannel, NotificationEventRecord, NotificationsRepository } from './notifications.repository.js';

/** Every five minutes: review waits, sites down, budgets reached; and the sends due again. */
export const NOTIFICATIONS_CHECK_CRON = '*/5 * * * *';

/**
 * The one retry policy (lib/backoff.ts, full jitter) applied across checks: a failed send is tried
 * again after random(0, min(1 h, 2 min · 2^(n-1))), at the first check after that, five tries in
 * all; a receiver's Retry-After is honoured up to 6 h. A permanent refusal (a 4xx, a refused
 * login, an address the outbound rule refuses) is not tried again.
 */
export const NOTIFICATION_RETRY: Omit<RetryPolicy, 'random' | 'sleep'> = {
  maxAttempts: 5,
  baseDelayMs: 2 * 60_000,
  maxDelayMs: 60 * 60_000,
  maxRetryAfterMs: 6 * 60 * 60_000,
};

/** What the other modules tell this one, through closures handed over by container.ts. */
export interface NotificationSources {
  /** Why the site does not answer (its REST API was not found), or null when it does. */
  siteProblem(siteId: number): Promise<string | null>;
  /** The monthly budgets reached (not overridden) this month. */
  reachedBudgets(): Promise<{ siteId: number | null; name: string; message: string; monthStart: string }[]>;
}

/** A unit of the article pipeline that failed for good at its publish stage. */
export interface FailedPublish {
  originKey: string;
  articleId: number | null;
  siteId: number | null;
  topic: string;
  error: string;
}

export interface NotificationsLog {
  warn(obj: unknown, msg: string): void;
  error(obj: unknown, msg: string): void;
}

export interface NotificationsOptions {
  log: NotificationsLog;
  now?: () => Date;
  random?: () => number;
  /** Tests only: the channel's sender for a configuration (default: the real webhook and SMTP senders). */
  senderFor?: (
    channel: DeliveryChannel,
    settings: StoredNotificationSettings,
    password: string | null,
  ) => NotificationSender;
}

/**
 * Notifications (issue #33 §5): each event is recorded once per channel (notification_deliveries,
 * unique per event and channel), then sent; a failed send is logged, shown in Settings and tried
 * again within NOTIFICATION_RETRY. Nothing here throws into the job or the pipeline that called it.
 */
export class NotificationsService {
  #flushing: Promise<{ sent: number; failed: number }> | null = null;
  #again = false;
  readonly #now: () => Date;
  readonly #random: () => number;

  constructor(
    private readonly repo: NotificationsRepository,
    private readonly rows: SettingsRows,
    private readonly secretBox: SecretBox,
    private readonly sources: NotificationSources,
    private readonly options: NotificationsOptions,
  ) {
    this.#now = options.now ?? (() => new Date());
    this.#random = options.random ?? Math.random;
  }

  async get(): Promise<NotificationSettings> {
    const { settings, savedAt } = await this.load();
    const failures = await this.repo.latestFailures();
    const latest = failures.sort((a, b) => b.at.getTime() - a.at.getTime())[0];
    return {
      // Shown to the operator who entered it (the form edits it); never logged, never stored plain.
      webhook_url: this.readableWebhookUrl(settings),
      smtp_host: settings.smtpHost,
      smtp_port: settings.smtpPort,
      smtp_security: settings.smtpSecurity,
      smtp_user: settings.smtpUser,
      has_smtp_password: settings.smtpPasswordSealed !== null,
      smtp_from: settings.smtpFrom,
      smtp_to: settings.smtpTo,
      events: settings.events,
      review_wait_hours: settings.reviewWaitHours,
      last_failure: latest
        ? {
            channel: latest.channel,
            kind: latest.kind,
            error: latest.error,
            at: latest.at.toISOString(),
            gave_up: latest.gaveUp,
          }
        : null,
      saved_at: savedAt?.toISOString() ?? null,
    };
  }

  async update(input: NotificationSettingsUpdate): Promise<NotificationSettings> {
    const { settings: current } = await this.load();
    const typed = input.smtp_password?.trim() ? input.smtp_password : null;
    // The stored password goes only to the server and user it was entered for (DESIGN.md §7, as a
    // site's): another host, port or user needs it typed again (or cleared).
    const elsewhere =
      (input.smtp_host || null) !== current.smtpHost ||
      input.smtp_port !== current.smtpPort ||
      (input.smtp_user || null) !== current.smtpUser;
    if (current.smtpPasswordSealed !== null && typed === null && !input.clear_smtp_password && elsewhere)
      throw badRequest(
        'smtp_password',
        'must be entered again: the SMTP server or user changed, and the stored password is only sent where it was entered',
      );
    const sealed = input.clear_smtp_password
      ? null
      : typed !== null
        ? this.secretBox.encrypt(typed)
        : current.smtpPasswordSealed;
    const next: StoredNotificationSettings = {
      webhookUrlSealed: input.webhook_url ? this.secretBox.encrypt(input.webhook_url) : null,
      webhookUrl: null,
      smtpHost: input.smtp_host || null,
      smtpPort: input.smtp_port,
      smtpSecurity: input.smtp_security,
      smtpUser: input.smtp_user || null,
      smtpPasswordSealed: sealed,
      smtpFrom: input.smtp_from || null,
      smtpTo: input.smtp_to,
      events: [...new Set(input.events)],
      reviewWaitHours: input.review_wait_hours,
    };
    await this.rows.put(NOTIFICATIONS_SETTINGS_KEY, next);
    return this.get();
  }

  /** Sends a test message on one channel now (no retry) and says what happened. */
  async test(channel: NotificationChannel): Promise<NotificationTestResult> {
    const { settings } = await this.load();
    if (!this.channels(settings).includes(channel))
      throw conflict(
        channel === 'webhook'
          ? 'No webhook URL is saved: save one first, then send a test.'
          : 'No mail server is saved: save the SMTP host, sender and recipients first, then send a test.',
      );
    const at = this.#now();
    const message: NotificationMessage = {
      event: 'test',
      title: 'Test notification from Automated Blog Poster',
      text: `This is a test of the ${channel === 'webhook' ? 'webhook' : 'e-mail'} notifications. If you read it, they work.`,
      fields: { channel },
      link: null,
      at: at.toISOString(),
    };
    try {
      const { detail } = await this.sender(channel, settings).send(message);
      await this.repo.recordTest(channel, message, at, null);
      return { channel, ok: true, message: `Sent. ${detail}.` };
    } catch (error) {
      const reason = describe(error);
      this.options.log.warn({ channel, err: error }, 'a test notification was not sent');
      await this.repo.recordTest(channel, message, at, reason);
      return { channel, ok: false, message: `Not sent. ${reason}` };
    }
  }

  /** Called by the article pipeline when a unit failed for good at its publish stage. Never throws. */
  async publishFailed(failure: FailedPublish): Promise<void> {
    try {
      const siteName = failure.siteId === null ? null : await this.repo.siteName(failure.siteId);
      const what =
        failure.articleId === null ? `"${failure.topic}"` : `Article #${failure.articleId} ("${failure.topic}")`;
      await this.recordEvents('publish_failed', [
        {
          key: `publish_failed:${failure.originKey}:${failure.articleId ?? 'none'}`,
          kind: 'publish_failed',
          message: this.message(
            'publish_failed',
            `Publishing failed: ${failure.topic}`,
            `${what} could not be published${siteName ? ` to ${siteName}` : ''} and will not be tried again: ${failure.error}`,
            {
              site: siteName,
              site_id: failure.siteId,
              article_id: failure.articleId,
              topic: failure.topic,
              reason: failure.error,
            },
          ),
        },
      ]);
      this.flushSoon();
    } catch (error) {
      this.options.log.error(
        { err: error, originKey: failure.originKey },
        'a publish failure was not recorded for notification',
      );
    }
  }

  /** The periodic check (job notifications.check): records new events, then sends what is due. */
  async check(): Promise<{ recorded: number; sent: number; failed: number }> {
    const { settings } = await this.load();
    let recorded = 0;
    if (this.channels(settings).length > 0) {
      for (const [event, find] of [
        ['review_waiting', () => this.reviewEvents(settings)],
        ['site_down', () => this.siteEvents()],
        ['budget_reached', () => this.budgetEvents()],
      ] as const) {
        if (!settings.events.includes(event)) continue;
        try {
          recorded += await this.recordEvents(event, await find(), settings);
        } catch (error) {
          this.options.log.error({ err: error, event }, 'a notification check failed');
        }
      }
    }
    return { recorded, ...(await this.flush()) };
  }

  /**
   * Sends the deliveries due now; one flush at a time in this process. A call made while one runs
   * (the scheduled check's, a publish failure's) has that one go round again for what is new, and
   * answers with what that run sent and failed: its deliveries went out there.
   */
  async flush(): Promise<{ sent: number; failed: number }> {
    const outcome = { sent: 0, failed: 0 };
    if (this.#flushing) {
      this.#again = true;
      return this.#flushing;
    }
    const run = (async () => {
      do {
        this.#again = false;
        const { settings } = await this.load();
        for (const delivery of await this.repo.claimDue(this.#now())) {
          if (!this.channels(settings).includes(delivery.channel)) {
            await this.repo.markDropped(delivery.id);
            continue;
          }
          try {
            await this.sender(delivery.channel, settings).send(delivery.message);
            await this.repo.markSent(delivery.id, this.#now());
            outcome.sent++;
          } catch (error) {
            const at = this.#now();
            const failure =
              error instanceof NotificationSendError ? error : new NotificationSendError(describe(error), true);
            const delay = nextRetryDelayMs(
              { ...NOTIFICATION_RETRY, random: this.#random, sleep: async () => undefined },
              failure,
              delivery.attempts + 1,
            );
            const retryAt = delay === null ? null : new Date(at.getTime() + delay);
            await this.repo.markFailed(delivery.id, at, failure.message, retryAt);
            outcome.failed++;
            this.options.log.warn(
              {
                channel: delivery.channel,
                event: delivery.eventKey,
                attempt: delivery.attempts + 1,
                retryAt,
                err: error,
              },
              'a notification was not sent',
            );
          }
        }
      } while (this.#again);
      return outcome;
    })();
    this.#flushing = run;
    try {
      await run;
    } finally {
      this.#flushing = null;
    }
    return outcome;
  }

  checkJob(): JobDefinition<'notificationsCheck'> {
    return {
      job: 'notificationsCheck',
      cron: NOTIFICATIONS_CHECK_CRON,
      // The next occurrence is the retry: a failed check is not repeated on top of it.
      queue: { retryLimit: 0, expireInSeconds: 10 * 60 },
      handler: async () => this.check(),
    };
  }

  private flushSoon(): void {
    void this.flush().catch((error: unknown) => this.options.log.error({ err: error }, 'notifications were not sent'));
  }

  private async recordEvents(
    event: NotificationEvent,
    events: NotificationEventRecord[],
    given?: StoredNotificationSettings,
  ): Promise<number> {
    const settings = given ?? (await this.load()).settings;
    if (!settings.events.includes(event)) return 0;
    return this.repo.record(events, this.channels(settings));
  }

  private async reviewEvents(settings: StoredNotificationSettings): Promise<NotificationEventRecord[]> {
    const before = new Date(this.#now().getTime() - settings.reviewWaitHours * 3600_000);
    const waiting = await this.repo.waitingSince(before);
    return waiting.flatMap((article) => {
      if (!article.since) return [];
      const hours = Math.floor((this.#now().getTime() - article.since.getTime()) / 3600_000);
      return [
        {
          key: `review_waiting:${article.id}:${article.since.toISOString()}`,
          kind: 'review_waiting',
          message: this.message(
            'review_waiting',
            `Waiting for review for ${hours} h: ${article.title || `Article #${article.id}`}`,
            `Article #${article.id}${article.siteName ? ` for ${article.siteName}` : ''} has waited for review since ${article.since.toISOString()} (${reasonText(article.reason)}). Approve or reject it in the Review inbox.`,
            {
              site: article.siteName,
              article_id: article.id,
              title: article.title,
              reason: article.reason,
              waiting_since: article.since.toISOString(),
            },
          ),
        },
      ];
    });
  }

  /**
   * A site is down while WordPress rejects its credentials or its REST API does not answer. The
   * event lasts as long as the site is down (key `site_down:<id>`); once it is up again the record
   * is forgotten, so the next outage is notified again.
   */
  private async siteEvents(): Promise<NotificationEventRecord[]> {
    const events: NotificationEventRecord[] = [];
    const up: string[] = [];
    for (const site of await this.repo.watchedSites()) {
      const key = `site_down:${site.id}`;
      const reason = site.rejectedAt
        ? `WordPress rejects its credentials${site.rejectedReason ? ` (${site.rejectedReason})` : ''}; save a new application password in Sites.`
        : await this.sources.siteProblem(site.id).catch((error: unknown) => describe(error));
      if (reason === null) {
        up.push(key);
        continue;
      }
      events.push({
        key,
        kind: 'site_down',
        message: this.message('site_down', `Site down: ${site.name}`, `${site.name} (${site.url}) is down: ${reason}`, {
          site: site.name,
          site_id: site.id,
          url: site.url,
          reason,
        }),
      });
    }
    const notified = new Set(await this.repo.keysOfKind('site_down'));
    await this.repo.forget(up.filter((key) => notified.has(key)));
    return events;
  }

  private async budgetEvents(): Promise<NotificationEventRecord[]> {
    return (await this.sources.reachedBudgets()).map((budget) => ({
      key: `budget_reached:${budget.siteId ?? 'all'}:${budget.monthStart}`,
      kind: 'budget_reached',
      message: this.message('budget_reached', `Budget reached: ${budget.name}`, budget.message, {
        budget: budget.name,
        site_id: budget.siteId,
        month_start: budget.monthStart,
      }),
    }));
  }

  private message(
    event: NotificationEvent,
    title: string,
    text: string,
    fields: NotificationMessage['fields'],
  ): NotificationMessage {
    return {
      event,
      title,
      text,
      fields: { event: NOTIFICATION_EVENT_LABELS[event], ...fields },
      link: null,
      at: this.#now().toISOString(),
    };
  }

  /** The channels that are set up: a webhook URL; a host, a sender and recipients. */
  private channels(settings: StoredNotificationSettings): DeliveryChannel[] {
    return [
      ...(settings.webhookUrlSealed || settings.webhookUrl ? (['webhook'] as const) : []),
      ...(settings.smtpHost && settings.smtpFrom && settings.smtpTo.length > 0 ? (['email'] as const) : []),
    ];
  }

  private sender(channel: DeliveryChannel, settings: StoredNotificationSettings): NotificationSender {
    if (this.options.senderFor) return this.options.senderFor(channel, settings, this.smtpPassword(settings));
    if (channel === 'webhook') return new WebhookSender(this.webhookUrl(settings) ?? '');
    const password = this.smtpPassword(settings);
    return new SmtpSender({
      host: settings.smtpHost ?? '',
      port: settings.smtpPort ?? defaultSmtpPort(settings.smtpSecurity),
      security: settings.smtpSecurity,
      user: settings.smtpUser,
      password,
      from: settings.smtpFrom ?? '',
      to: settings.smtpTo,
    });
  }

  /** The webhook URL, unsealed (a row of an earlier version may still hold it plain until it is read). */
  private webhookUrl(settings: StoredNotificationSettings): string | null {
    return settings.webhookUrlSealed ? this.unseal(settings.webhookUrlSealed, 'webhook URL') : settings.webhookUrl;
  }

  /** The webhook URL for the settings form: none when it cannot be read (the form asks for it again). */
  private readableWebhookUrl(settings: StoredNotificationSettings): string | null {
    try {
      return this.webhookUrl(settings);
    } catch {
      return null;
    }
  }

  private smtpPassword(settings: StoredNotificationSettings): string | null {
    return settings.smtpPasswordSealed ? this.unseal(settings.smtpPasswordSealed, 'SMTP password') : null;
  }

  /** A secret sealed under another APP_SECRET cannot be read: a failure that will not pass until it is saved again. */
  private unseal(sealed: string, what: 'webhook URL' | 'SMTP password'): string {
    try {
      return this.secretBox.decrypt(sealed);
    } catch {
      throw new NotificationSendError(
        `The stored ${what} cannot be read (was APP_SECRET changed?); enter it again in Settings → Notifications.`,
        false,
      );
    }
  }

  private async load(): Promise<{ settings: StoredNotificationSettings; savedAt: Date | null }> {
    const row = await this.rows.get(NOTIFICATIONS_SETTINGS_KEY);
    if (!row) return { settings: DEFAULT_NOTIFICATION_SETTINGS, savedAt: null };
    const parsed = storedNotificationSettingsSchema.safeParse(row.value);
    if (!parsed.success) return { settings: DEFAULT_NOTIFICATION_SETTINGS, savedAt: row.updatedAt };
    const settings = parsed.data;
    if (settings.webhookUrl && !settings.webhookUrlSealed) {
      // Saved by a version that kept the URL plain: sealed now, the first time the row is read.
      const sealed = { ...settings, webhookUrlSealed: this.secretBox.encrypt(settings.webhookUrl), webhookUrl: null };
      await this.rows.put(NOTIFICATIONS_SETTINGS_KEY, sealed);
      return { settings: sealed, savedAt: row.updatedAt };
    }
    return { settings, savedAt: row.updatedAt };
  }
}

function reasonText(reason: string | null): string {
  switch (reason) {
    case 'held':
      return 'held for review';
    case 'delayed':
      return 'to be published after a delay unless held';
    case 'quality_gate':
      return 'the quality gate objected';
    case 'budget':
      return 'a budget stopped it';
    case 'agent':
      return 'drafted by an assistant';
    default:
      return reason ?? 'waiting';
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
