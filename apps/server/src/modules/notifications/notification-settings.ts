import { NOTIFICATION_EVENTS, NOTIFICATION_LIMITS, SMTP_SECURITY } from '@abp/contracts';
import { z } from 'zod';

/** The settings row's key (table `settings`, written through the settings module's repository). */
export const NOTIFICATIONS_SETTINGS_KEY = 'notifications';

/**
 * What the row holds; the webhook URL and the SMTP password sealed with the app secret, like site
 * passwords (a Slack or Discord webhook URL is its own credential: whoever has it can post).
 */
export const storedNotificationSettingsSchema = z.object({
  webhookUrlSealed: z.string().nullable().catch(null),
  /** Rows saved before the URL was sealed held it plain: read once, then sealed (notifications.service.ts). */
  webhookUrl: z.string().nullable().catch(null),
  smtpHost: z.string().nullable().catch(null),
  smtpPort: z.number().int().nullable().catch(null),
  smtpSecurity: z.enum(SMTP_SECURITY).catch('starttls'),
  smtpUser: z.string().nullable().catch(null),
  smtpPasswordSealed: z.string().nullable().catch(null),
  smtpFrom: z.string().nullable().catch(null),
  smtpTo: z.array(z.string()).catch([]),
  events: z.array(z.enum(NOTIFICATION_EVENTS)).catch([...NOTIFICATION_EVENTS]),
  reviewWaitHours: z.number().int().positive().catch(NOTIFICATION_LIMITS.reviewWaitHoursDefault),
});
export type StoredNotificationSettings = z.infer<typeof storedNotificationSettingsSchema>;

export const DEFAULT_NOTIFICATION_SETTINGS: StoredNotificationSettings = {
  webhookUrlSealed: null,
  webhookUrl: null,
  smtpHost: null,
  smtpPort: null,
  smtpSecurity: 'starttls',
  smtpUser: null,
  smtpPasswordSealed: null,
  smtpFrom: null,
  smtpTo: [],
  events: [...NOTIFICATION_EVENTS],
  reviewWaitHours: NOTIFICATION_LIMITS.reviewWaitHoursDefault,
};

/** The settings module's rows, as this module uses them (handed over by container.ts). */
export interface SettingsRows {
  get(key: string): Promise<{ value: unknown; updatedAt: Date } | null>;
  put(key: string, value: unknown): Promise<unknown>;
}
