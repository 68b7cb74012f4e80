import { z } from 'zod';

/*
 * Notifications (issue #33 §5): a webhook (JSON that Slack- and Discord-compatible endpoints
 * accept) and e-mail over SMTP, each optional, for the events below. Settings → Notifications;
 * GET/PUT /api/settings/notifications, POST /api/settings/notifications/{webhook,email}/test.
 */

export const NOTIFICATION_EVENTS = ['review_waiting', 'publish_failed', 'budget_reached', 'site_down'] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

export const NOTIFICATION_EVENT_LABELS: Record<NotificationEvent, string> = {
  review_waiting: 'An article waits for review longer than the hours below',
  publish_failed: 'A publish failed for good',
  budget_reached: 'A monthly budget is reached',
  site_down: 'A site is down (does not answer, or rejects its credentials)',
};

export const NOTIFICATION_CHANNELS = ['webhook', 'email'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** starttls: plain connection upgraded (port 587); tls: TLS from the start (port 465); none: no encryption (a local relay only). */
export const SMTP_SECURITY = ['starttls', 'tls', 'none'] as const;
export type SmtpSecurity = (typeof SMTP_SECURITY)[number];
export const SMTP_SECURITY_LABELS: Record<SmtpSecurity, string> = {
  starttls: 'STARTTLS (usually port 587)',
  tls: 'TLS (usually port 465)',
  none: 'None (local relay only)',
};

export const NOTIFICATION_LIMITS = {
  urlMax: 2000,
  textMax: 320,
  recipientsMax: 10,
  reviewWaitHoursMin: 1,
  reviewWaitHoursMax: 720,
  reviewWaitHoursDefault: 24,
} as const;

const emailAddress = z.string().trim().max(NOTIFICATION_LIMITS.textMax).email('must be an e-mail address');

/** GET /api/settings/notifications. The SMTP password is never returned: only whether one is stored. */
export const notificationSettingsSchema = z.object({
  webhook_url: z.string().nullable(),
  smtp_host: z.string().nullable(),
  smtp_port: z.number().int().nullable(),
  smtp_security: z.enum(SMTP_SECURITY),
  smtp_user: z.string().nullable(),
  has_smtp_password: z.boolean(),
  smtp_from: z.string().nullable(),
  /** Recipients. */
  smtp_to: z.array(z.string()),
  events: z.array(z.enum(NOTIFICATION_EVENTS)),
  review_wait_hours: z.number().int(),
  /** The latest send that failed (an event's or a test's), or null when the latest of each channel went out. */
  last_failure: z
    .object({
      channel: z.enum(NOTIFICATION_CHANNELS),
      kind: z.string(),
      error: z.string(),
      at: z.string(),
      /** True once its tries are used up; false while it will be tried again. */
      gave_up: z.boolean(),
    })
    .nullable(),
  saved_at: z.string().nullable(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/**
 * PUT /api/settings/notifications. Empty (null) fields switch a channel off: no webhook URL, no
 * webhook; no SMTP host, no e-mail. A missing or blank smtp_password keeps the stored one;
 * clear_smtp_password removes it.
 */
export const notificationSettingsUpdateSchema = z
  .object({
    webhook_url: z
      .string()
      .trim()
      .max(NOTIFICATION_LIMITS.urlMax)
      .regex(
        /^https?:\/\/[^\s/?#\\@]+(?:[/?#]\S*)?$/i,
        'must be an http or https address without a user name or password',
      )
      .nullable(),
    smtp_host: z
      .string()
      .trim()
      .max(253)
      .regex(/^[A-Za-z0-9.\-:[\]]+$/, 'must be a host name or IP address')
      .nullable(),
    smtp_port: z.number().int().min(1).max(65535).nullable(),
    smtp_security: z.enum(SMTP_SECURITY),
    smtp_user: z.string().trim().max(NOTIFICATION_LIMITS.textMax).nullable(),
    smtp_password: z.string().max(NOTIFICATION_LIMITS.textMax).optional(),
    clear_smtp_password: z.boolean().default(false),
    smtp_from: emailAddress.nullable(),
    smtp_to: z
      .array(emailAddress)
      .max(NOTIFICATION_LIMITS.recipientsMax, `at most ${NOTIFICATION_LIMITS.recipientsMax} recipients`),
    events: z.array(z.enum(NOTIFICATION_EVENTS)).max(NOTIFICATION_EVENTS.length),
    review_wait_hours: z
      .number()
      .int()
      .min(NOTIFICATION_LIMITS.reviewWaitHoursMin)
      .max(NOTIFICATION_LIMITS.reviewWaitHoursMax),
  })
  .superRefine((value, ctx) => {
    if (value.smtp_host === null) return;
    if (value.smtp_from === null)
      ctx.addIssue({ code: 'custom', path: ['smtp_from'], message: 'is required to send e-mail' });
    if (value.smtp_to.length === 0)
      ctx.addIssue({ code: 'custom', path: ['smtp_to'], message: 'needs at least one recipient to send e-mail' });
  });
export type NotificationSettingsUpdate = z.infer<typeof notificationSettingsUpdateSchema>;
export type NotificationSettingsUpdateInput = z.input<typeof notificationSettingsUpdateSchema>;

/** POST /api/settings/notifications/{webhook|email}/test: what happened to the test message. */
export const notificationTestResultSchema = z.object({
  channel: z.enum(NOTIFICATION_CHANNELS),
  ok: z.boolean(),
  /** What the operator reads: "Sent to …" or why it was not. */
  message: z.string(),
});
export type NotificationTestResult = z.infer<typeof notificationTestResultSchema>;
