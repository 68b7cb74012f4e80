import { parseRetryAfter as parseRetryAfterHeader } from '../../lib/backoff.js';
import { readBodyCapped } from '../../lib/http-body.js';
import { outbound as defaultOutbound, isOutboundRefusal, type OutboundHttp } from '../../lib/outbound/index.js';
import { FeedError } from './feed-error.js';

export interface FetchFeedOptions {
  /** Whole request, body included. */
  timeoutMs: number;
  /** Larger bodies are refused: a trend feed is a few hundred kilobytes at most. */
  maxBytes: number;
  userAgent: string;
  signal?: AbortSignal;
  /** The outbound rule's client; tests pass one with a pretend network. */
  outbound?: OutboundHttp;
}

export interface FetchedFeed {
  text: string;
  contentType: string;
}

const ACCEPT = 'application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5';

/** Downloads a feed within a time and size budget; every failure becomes a classified FeedError. */
export async function fetchFeed(url: string, options: FetchFeedOptions): Promise<FetchedFeed> {
  const target = parseFeedUrl(url);
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const client = options.outbound ?? defaultOutbound;
  try {
    const { response } = await client.fetch(target, {
      subject: 'The feed',
      signal,
      headers: { accept: ACCEPT, 'user-agent': options.userAgent },
    });
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw httpFailure(url, response);
    }
    const bytes = await readBodyCapped(response, options.maxBytes, () => tooLarge(url, options.maxBytes));
    const contentType = response.headers.get('content-type') ?? '';
    return { text: decode(bytes, contentType), contentType };
  } catch (error) {
    if (error instanceof FeedError) throw error;
    // The outbound rule refused an address: the feed's own (hop 0) or where it redirected.
    if (isOutboundRefusal(error))
      throw new FeedError(
        error.hop === 0 ? 'invalid_url' : 'redirect_refused',
        url,
        error.message,
        {},
        { cause: error },
      );
    // The caller cancelled the whole run (shutdown): not a feed problem, let it through.
    if (options.signal?.aborted) throw options.signal.reason ?? error;
    if (timeout.aborted) {
      throw new FeedError(
        'timeout',
        url,
        `No complete answer within ${formatSeconds(options.timeoutMs)} (timeout).`,
        {},
        { cause: error },
      );
    }
    throw new FeedError('network', url, `The feed could not be reached (${networkCode(error)}).`, {}, { cause: error });
  }
}

function parseFeedUrl(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new FeedError('invalid_url', url, 'The feed address is not a valid URL.');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new FeedError('invalid_url', url, 'The feed address must start with http:// or https://.');
  }
  return parsed;
}

function httpFailure(url: string, response: Response): FeedError {
  if (response.status === 429) {
    const retryAfterSeconds = parseRetryAfter(response.headers.get('retry-after'));
    const wait = retryAfterSeconds === undefined ? '' : `; retry after ${retryAfterSeconds} s`;
    return new FeedError('rate_limited', url, `Rate limited by the feed (HTTP 429)${wait}.`, {
      status: 429,
      ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
    });
  }
  const reason = response.statusText ? ` ${response.statusText}` : '';
  return new FeedError('http_error', url, `The feed answered HTTP ${response.status}${reason}.`, {
    status: response.status,
  });
}

/** Seconds, or an HTTP date; undefined when absent or unreadable (the one reader: lib/backoff.ts). */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  return parseRetryAfterHeader(value, now) ?? undefined;
}

const tooLarge = (url: string, maxBytes: number) =>
  new FeedError('too_large', url, `The feed is larger than ${Math.round(maxBytes / 1024)} KB; it was not read.`);

/** The charset of the Content-Type header, else of the XML declaration, else UTF-8. */
function decode(bytes: Uint8Array, contentType: string): string {
  const head = Buffer.from(bytes.subarray(0, 200)).toString('latin1');
  const label =
    /charset=["']?([\w.:-]+)/i.exec(contentType)?.[1] ??
    /<\?xml[^>]*encoding=["']([\w.:-]+)["']/i.exec(head)?.[1] ??
    'utf-8';
  try {
    return new TextDecoder(label).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/** Node's fetch wraps the socket error: TypeError('fetch failed', { cause: { code } }). */
function networkCode(error: unknown): string {
  let current: unknown = error;
  let innermost = error instanceof Error ? error.message : 'unknown error';
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const record = current as { code?: unknown; cause?: unknown; errors?: unknown[]; message?: unknown };
    if (typeof record.code === 'string') return record.code;
    if (typeof record.message === 'string' && record.message) innermost = record.message;
    current = Array.isArray(record.errors) && record.errors.length > 0 ? record.errors[0] : record.cause;
  }
  return innermost;
}

const formatSeconds = (ms: number) => (ms < 1000 ? `${ms} ms` : `${Math.round(ms / 100) / 10} s`);
