/** One notification as every channel sends it. */
export interface NotificationMessage {
  /** The event kind (review_waiting, publish_failed, budget_reached, site_down, test). */
  event: string;
  /** A short line: the e-mail's subject, the webhook's bold first line. */
  title: string;
  /** What happened and what to do, in plain text. */
  text: string;
  /** Structured details (site, article, reason, …) for a receiver that reads JSON. */
  fields: Record<string, string | number | null>;
  /** A link into the app, when the server knows its address (PUBLIC_URL). */
  link: string | null;
  /** When the event was noticed (ISO). */
  at: string;
}

/** Why a send failed, and whether trying again later may help. */
export class NotificationSendError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    /** The server's Retry-After, in seconds. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'NotificationSendError';
  }
}

/** A sender of one channel: resolves once the receiver accepted the message, else throws NotificationSendError. */
export interface NotificationSender {
  send(message: NotificationMessage): Promise<{ detail: string }>;
}
