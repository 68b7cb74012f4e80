import { isHttpsUpgrade } from '../../lib/origin.js';
import type { DiscoveryResult } from './discovery.js';
import type { WordPressError } from './errors.js';

/** What the recommendation texts may mention about the connection under test. */
export interface AdviceContext {
  username: string;
  /** False when the REST index did not list application passwords. */
  applicationPasswordsAdvertised?: boolean;
}

const AUTH_HEADER_STRIPPED =
  'If the login name and application password are right, the web server may be stripping the Authorization ' +
  'header before WordPress sees it: on Apache add "CGIPassAuth On" (or SetEnvIf Authorization "(.*)" ' +
  'HTTP_AUTHORIZATION=$1) to .htaccess; on nginx + PHP-FPM pass HTTP_AUTHORIZATION to PHP.';
const SECURITY_PLUGIN =
  'A security or two-factor plugin (Wordfence, Solid Security, All-In-One WP Security) may disable application ' +
  'passwords or the REST API for this user: allow application passwords there. A revoked password must be re-created.';

function badCredentials(error: WordPressError, ctx: AdviceContext): string[] {
  const advice: string[] = [];
  if (ctx.applicationPasswordsAdvertised === false || error.wpCode?.startsWith('application_passwords_disabled')) {
    advice.push(
      'The site does not offer application passwords: a security plugin turned them off, or WordPress allows them only ' +
        'over HTTPS. Enable them (or serve the site over https) and create one in Users → Profile.',
    );
  }
  if (error.wpCode !== 'incorrect_password') {
    advice.push(
      `Check the username "${ctx.username}": it must be the WordPress login name (Users → Profile → Username), ` +
        'not the name given to the application password.',
    );
  }
  advice.push(
    'Use an application password (Users → Profile → Application Passwords → Add New, e.g. named ' +
      '"Automated Blog Poster"), not the wp-admin login password. It looks like "abcd efgh ijkl mnop qrst uvwx".',
  );
  advice.push(AUTH_HEADER_STRIPPED, SECURITY_PLUGIN);
  return advice;
}

/** The site pointed elsewhere; the operator decides whether that is the site's address now. */
function crossOrigin(error: WordPressError): string {
  const target = error.canonicalUrl ?? error.location;
  if (!target) return `${error.message} ${error.advice}`;
  if (error.url && isHttpsUpgrade(error.url, target)) {
    return (
      `The site moved to HTTPS: it redirects to ${target}. Edit the site and save ${target} as its URL to confirm the new ` +
      'address (the application password is kept for the same host); until then nothing is sent there.'
    );
  }
  const how = error.status !== null ? 'redirects to' : 'says its REST API is on';
  return (
    `This site ${how} ${target} — update the site URL: edit the site, save ${target} and enter the application password ` +
    'again. The password is only ever sent to the address you entered, so nothing was sent to the new one.'
  );
}

/** Turns one failed check into advice an operator can act on. */
export function recommendationsFor(check: string, error: WordPressError, ctx: AdviceContext): string[] {
  switch (error.kind) {
    case 'bad_credentials':
      return badCredentials(error, ctx);
    case 'missing_capability':
      return [
        `The WordPress user "${ctx.username}" may not do this (${error.wpCode ?? 'HTTP 403'}). Give it the Editor or ` +
          'Administrator role, or use another user with publish_posts, upload_files and publish_pages.',
      ];
    case 'rest_unavailable':
      return [
        'The WordPress REST API was not found. Check that the URL is the WordPress address; with plain permalinks ' +
          'the API is at ?rest_route= (tried automatically). A plugin (e.g. Disable REST API, Clearfy, a security ' +
          'plugin) may switch the REST API off: allow wp/v2 for authenticated users.',
      ];
    case 'blocked_by_firewall':
      return [
        `A firewall or CDN blocked the ${check.replace(/_/g, ' ')} request (${error.message}) Allow-list this ` +
          'server’s IP address or the /wp-json/ path in Cloudflare (WAF, Bot Fight Mode), ModSecurity or the ' +
          'security plugin; these rules often fire on HTML in post bodies.',
      ];
    case 'redirected':
      return [
        `The site redirects API calls${error.canonicalUrl ? ` to ${error.canonicalUrl}` : ''}. Save the canonical ` +
          'address (https, exact host name) as the site URL: a redirected POST is never repeated, so nothing would be published.',
      ];
    case 'cross_origin_redirect':
      return [crossOrigin(error)];
    case 'response_too_large':
      return [`${error.message} ${error.advice}`];
    case 'rate_limited':
      return [
        `The host rate limits requests${error.retryAfterSeconds !== null ? ` (retry after ${error.retryAfterSeconds} s)` : ''}. ` +
          'Lower the posting concurrency for this site, or ask the host to allow this server.',
      ];
    case 'server_error':
      return check === 'media_upload'
        ? [
            `Media upload failed on the server (${error.message}) Check that wp-content/uploads is writable and that upload_max_filesize allows images.`,
          ]
        : [
            `WordPress failed with a server error (${error.message}) Check the site’s PHP error log and hosting status.`,
          ];
    case 'not_json':
    case 'unexpected_response':
      return [
        `The site did not answer with the expected JSON (${error.message}) A plugin printing PHP warnings, a ` +
          'maintenance mode or a caching/firewall layer may be in the way.',
      ];
    default:
      return [`${error.message} ${error.advice}`];
  }
}

/** Advice for things that worked but are worth changing. */
export function informationalRecommendations(discovery: DiscoveryResult | null, redirectedTo: string | null): string[] {
  const notes: string[] = [];
  if (redirectedTo) {
    notes.push(
      `The site address redirects to ${redirectedTo} — update the site URL to that address: requests are not ` +
        'followed to another address, so publishing through the old one would fail.',
    );
  }
  if (discovery?.canonicalUrl && discovery.canonicalUrl !== redirectedTo) {
    notes.push(`The REST API redirects to ${discovery.canonicalUrl}. Save that address as the site URL.`);
  }
  if (discovery && discovery.method !== 'wp-json') {
    notes.push(
      'The site uses plain permalinks, so its REST API is reached through ?rest_route= (found and used automatically). ' +
        'Choosing "Post name" under Settings → Permalinks gives /wp-json/ URLs and readable post links.',
    );
  }
  return notes;
}

export const UNFILTERED_HTML_ADVICE =
  'The user lacks unfiltered_html (non-super-admins on multisite, or DISALLOW_UNFILTERED_HTML): WordPress will strip ' +
  '<script> (JSON-LD structured data) and <iframe> embeds from posts. Use an Administrator on a single site, or ' +
  'deliver structured data through an SEO plugin.';
