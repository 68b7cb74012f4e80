/**
 * Every failure talking to WordPress becomes one WordPressError with a `kind` the rest of the app
 * can branch on (retry, mark the site unhealthy, show advice). Messages are written for the
 * operator and never contain the application password or the Authorization header: they are
 * built only from the method, a credential-free URL and what WordPress itself answered.
 */
export const WORDPRESS_ERROR_KINDS = [
  'bad_credentials',
  'missing_capability',
  'rest_unavailable',
  'blocked_by_firewall',
  'rate_limited',
  'server_error',
  'network',
  'redirected',
  'cross_origin_redirect',
  'not_json',
  'unexpected_response',
  'not_found',
  'invalid_request',
  'response_too_large',
] as const;
export type WordPressErrorKind = (typeof WORDPRESS_ERROR_KINDS)[number];

/** Kinds that may go away by themselves; only these are ever retried (and only on safe calls). */
const RETRYABLE: ReadonlySet<WordPressErrorKind> = new Set(['rate_limited', 'server_error', 'network']);

const DEFAULT_ADVICE: Record<WordPressErrorKind, string> = {
  bad_credentials:
    'Use the WordPress login name (not the name given to the application password) and an application ' +
    'password from Users → Profile → Application Passwords (not the wp-admin login password). If both are ' +
    'right, the web server may strip the Authorization header (Apache: CGIPassAuth On or a SetEnvIf ' +
    'Authorization rule), or a security/two-factor plugin may block application passwords.',
  missing_capability:
    'The WordPress user’s role lacks a capability this needs. Use an Editor or Administrator account ' +
    '(publish_posts, upload_files, publish_pages).',
  rest_unavailable:
    'The WordPress REST API is not reachable at this address. Check the site URL; with plain permalinks ' +
    'the API lives at ?rest_route=; a plugin may disable the REST API.',
  blocked_by_firewall:
    'A firewall or CDN (Cloudflare, ModSecurity, a security plugin) blocked the request. Allow-list this ' +
    'server’s IP address or the /wp-json/ path for it.',
  rate_limited: 'The host is rate limiting requests. Lower the posting concurrency for this site or wait.',
  server_error: 'WordPress failed with a server error. Check the site’s PHP error log and hosting status.',
  network: 'The site could not be reached. Check the URL, DNS, that the site is up, and any firewall in between.',
  redirected:
    'The site redirects API calls to another address. Save the canonical address (usually https and the ' +
    'exact host name) as the site URL so that posts are not lost in a redirect.',
  cross_origin_redirect:
    'The site sent this app to another address (another host, port or scheme). The application password goes ' +
    'only to the address you entered, so nothing was sent there. If the new address is right, edit the site and ' +
    'save it as the site URL.',
  not_json:
    'The site answered with something that is not JSON (often a challenge or error page). Check for a ' +
    'firewall, a maintenance mode or a plugin printing output.',
  unexpected_response: 'WordPress answered with JSON of an unexpected shape. A plugin may alter REST responses.',
  not_found: 'The item does not exist on WordPress any more (deleted or never created).',
  invalid_request: 'WordPress refused the request as invalid; see the message for the field at fault.',
  response_too_large:
    'The site answered with far more data than any WordPress API answer holds, so reading was stopped. Check that ' +
    'the URL is the WordPress site and that no plugin or proxy in front of it inflates the answers.',
};

export interface WordPressErrorInit {
  message: string;
  advice?: string;
  status?: number | null;
  wpCode?: string | null;
  retryable?: boolean;
  retryAfterSeconds?: number | null;
  /** Where a redirect pointed (Location), and the site address to use instead. */
  location?: string | null;
  canonicalUrl?: string | null;
  /** True when a write may have been applied although we saw no answer (timeout, reset). */
  outcomeUnknown?: boolean;
  method?: string;
  url?: string;
  /** Data WordPress sent with its error (e.g. term_exists' term_id). Never request data. */
  wpData?: unknown;
  cause?: unknown;
}

export class WordPressError extends Error {
  override readonly name = 'WordPressError';
  readonly kind: WordPressErrorKind;
  readonly advice: string;
  readonly status: number | null;
  readonly wpCode: string | null;
  readonly retryable: boolean;
  readonly retryAfterSeconds: number | null;
  readonly location: string | null;
  readonly canonicalUrl: string | null;
  readonly outcomeUnknown: boolean;
  readonly method: string | null;
  readonly url: string | null;
  readonly wpData: unknown;

  constructor(kind: WordPressErrorKind, init: WordPressErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = kind;
    this.advice = init.advice ?? DEFAULT_ADVICE[kind];
    this.status = init.status ?? null;
    this.wpCode = init.wpCode ?? null;
    this.retryable = init.retryable ?? RETRYABLE.has(kind);
    this.retryAfterSeconds = init.retryAfterSeconds ?? null;
    this.location = init.location ?? null;
    this.canonicalUrl = init.canonicalUrl ?? null;
    this.outcomeUnknown = init.outcomeUnknown ?? false;
    this.method = init.method ?? null;
    this.url = init.url ?? null;
    this.wpData = init.wpData;
  }

  /** Safe to log or return to the UI: only fields built from public data. */
  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      kind: this.kind,
      message: this.message,
      advice: this.advice,
      status: this.status,
      wpCode: this.wpCode,
      retryable: this.retryable,
      retryAfterSeconds: this.retryAfterSeconds,
      location: this.location,
      canonicalUrl: this.canonicalUrl,
      outcomeUnknown: this.outcomeUnknown,
      method: this.method,
      url: this.url,
    };
  }
}

export function isWordPressError(value: unknown): value is WordPressError {
  return value instanceof WordPressError;
}

export function defaultAdvice(kind: WordPressErrorKind): string {
  return DEFAULT_ADVICE[kind];
}

/** Strips user:password@ and the query from a URL before it goes into a message or log. */
export function redactUrl(raw: string): string {
  try {
    const url = new URL(raw);
    url.username = '';
    url.password = '';
    // rest_route is the only query that helps an operator; everything else is dropped.
    const route = url.searchParams.get('rest_route');
    url.search = route === null ? '' : `?rest_route=${route}`;
    return url.toString();
  } catch {
    return '(invalid URL)';
  }
}
