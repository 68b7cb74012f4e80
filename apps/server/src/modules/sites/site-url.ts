import { badRequest } from '../../errors.js';
import { normaliseBaseUrl } from '../../integrations/wordpress/index.js';

/**
 * The form a site URL is stored in: http(s) only, lower-case host, no credentials, query, hash,
 * trailing slash or WordPress entry path ("https://Example.com/blog/wp-admin/?x#y" →
 * "https://example.com/blog").
 */
export function normaliseSiteUrl(raw: string): string {
  const text = raw.trim();
  if (!URL.canParse(text))
    throw badRequest('body.url', 'must be a full http:// or https:// address (e.g. https://example.com)');
  const parsed = new URL(text);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw badRequest('body.url', `must start with http:// or https:// (got ${parsed.protocol})`);
  }
  if (!parsed.hostname) throw badRequest('body.url', 'must name a host (e.g. https://example.com)');
  if (parsed.username || parsed.password) {
    // Credentials in the URL would be stored in clear text and sent on every request.
    throw badRequest(
      'body.url',
      'must not contain a user name or password; use the Username and Application password fields',
    );
  }
  parsed.pathname = parsed.pathname.replace(WORDPRESS_ENTRY_PATH, '');
  return normaliseBaseUrl(parsed.toString());
}

// Addresses pasted from the browser while in wp-admin, the REST API or the login page: the site is
// the part before them ("https://example.com/blog/wp-admin/post.php" → "https://example.com/blog").
const WORDPRESS_ENTRY_PATH = /\/(?:wp-admin(?:\/.*)?|wp-json(?:\/.*)?|wp-login\.php|xmlrpc\.php|index\.php)\/?$/i;

/** The same site over http and https: both count as one site for the duplicate check. */
export function schemeVariants(url: string): string[] {
  const rest = url.replace(/^https?:\/\//, '');
  return [`http://${rest}`, `https://${rest}`];
}
