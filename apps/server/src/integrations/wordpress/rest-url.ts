export type QueryValue = string | number | boolean | undefined;
export type Query = Record<string, QueryValue>;

/**
 * Builds the URL of a route under a REST root. Two root shapes exist in the wild:
 *   https://site/wp-json/                    → https://site/wp-json/wp/v2/posts?x=1
 *   https://site/?rest_route=/  (plain perms) → https://site/?rest_route=/wp/v2/posts&x=1
 */
export function routeUrl(restRoot: string, route: string, query: Query = {}): string {
  const cleanRoute = route.replace(/^\/+/, '');
  const root = new URL(restRoot);
  let url: URL;
  if (root.searchParams.has('rest_route')) {
    url = root;
    url.searchParams.set('rest_route', `/${cleanRoute}`);
  } else {
    url = new URL(cleanRoute, root.href.endsWith('/') ? root.href : `${root.href}/`);
  }
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url.toString();
}

/** Normalises what the operator typed: trims, drops credentials, query, hash and trailing slash. */
export function normaliseBaseUrl(raw: string): string {
  const url = new URL(raw.trim());
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`The site URL must start with http:// or https:// (got ${url.protocol})`);
  }
  url.username = '';
  url.password = '';
  url.search = '';
  url.hash = '';
  return url.toString().replace(/\/+$/, '');
}

/** Reads `Link: <https://site/wp-json/>; rel="https://api.w.org/"` (several links may share a header). */
export function restRootFromLinkHeader(link: string | null, base: string): string | null {
  if (!link) return null;
  for (const part of link.split(/,(?=\s*<)/)) {
    const match = /<([^>]+)>\s*;(.*)$/.exec(part.trim());
    if (match?.[1] && /rel\s*=\s*"?https:\/\/api\.w\.org\/"?/.test(match[2] ?? '')) {
      return new URL(match[1], base).toString();
    }
  }
  return null;
}
