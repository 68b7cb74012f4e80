import type { SmtpSecurity } from '@abp/contracts';
import { type NotificationMessage, NotificationSendError, type NotificationSender } from './notification-message.js';

export interface SmtpConfig {
  host: string;
  port: number;
  security: SmtpSecurity;
  user: string | null;
  password: string | null;
  from: string;
  to: string[];
}

/** Connecting, the server's greeting, and any silence on the socket: a stuck server never holds a job. */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 } as const;

/** The port each security setting usually uses, when none is given. */
export function defaultSmtpPort(security: SmtpSecurity): number {
  return security === 'tls' ? 465 : security === 'starttls' ? 587 : 25;
}

/**
 * E-mail over SMTP with nodemailer: TLS from the start (`tls`), a STARTTLS upgrade that must
 * succeed (`starttls`), or none (`none`: a relay on the same machine or network). One connection
 * per message (no pool): notifications are rare.
 */
export class SmtpSender implements NotificationSender {
  constructor(private readonly config: SmtpConfig) {}

  async send(message: NotificationMessage): Promise<{ detail: string }> {
    const { config } = this;
    // Loaded at the first e-mail, not at start: most installations never send one (idle memory, #35).
    const { default: nodemailer } = await import('nodemailer');
    const transport = nodemailer.createTransport({
      host: config.host,
      port: config.port,
      secure: config.security === 'tls',
      requireTLS: config.security === 'starttls',
      ignoreTLS: config.security === 'none',
      ...(config.user ? { auth: { user: config.user, pass: config.password ?? '' } } : {}),
      ...SMTP_TIMEOUTS,
    });
    try {
      const info = await transport.sendMail({
        from: config.from,
        to: config.to,
        subject: message.title,
        text: [
          message.text,
          '',
          ...Object.entries(message.fields).map(([k, v]) => `${k}: ${v ?? '—'}`),
          '',
          message.link ?? '',
        ]
          .join('\n')
          .trim(),
      });
      return { detail: `The mail server accepted it for ${info.accepted.map(String).join(', ')}` };
    } catch (error) {
      throw smtpFailure(error);
    } finally {
      transport.close();
    }
  }
}

/** A 4xx reply, a refused or lost connection, or a timeout may pass; a 5xx reply or a refused login will not. */
function smtpFailure(error: unknown): NotificationSendError {
  const err = error as { message?: string; code?: string; command?: string; responseCode?: number; response?: string };
  const code = err.responseCode;
  const said = err.response ? `: ${err.response}` : err.message ? `: ${err.message}` : '';
  if (err.command === 'STARTTLS' || err.code === 'ETLS')
    return new NotificationSendError(
      `The mail server did not upgrade the connection with STARTTLS${said}; nothing was sent (choose TLS, or None for a local relay).`,
      false,
    );
  if (err.code === 'EAUTH') return new NotificationSendError(`The mail server refused the login${said}`, false);
  if (typeof code === 'number')
    return new NotificationSendError(`The mail server answered ${code}${said}`, code >= 400 && code < 500);
  return new NotificationSendError(`The mail server could not be reached${said}`, true);
}
