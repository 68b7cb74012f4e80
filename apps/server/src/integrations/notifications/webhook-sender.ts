import { parseRetryAfter } from '../../lib/backoff.js';
import { describeFetchError, readBodyCapped } from '../../lib/http-body.js';
import { isOutboundRefusal, type OutboundHttp, outbound } from '../../lib/outbound/index.js';
import { type NotificationMessage, NotificationSendError, type NotificationSender } from './notification-message.js';

export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Discord refuses a `content` over 2000 characters. */
const CONTENT_MAX = 2000;

/**
 * The JSON a webhook receives: `text` (Slack and Slack-compatible endpoints: Mattermost, Rocket.Chat,
 * Teams workflows) and `content` (Discord) carry the same readable message; the other fields are
 * for a receiver of its own (n8n, Zapier, a script).
 */
export function webhookBody(message: NotificationMessage): Record<string, unknown> {
  const readable = [`*${message.title}*`, message.text, message.link].filter(Boolean).join('\n');
  return {
    text: readable,
    content: readable.length > CONTENT_MAX ? `${readable.slice(0, CONTENT_MAX - 1)}…` : readable,
    event: message.event,
    title: message.title,
    message: message.text,
    fields: message.fields,
    link: message.link,
    at: message.at,
  };
}

/**
 * POSTs to the webhook URL through the app's one outbound client (lib/outbound): the address the
 * operator entered may be on any address, a local receiver included; a redirect is not followed
 * (a POST is never repeated elsewhere). A 2xx answer is accepted; 429 and 5xx may pass, 4xx will not.
 */
export class WebhookSender implements NotificationSender {
  constructor(
    private readonly url: string,
    private readonly http: OutboundHttp = outbound,
    private readonly timeoutMs = WEBHOOK_TIMEOUT_MS,
  ) {}

  async send(message: NotificationMessage): Promise<{ detail: string }> {
    let response: Response;
    try {
      ({ response } = await this.http.fetch(this.url, {
        subject: 'The webhook',
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/plain, */*' },
        body: JSON.stringify(webhookBody(message)),
        redirect: 'manual',
        signal: AbortSignal.timeout(this.timeoutMs),
      }));
    } catch (error) {
      if (isOutboundRefusal(error)) throw new NotificationSendError(error.message, false);
      throw new NotificationSendError(
        `The webhook could not be reached: ${describeFetchError(error, this.timeoutMs)}`,
        true,
      );
    }
    const body = await readBodyCapped(response, 4096, () => new Error('too large'))
      .then((bytes) => bytes.toString('utf8').trim().slice(0, 200))
      .catch(() => '');
    if (response.ok) return { detail: `The webhook answered HTTP ${response.status}` };
    const said = body ? `: ${body}` : '';
    if (response.status >= 300 && response.status < 400)
      throw new NotificationSendError(
        `The webhook answered with a redirect (HTTP ${response.status}); a notification is not sent on to another address.`,
        false,
      );
    const retryable = response.status === 429 || response.status >= 500 || response.status === 408;
    throw new NotificationSendError(
      `The webhook answered HTTP ${response.status}${said}`,
      retryable,
      parseRetryAfter(response.headers.get('retry-after')),
    );
  }
}
