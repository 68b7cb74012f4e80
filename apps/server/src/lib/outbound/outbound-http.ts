import { Agent, type Dispatcher, FormData as UndiciFormData, fetch as undiciFetch } from 'undici';
import { originOf } from '../origin.js';
import { type AddressKind, classifyAddress, describeAddressKind, isIpAddress } from './address-class.js';
import { type AddressClassifier, guardedLookup, type Resolver, systemResolver } from './guarded-lookup.js';
import {
  ForbiddenAddressError,
  OutboundRefusal,
  type OutboundRefusalInit,
  type OutboundRefusalKind,
} from './outbound-error.js';

/*
 * The one rule for every request this server makes to another server (WordPress, model servers,
 * image servers, trend feeds):
 *
 * - http: and https: only, at every hop, and never a user name or password in an address;
 * - redirects are followed by hand, GET and HEAD only, at most MAX_REDIRECTS of them;
 * - the origin the operator entered may be on any address (a local WordPress, a model server on
 *   localhost). Every other origin — where a redirect leads, an image URL an API answered with —
 *   must be on a public address: never loopback, private (RFC 1918, CGNAT, IPv6 unique-local),
 *   link-local (cloud metadata), unspecified, multicast or reserved. The check runs in the
 *   socket's own DNS lookup, so it holds for the address actually connected to;
 * - credentials (Authorization, API-key headers, cookies: every header but Accept,
 *   Accept-Language and User-Agent) go only to the entered origin: once a chain leaves it, they
 *   are dropped for the rest of the chain.
 */

export const MAX_REDIRECTS = 5;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
// What a request to another origin may carry: nothing that identifies or authorises.
const PORTABLE_HEADERS = new Set(['accept', 'accept-language', 'user-agent']);

export type TransportInit = RequestInit & { dispatcher: Dispatcher };
/** One HTTP exchange with no redirect followed; undici's fetch, or a test's wrapper around it. */
export type Transport = (url: string, init: TransportInit) => Promise<Response>;

/** undici's own fetch (the package, not Node's bundled copy), so that the dispatcher is its own. */
export const undiciTransport: Transport = undiciFetch as unknown as Transport;

export interface OutboundHttpOptions {
  /** Tests only: name resolution (map a test name to 127.0.0.1). */
  resolve?: Resolver;
  /** Tests only: address classification (call a test name public). */
  classify?: AddressClassifier;
  /** Tests only: wraps the exchange (to see or stop what would be sent). */
  transport?: Transport;
}

export interface RedirectHop {
  from: string;
  to: string;
  status: number;
}

export interface OutboundRequest {
  /** Who answered, as messages name it: "The feed", "The site", "The image server". */
  subject: string;
  method?: string;
  headers?: Record<string, string>;
  body?: RequestInit['body'];
  signal?: AbortSignal;
  /** 'follow' (default) follows redirects under the rule; 'manual' returns a 3xx answer as it is. */
  redirect?: 'follow' | 'manual';
  /** Default MAX_REDIRECTS. */
  maxRedirects?: number;
  /** The address the operator entered (its origin counts); default the URL asked for. */
  entered?: string;
  /** Called before a redirect is followed, after the rule allowed it: throw to stop there. */
  beforeRedirect?: (hop: RedirectHop) => void;
}

export interface OutboundResponse {
  response: Response;
  /** The URL that answered, and the ones that redirected to get there. */
  url: string;
  redirects: string[];
}

interface HopContext {
  subject: string;
  hop: number;
  onEntered: boolean;
  status: number;
}

export class OutboundHttp {
  readonly #classify: AddressClassifier;
  readonly #transport: Transport;
  /** For the entered origin: any address. */
  readonly #anyAddress: Agent;
  /** For every other origin: its pool only ever holds connections to public addresses. */
  readonly #publicOnly: Agent;

  constructor(options: OutboundHttpOptions = {}) {
    const resolve = options.resolve ?? systemResolver;
    this.#classify = options.classify ?? ((address) => classifyAddress(address));
    this.#anyAddress = new Agent({ connect: { lookup: guardedLookup(resolve, this.#classify, false) } });
    this.#publicOnly = new Agent({ connect: { lookup: guardedLookup(resolve, this.#classify, true) } });
    this.#transport = options.transport ?? undiciTransport;
  }

  async fetch(input: string | URL, request: OutboundRequest): Promise<OutboundResponse> {
    const method = (request.method ?? 'GET').toUpperCase();
    const maxRedirects = request.maxRedirects ?? MAX_REDIRECTS;
    let url = new URL(input);
    const entered = originOf(request.entered ?? url);
    let headers = request.headers ?? {};
    const redirects: string[] = [];
    let status = 0;
    for (let hop = 0; ; hop++) {
      const context: HopContext = { subject: request.subject, hop, onEntered: url.origin === entered, status };
      this.#checkAddress(url, context);
      if (!context.onEntered) headers = portable(headers);
      const response = await this.#send(url, context, {
        method,
        headers,
        ...(hop === 0 && request.body !== undefined ? { body: portableBody(request.body) } : {}),
        ...(request.signal ? { signal: request.signal } : {}),
        redirect: 'manual',
        dispatcher: context.onEntered ? this.#anyAddress : this.#publicOnly,
      });
      const location = response.headers.get('location');
      if (request.redirect === 'manual' || !REDIRECT_STATUSES.has(response.status) || location === null) {
        return { response, url: url.href, redirects };
      }
      await response.body?.cancel().catch(() => undefined);
      const next = parseLocation(location, url, { ...context, hop: hop + 1, status: response.status });
      if (method !== 'GET' && method !== 'HEAD') {
        throw refusal(
          'redirect_not_followed',
          `${request.subject} answered ${method} with a redirect (HTTP ${response.status}) to ${shown(next)}; a ${method} is not repeated at another address.`,
          {
            hop: hop + 1,
            url: next.href,
            status: response.status,
          },
        );
      }
      if (redirects.length >= maxRedirects) {
        throw refusal(
          'too_many_redirects',
          `${request.subject} redirected more than ${maxRedirects} times (the last time to ${shown(next)}); it was not followed further.`,
          {
            hop: hop + 1,
            url: next.href,
            status: response.status,
          },
        );
      }
      request.beforeRedirect?.({ from: url.href, to: next.href, status: response.status });
      redirects.push(url.href);
      url = next;
      status = response.status;
    }
  }

  /**
   * A fetch for libraries that take one (the AI SDK): the rule for the address asked for, no
   * redirect followed (a 3xx answer is returned for the caller to report).
   */
  asFetch(subject: string): typeof fetch {
    return async (input, init) => {
      const url = typeof input === 'string' || input instanceof URL ? input : input.url;
      const { response } = await this.fetch(url, {
        subject,
        redirect: 'manual',
        ...(init?.method ? { method: init.method } : {}),
        headers: Object.fromEntries(new Headers(init?.headers).entries()),
        ...(init?.body !== undefined ? { body: init.body } : {}),
        ...(init?.signal ? { signal: init.signal } : {}),
      });
      return response;
    };
  }

  async close(): Promise<void> {
    await Promise.all([this.#anyAddress.close(), this.#publicOnly.close()]);
  }

  /** Scheme, user info, and (off the entered origin) an IP literal's range: no DNS lookup happens for those. */
  #checkAddress(url: URL, context: HopContext): void {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw refusal(
        'scheme',
        `${lead(url, context)}, which is not an http or https address; ${outcome(context)}.`,
        init(url, context),
      );
    }
    if (url.username || url.password) {
      throw refusal(
        'credentials_in_url',
        `${lead(url, context)}, an address with a user name or password in it; ${outcome(context)} (credentials are never sent in an address).`,
        init(url, context),
      );
    }
    if (context.onEntered || !isIpAddress(url.hostname)) return;
    const address = url.hostname.replace(/^\[|\]$/g, '');
    const kind = this.#classify(address, url.hostname);
    if (kind !== 'public') throw forbidden(url, context, { address, kind }, false);
  }

  async #send(url: URL, context: HopContext, init: TransportInit): Promise<Response> {
    try {
      return await this.#transport(url.href, init);
    } catch (error) {
      const refused = forbiddenIn(error);
      if (refused) throw forbidden(url, context, { address: refused.address, kind: refused.kind }, true);
      throw error;
    }
  }
}

/** The one instance the app uses: its connection pools are shared by every integration. */
export const outbound = new OutboundHttp();

function portable(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => PORTABLE_HEADERS.has(name.toLowerCase())));
}

/**
 * Node's global FormData belongs to the undici copy bundled with Node, which the undici package's
 * fetch does not recognise (it would send "[object FormData]"): the fields are copied into the
 * package's own FormData. Every other body type is shared.
 */
function portableBody(body: RequestInit['body']): RequestInit['body'] {
  if (!(body instanceof FormData) || body instanceof UndiciFormData) return body;
  const form = new UndiciFormData();
  for (const [name, value] of body.entries()) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, value, value.name);
  }
  return form as unknown as RequestInit['body'];
}

function parseLocation(location: string, base: URL, context: HopContext): URL {
  try {
    return new URL(location, base);
  } catch {
    const text = location.length > 100 ? `${location.slice(0, 99)}…` : location;
    throw refusal(
      'invalid_redirect',
      `${context.subject} redirected to "${text}", which is not a valid address; it was not followed.`,
      {
        hop: context.hop,
        url: null,
        status: context.status,
      },
    );
  }
}

function forbidden(
  url: URL,
  context: HopContext,
  address: { address: string; kind: AddressKind },
  byName: boolean,
): OutboundRefusal {
  const via = byName ? ` (its name resolves to ${address.address})` : '';
  return refusal(
    'forbidden_address',
    `${lead(url, context)}${via}, ${describeAddressKind(address.kind)}; ${outcome(context)}.`,
    {
      ...init(url, context),
      address,
    },
  );
}

/** The socket's lookup refused the name: its error sits under fetch's "fetch failed". */
function forbiddenIn(error: unknown): ForbiddenAddressError | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    if (current instanceof ForbiddenAddressError) return current;
    const record = current as { cause?: unknown; errors?: unknown };
    current = Array.isArray(record.errors) && record.errors.length > 0 ? record.errors[0] : record.cause;
  }
  return null;
}

const refusal = (kind: OutboundRefusalKind, message: string, init: OutboundRefusalInit) =>
  new OutboundRefusal(kind, message, init);
const init = (url: URL, context: HopContext): OutboundRefusalInit => ({
  hop: context.hop,
  url: url.href,
  ...(context.status ? { status: context.status } : {}),
});

function lead(url: URL, context: HopContext): string {
  if (context.hop > 0) return `${context.subject} redirected to ${shown(url)}`;
  if (context.onEntered) return `${context.subject}'s address is ${shown(url)}`;
  return `${context.subject} pointed to ${shown(url)}`;
}

const outcome = (context: HopContext) => (context.hop > 0 ? 'it was not followed' : 'it was not fetched');

/** Scheme, host and path: no user info, no query (either may carry a secret), at most 80 characters. */
function shown(url: URL): string {
  if (url.protocol === 'data:') return 'data:…';
  const authority = url.href.startsWith(`${url.protocol}//`) ? `//${url.host}` : '';
  const text = `${url.protocol}${authority}${url.pathname}`;
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}
