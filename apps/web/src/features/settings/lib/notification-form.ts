import {
  NOTIFICATION_EVENTS,
  type NotificationEvent,
  type NotificationSettings,
  type NotificationSettingsUpdateInput,
  type SmtpSecurity,
} from '@abp/contracts';

/** Inputs hold text; the request has numbers, lists and nulls (an empty field switches its channel off). */
export interface NotificationFormValues {
  webhook_url: string;
  smtp_host: string;
  smtp_port: string;
  smtp_security: SmtpSecurity;
  smtp_user: string;
  /** Empty keeps the stored password. */
  smtp_password: string;
  clear_smtp_password: boolean;
  smtp_from: string;
  /** One address per line or comma-separated. */
  smtp_to: string;
  events: Record<NotificationEvent, boolean>;
  review_wait_hours: string;
}

export type NotificationFormField = Exclude<keyof NotificationFormValues, 'events'>;

export function toNotificationFormValues(settings: NotificationSettings): NotificationFormValues {
  return {
    webhook_url: settings.webhook_url ?? '',
    smtp_host: settings.smtp_host ?? '',
    smtp_port: settings.smtp_port === null ? '' : String(settings.smtp_port),
    smtp_security: settings.smtp_security,
    smtp_user: settings.smtp_user ?? '',
    smtp_password: '',
    clear_smtp_password: false,
    smtp_from: settings.smtp_from ?? '',
    smtp_to: settings.smtp_to.join(', '),
    events: Object.fromEntries(NOTIFICATION_EVENTS.map((event) => [event, settings.events.includes(event)])) as Record<
      NotificationEvent,
      boolean
    >,
    review_wait_hours: String(settings.review_wait_hours),
  };
}

const orNull = (text: string) => text.trim() || null;

export function toNotificationUpdateBody(values: NotificationFormValues): NotificationSettingsUpdateInput {
  const port = values.smtp_port.trim();
  const hours = values.review_wait_hours.trim();
  return {
    webhook_url: orNull(values.webhook_url),
    smtp_host: orNull(values.smtp_host),
    smtp_port: port === '' ? null : Number(port),
    smtp_security: values.smtp_security,
    smtp_user: orNull(values.smtp_user),
    ...(values.smtp_password ? { smtp_password: values.smtp_password } : {}),
    clear_smtp_password: values.clear_smtp_password,
    smtp_from: orNull(values.smtp_from),
    smtp_to: values.smtp_to
      .split(/[\n,]/)
      .map((address) => address.trim())
      .filter(Boolean),
    events: NOTIFICATION_EVENTS.filter((event) => values.events[event]),
    review_wait_hours: hours === '' ? Number.NaN : Number(hours),
  };
}

const FIELDS: readonly NotificationFormField[] = [
  'webhook_url',
  'smtp_host',
  'smtp_port',
  'smtp_security',
  'smtp_user',
  'smtp_password',
  'smtp_from',
  'smtp_to',
  'review_wait_hours',
];

/** body.smtp_to.1 → smtp_to */
export function notificationFieldOf(path: string): NotificationFormField | null {
  const name = path.replace(/^body\./, '').split('.')[0];
  return (FIELDS as readonly string[]).includes(name ?? '') ? (name as NotificationFormField) : null;
}
