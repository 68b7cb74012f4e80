import { canonicalSiteUrl } from './classify-failure.js';
import { assertSameOrigin } from './cross-origin.js';
import { isWordPressError, redactUrl, WordPressError } from './errors.js';
import type { WordPressHttp, WpResponse } from './http.js';
import { restRootFromLinkHeader } from './rest-url.js';
import { restIndexSchema, type WpRestIndex } from './schemas.js';

export type DiscoveryMethod = 'wp-json' | 'link-header' | 'rest_route';

export interface DiscoveryResult {
  /** Store this on the site; every later call is built from it. */
  restRoot: string;
  method: DiscoveryMethod;
  siteName: string | null;
  namespaces: string[];
  /** WordPress lists application passwords in the index only when they are enabled. */
  applicationPasswordsAdvertised: boolean;
  /** The site address to save instead, when the configured one redirected. */
  canonicalUrl: string | null;
  /** The index's "home" (the site's public address, WordPress' Settings → Site Address). */
  home: string | null;
  /** What was tried, in order, for the connection test's details. */
  tried: Array<{ url: string; outcome: string }>;
}

/**
 * Errors that mean "this site cannot be talked to at all", so trying other URLs is pointless. A
 * redirect to another origin is one: the operator must confirm the new address first.
 */
const FATAL: ReadonlySet<WordPressError['kind']> = new Set([
  'cross_origin_redirect',
  'response_too_large',
  'network',
  'blocked_by_firewall',
  'rate_limited',
  'server_error',
  'bad_credentials',
]);

interface Probe {
  index: WpRestIndex | null;
  response: WpResponse | null;
}

/**
 * Finds the REST root the way WordPress documents it: /wp-json/, else the Link rel="https://api.w.org/"
 * header, else ?rest_route= (sites on plain permalinks, where /wp-json/ is just the home page).
 */
export async function discoverRestRoot(http: WordPressHttp, baseUrl: string): Promise<DiscoveryResult> {
  const tried: DiscoveryResult['tried'] = [];

  const probe = async (url: string): Promise<Probe> => {
    try {
      // GET only, so following redirects is safe; the trail tells us the canonical address.
      const response = await http.send({ method: 'GET', url, idempotent: true, expectJson: false, followRedirects: 5 });
      const parsed = restIndexSchema.safeParse(response.data);
      tried.push({
        url: redactUrl(url),
        outcome: parsed.success ? 'REST index' : `HTTP ${response.status}, not a REST index`,
      });
      return { index: parsed.success ? parsed.data : null, response };
    } catch (error) {
      if (!isWordPressError(error)) throw error;
      tried.push({ url: redactUrl(url), outcome: `${error.kind}: ${error.message}` });
      if (FATAL.has(error.kind)) throw error;
      return { index: null, response: null };
    }
  };

  const found = (url: string, method: DiscoveryMethod, p: Probe): DiscoveryResult => {
    const index = p.index as WpRestIndex;
    if (!index.namespaces.includes('wp/v2')) {
      throw new WordPressError('rest_unavailable', {
        url: redactUrl(url),
        message: `The REST index at ${redactUrl(url)} does not offer wp/v2 (namespaces: ${index.namespaces.join(', ') || 'none'}).`,
        advice: 'A plugin restricts the REST API. Allow the wp/v2 routes for authenticated users.',
      });
    }
    const response = p.response as WpResponse;
    const auth = index.authentication;
    const first = response.redirects[0];
    return {
      restRoot: response.url,
      method,
      siteName: index.name ?? null,
      namespaces: index.namespaces,
      applicationPasswordsAdvertised: !!auth && !Array.isArray(auth) && 'application-passwords' in auth,
      canonicalUrl: first ? canonicalSiteUrl(first, response.url) : null,
      home: index.home ?? index.url ?? null,
      tried,
    };
  };

  const wpJsonUrl = `${baseUrl}/wp-json/`;
  const direct = await probe(wpJsonUrl);
  if (direct.index) return found(wpJsonUrl, 'wp-json', direct);

  // WordPress sends the Link header on every front-end page, including the HTML /wp-json/ became.
  let linkedFrom = direct.response?.url ?? wpJsonUrl;
  let linked = restRootFromLinkHeader(direct.response?.headers.get('link') ?? null, linkedFrom);
  if (!linked) {
    const home = await probe(`${baseUrl}/`);
    linkedFrom = home.response?.url ?? `${baseUrl}/`;
    linked = restRootFromLinkHeader(home.response?.headers.get('link') ?? null, linkedFrom);
  }
  // A Link to another origin is the site naming another address (WordPress's "home" setting):
  // reported for the operator to confirm, never probed with the application password.
  if (linked) assertSameOrigin(linkedFrom, linked, { kind: 'link' });
  if (linked && linked !== wpJsonUrl) {
    const viaLink = await probe(linked);
    if (viaLink.index) return found(linked, 'link-header', viaLink);
  }

  const restRouteUrl = `${baseUrl}/?rest_route=/`;
  const viaQuery = await probe(restRouteUrl);
  if (viaQuery.index) return found(restRouteUrl, 'rest_route', viaQuery);

  throw new WordPressError('rest_unavailable', {
    url: redactUrl(baseUrl),
    message:
      `No WordPress REST API was found at ${redactUrl(baseUrl)}. Tried: ` +
      tried.map((t) => `${t.url} (${t.outcome})`).join('; '),
  });
}
