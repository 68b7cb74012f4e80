import { SITE_TEST_LABELS } from '@abp/contracts';
import { withRetry } from '../../lib/backoff.js';
import { readBodyCapped } from '../../lib/http-body.js';
import { sameOrigin } from '../../lib/origin.js';
import { isOutboundRefusal, type OutboundHttp, type OutboundRefusal, outbound } from '../../lib/outbound/index.js';
import { classifyHttpFailure, classifyNonJsonSuccess, tryParseJson } from './classify-failure.js';
import { assertSameOrigin } from './cross-origin.js';
import { isWordPressError, redactUrl, WordPressError } from './errors.js';
import { classifyNetworkFailure } from './network-failure.js';
import type { RetryPolicy } from './retry-policy.js';

export const USER_AGENT = 'AutomatedBlogPoster/1.3.1 (+self-hosted)';

/**
 * The most of an answer that is read. Every wp/v2 answer is JSON; the largest this app asks for is
 * a search of 20 posts with context=edit, raw and rendered: 20 × 2 × ~400 KB for 50,000-word
 * articles is about 16 MB. Twice that leaves room; anything bigger is not WordPress talking.
 */
export const MAX_WORDPRESS_BODY_BYTES = 32 * 1024 * 1024;

export interface RetryInfo {
  method: string;
  url: string;
  attempt: number;
  delayMs: number;
  kind: WordPressError['kind'];
  status: number | null;
}

export interface HttpSettings {
  /** The origin (scheme, host, port) of the site URL the operator entered: credentials go nowhere else. */
  siteOrigin: string;
  username: string;
  applicationPassword: string;
  timeoutMs: number;
  retry: RetryPolicy;
  userAgent?: string;
  onRetry?: (info: RetryInfo) => void;
  /** The outbound rule's client; default the app's one. */
  outbound?: OutboundHttp;
  /** Default MAX_WORDPRESS_BODY_BYTES. */
  maxBodyBytes?: number;
}

export interface WpRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'OPTIONS';
  url: string;
  json?: unknown;
  body?: Uint8Array<ArrayBuffer> | FormData;
  headers?: Record<string, string>;
  /** Safe to repeat (GET, DELETE, update of an existing id). A create is never repeated blindly. */
  idempotent: boolean;
  timeoutMs?: number;
  /** Default true. Discovery of a public index may go without. */
  authenticate?: boolean;
  /** Default true; false lets a 2xx HTML page through (home page for its Link header). */
  expectJson?: boolean;
  /**
   * GET only: follow up to this many redirects (the outbound rule, lib/outbound/, keeps the trail); default 0 = report them.
   * Only redirects within the same origin are followed; another origin is a cross_origin_redirect.
   */
  followRedirects?: number;
  maxAttempts?: number;
}

export interface WpResponse {
  status: number;
  headers: Headers;
  /** Parsed JSON; undefined when the body was empty or (expectJson: false) not JSON. */
  data: unknown;
  /** The URL that finally answered, and the redirects followed to get there. */
  url: string;
  redirects: string[];
  /** The body as text (for the HTML pages read with expectJson: false). */
  text: string;
}

/**
 * One HTTP exchange with a WordPress site: Basic auth, timeouts, manual redirects, JSON that is
 * recognised as HTML when it is not, and retries that only ever repeat safe calls.
 */
export class WordPressHttp {
  readonly #authorization: string;
  readonly #settings: HttpSettings;

  constructor(settings: HttpSettings) {
    this.#settings = settings;
    // Application passwords are shown as "abcd efgh ..."; WordPress ignores everything that is not
    // alphanumeric, and some proxies mangle spaces in headers, so they are dropped here.
    const password = settings.applicationPassword.replace(/\s+/g, '');
    this.#authorization = `Basic ${Buffer.from(`${settings.username}:${password}`).toString('base64')}`;
  }

  async send(request: WpRequest): Promise<WpResponse> {
    const policy = { ...this.#settings.retry, maxAttempts: request.maxAttempts ?? this.#settings.retry.maxAttempts };
    const { value } = await withRetry((_attempt) => this.#once(request), {
      policy,
      // Anything else (a bug, a refusal of the outbound rule turned into a WordPressError already) is not ours to repeat.
      classify: (thrown) => (isWordPressError(thrown) ? thrown : null),
      // A create is never repeated here: its lost answer is resolved by a marker lookup, its failure by the caller.
      repeatable: request.idempotent,
      onRetry: (error, attempt, delayMs) =>
        this.#settings.onRetry?.({
          method: request.method,
          url: redactUrl(request.url),
          attempt,
          delayMs,
          kind: error.kind,
          status: error.status,
        }),
    });
    return value;
  }

  async #once(request: WpRequest): Promise<WpResponse> {
    const timeoutMs = request.timeoutMs ?? this.#settings.timeoutMs;
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'User-Agent': this.#settings.userAgent ?? USER_AGENT,
      ...request.headers,
    };
    if (request.authenticate !== false) {
      // The last line of defence: whatever built this URL (a stored REST root, a Link header),
      // the application password is never sent to an origin the operator did not enter.
      if (!sameOrigin(request.url, this.#settings.siteOrigin)) throw this.#foreignOrigin(request);
      headers.Authorization = this.#authorization;
    }
    let body: Uint8Array<ArrayBuffer> | FormData | string | undefined = request.body;
    if (request.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(request.json);
    }
    const context = { method: request.method, url: request.url, timeoutMs };
    // Redirects are followed for GET only (a redirected POST would become a GET and be lost), by
    // the outbound rule (hop limit, http(s), addresses), and here only within the site's origin.
    const follow = request.method === 'GET' && (request.followRedirects ?? 0) > 0;
    let status: number;
    let responseHeaders: Headers;
    let text: string;
    let url: string;
    let redirects: string[];
    try {
      const answered = await (this.#settings.outbound ?? outbound).fetch(request.url, {
        subject: 'The site',
        method: request.method,
        headers,
        ...(body === undefined ? {} : { body }),
        signal: AbortSignal.timeout(timeoutMs),
        entered: this.#settings.siteOrigin,
        redirect: follow ? 'follow' : 'manual',
        maxRedirects: request.followRedirects ?? 0,
        // Never across origins, not even http → https: the operator confirms a new address by saving it.
        beforeRedirect: (hop) =>
          assertSameOrigin(hop.from, hop.to, { kind: 'redirect', status: hop.status, method: request.method }),
      });
      const response = answered.response;
      ({ url, redirects } = answered);
      status = response.status;
      responseHeaders = response.headers;
      const maxBytes = this.#settings.maxBodyBytes ?? MAX_WORDPRESS_BODY_BYTES;
      const bytes = await readBodyCapped(response, maxBytes, () => tooLarge(request, status, maxBytes));
      // TextDecoder drops a UTF-8 BOM, as response.text() did.
      text = new TextDecoder().decode(bytes);
    } catch (error) {
      if (isWordPressError(error)) throw error;
      if (isOutboundRefusal(error)) throw refusedByRule(error, request);
      throw classifyNetworkFailure(error, context);
    }
    const answer = { status, headers: responseHeaders, bodyText: text, method: request.method, url };
    if (status < 200 || status >= 300) throw classifyHttpFailure(answer);
    if (responseHeaders.get('cf-mitigated')) throw classifyNonJsonSuccess(answer);
    if (text.trim() === '') return { status, headers: responseHeaders, data: undefined, url, redirects, text };
    const parsed = tryParseJson(text);
    if (!parsed.ok) {
      if (request.expectJson === false)
        return { status, headers: responseHeaders, data: undefined, url, redirects, text };
      throw classifyNonJsonSuccess(answer);
    }
    return { status, headers: responseHeaders, data: parsed.value, url, redirects, text };
  }

  #foreignOrigin(request: WpRequest): WordPressError {
    return new WordPressError('cross_origin_redirect', {
      method: request.method,
      url: redactUrl(request.url),
      retryable: false,
      message:
        `${request.method} ${redactUrl(request.url)} is not on the site's address (${this.#settings.siteOrigin}), so the ` +
        `application password was not sent. Run ${SITE_TEST_LABELS.enhanced} (WordPress Sites) to find the REST API again.`,
    });
  }
}

/** The outbound rule refused a redirect (too many, not http(s)) or, at the first hop, the address itself. */
function refusedByRule(refusal: OutboundRefusal, request: WpRequest): WordPressError {
  return new WordPressError(refusal.hop > 0 ? 'redirected' : 'network', {
    ...(refusal.status === null ? {} : { status: refusal.status }),
    method: request.method,
    url: redactUrl(request.url),
    location: refusal.url,
    retryable: false,
    message: refusal.message,
    cause: refusal,
  });
}

function tooLarge(request: WpRequest, status: number, maxBytes: number): WordPressError {
  return new WordPressError('response_too_large', {
    status,
    method: request.method,
    url: redactUrl(request.url),
    retryable: false,
    message: `${request.method} ${redactUrl(request.url)} answered with more than ${Math.round(maxBytes / (1024 * 1024))} MB; reading was stopped.`,
  });
}
