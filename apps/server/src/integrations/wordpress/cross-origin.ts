import { isHttpsUpgrade, originOf, sameOrigin } from '../../lib/origin.js';
import { canonicalSiteUrl } from './classify-failure.js';
import { redactUrl, WordPressError } from './errors.js';

/**
 * The site pointed this app somewhere else: a redirect (Location) or the REST API Link header
 * naming another origin. The application password belongs to the origin the operator entered, so
 * the client stops here and says where the site pointed; the operator decides by editing the site.
 */
export function crossOriginError(
  from: string,
  to: string,
  via: { kind: 'redirect'; status: number; method: string } | { kind: 'link' },
): WordPressError {
  const canonical = via.kind === 'link' ? siteOfRestRoot(to) : canonicalSiteUrl(from, to);
  const upgrade = isHttpsUpgrade(from, to);
  const entered = originOf(from) ?? redactUrl(from);
  const said =
    via.kind === 'redirect'
      ? `This site redirects to ${canonical} (HTTP ${via.status} from ${redactUrl(from)} to ${redactUrl(to)})`
      : `This site says its REST API is at ${redactUrl(to)}, on ${canonical} (Link header of ${redactUrl(from)})`;
  const todo = upgrade
    ? `The site moved to HTTPS: edit the site and save ${canonical} as its URL to confirm the new address.`
    : `Update the site URL to ${canonical} if that is the right address.`;
  return new WordPressError('cross_origin_redirect', {
    ...(via.kind === 'redirect' ? { status: via.status, method: via.method } : {}),
    url: redactUrl(from),
    location: to,
    canonicalUrl: canonical,
    retryable: false,
    message: `${said}. The application password goes only to ${entered}, so nothing was sent there. ${todo}`,
    ...(upgrade
      ? {
          advice: `Edit the site and save ${canonical} (https) as its URL; the stored application password is kept for the same host.`,
        }
      : {}),
  });
}

/** The site address a REST root belongs to: https://b/blog/wp-json/ or https://b/blog/index.php?rest_route=/ → https://b/blog/. */
function siteOfRestRoot(restRoot: string): string {
  const url = new URL(restRoot);
  const marker = url.pathname.indexOf('/wp-json');
  const path =
    marker >= 0 ? url.pathname.slice(0, marker) : url.pathname.replace(/\/index\.php$/, '').replace(/\/+$/, '');
  return `${url.origin}${path}/`;
}

/** Throws when `to` is on another origin than `from`. */
export function assertSameOrigin(from: string, to: string, via: Parameters<typeof crossOriginError>[2]): void {
  if (!sameOrigin(from, to)) throw crossOriginError(from, to, via);
}
