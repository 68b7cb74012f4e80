import { CheckRecorder, type ConnectionCheck } from './check-recorder.js';
import { probeDraftPost, probeMediaUpload, probeTerms } from './connection-probes.js';
import type { DiscoveryResult } from './discovery.js';
import { informationalRecommendations, UNFILTERED_HTML_ADVICE } from './recommendations.js';
import type { SeoFields } from './seo-plugin.js';
import type { WordPressClient, WpUser } from './types.js';

export type { CheckSeverity, ConnectionCheck } from './check-recorder.js';

export interface ConnectionTestResult {
  /** Every required check passed (warning-level checks such as unfiltered_html may fail). */
  success: boolean;
  /** Passed checks / all checks, warnings included, 0–1. */
  success_rate: number;
  tests: Record<string, ConnectionCheck>;
  recommendations: string[];
  /** The REST root found (store it on the site), or null when discovery failed. */
  restRoot: string | null;
  /** The "home" the REST index names, or null when discovery failed. */
  home: string | null;
  /** Enhanced only: the SEO plugin found and which of its fields publishing writes; null when not asked or not answered. */
  seo: SeoFields | null;
}

/** Check names, in the order they run. Basic runs only discovery and authentication. */
export const CONNECTION_CHECKS = [
  'reachability',
  'rest_api_discovery',
  'authentication',
  'user_capabilities',
  'unfiltered_html',
  'draft_post',
  'media_upload',
  'categories_readable',
  'tags_readable',
] as const;
export type ConnectionCheckName = (typeof CONNECTION_CHECKS)[number];

/** Capabilities publishing needs; unfiltered_html is checked apart, as a warning. */
export const REQUIRED_CAPABILITIES = ['publish_posts', 'upload_files', 'publish_pages'] as const;

/**
 * Diagnoses a site connection. Basic: REST discovery + authenticated users/me. Enhanced adds
 * reachability, capabilities, a real draft post and media upload (both deleted again, even when
 * a step fails) and taxonomy reads. Checks that depend on a failed one are reported as skipped.
 */
export async function runConnectionTest(
  client: WordPressClient,
  options: { enhanced?: boolean } = {},
): Promise<ConnectionTestResult> {
  const enhanced = options.enhanced ?? false;
  const recorder = new CheckRecorder({ username: client.username });
  const finish = (): ConnectionTestResult => ({
    success: recorder.success,
    success_rate: recorder.successRate,
    tests: recorder.tests,
    recommendations: recorder.recommendations,
    restRoot: client.restRoot,
    home: seen.discovery?.home ?? null,
    seo: seen.seo,
  });
  const skipRest = (from: ConnectionCheckName, reason: string): ConnectionTestResult => {
    const names = CONNECTION_CHECKS.slice(CONNECTION_CHECKS.indexOf(from) + 1);
    for (const name of names) if (enhanced || name === 'authentication') recorder.skip(name, reason, severityOf(name));
    return finish();
  };

  // Filled by the checks' callbacks (a holder, since TypeScript does not track closure writes).
  const seen: {
    redirectedTo: string | null;
    discovery: DiscoveryResult | null;
    user: WpUser | null;
    seo: SeoFields | null;
  } = {
    redirectedTo: null,
    discovery: null,
    user: null,
    seo: null,
  };
  if (enhanced) {
    const reachable = await recorder.run('reachability', async (details) => {
      const answer = await client.checkReachability();
      seen.redirectedTo = answer.redirectedTo;
      Object.assign(details, { status: answer.status, redirected_to: answer.redirectedTo });
      return { success: true };
    });
    if (!reachable) return skipRest('reachability', 'the site is not reachable');
  }

  const discovered = await recorder.run('rest_api_discovery', async (details) => {
    const discovery = await client.discover();
    seen.discovery = discovery;
    recorder.advice.applicationPasswordsAdvertised = discovery.applicationPasswordsAdvertised;
    Object.assign(details, {
      rest_root: discovery.restRoot,
      method: discovery.method,
      site_name: discovery.siteName,
      application_passwords_advertised: discovery.applicationPasswordsAdvertised,
      canonical_url: discovery.canonicalUrl,
      home: discovery.home,
      tried: discovery.tried,
    });
    return { success: true };
  });
  // A discovery stopped by a redirect to another address already says so, with what to do.
  const stoppedByRedirect = recorder.tests.rest_api_discovery?.details.kind === 'cross_origin_redirect';
  recorder.recommend(...informationalRecommendations(seen.discovery, stoppedByRedirect ? null : seen.redirectedTo));
  if (!discovered) return skipRest('rest_api_discovery', 'the REST API was not found');

  const authenticated = await recorder.run('authentication', async (details) => {
    const user = await client.getCurrentUser();
    seen.user = user;
    Object.assign(details, { user_id: user.id, username: user.username ?? null, name: user.name, roles: user.roles });
    return { success: true };
  });
  if (!enhanced) return finish();

  const me = seen.user;
  if (authenticated && me) {
    await recorder.run('user_capabilities', async (details) => {
      const missing = REQUIRED_CAPABILITIES.filter((cap) => me.capabilities[cap] !== true);
      details.capabilities = Object.fromEntries(
        REQUIRED_CAPABILITIES.map((cap) => [cap, me.capabilities[cap] === true]),
      );
      details.roles = me.roles;
      if (missing.length === 0) return { success: true };
      recorder.recommend(
        `The WordPress user "${client.username}" (role: ${me.roles.join(', ') || 'none'}) lacks ${missing.join(', ')}. ` +
          'Give it the Editor or Administrator role, or connect with a user that has these capabilities.',
      );
      return { success: false, error: `Missing capabilities: ${missing.join(', ')}` };
    });
    await recorder.run(
      'unfiltered_html',
      async (details) => {
        details.unfiltered_html = me.capabilities.unfiltered_html === true;
        if (details.unfiltered_html) return { success: true };
        recorder.recommend(UNFILTERED_HTML_ADVICE);
        return {
          success: false,
          error: 'The user lacks unfiltered_html: <script> and <iframe> will be stripped from posts.',
        };
      },
      'warning',
    );
    await recorder.run('draft_post', (details) => probeDraftPost(client, details));
    await recorder.run('media_upload', (details) => probeMediaUpload(client, details));
  } else {
    for (const name of ['user_capabilities', 'unfiltered_html', 'draft_post', 'media_upload'] as const) {
      recorder.skip(name, 'authentication failed', severityOf(name));
    }
  }
  // Taxonomies are public, so they are read even when authentication failed: it tells a
  // firewall or a broken REST API apart from a credentials problem.
  await recorder.run('categories_readable', (details) => probeTerms(client, 'categories', details));
  await recorder.run('tags_readable', (details) => probeTerms(client, 'tags', details));
  // Not a pass/fail check: what the site has decides where the meta description goes.
  if (authenticated) seen.seo = await client.seoFields().catch(() => null);
  return finish();
}

function severityOf(name: ConnectionCheckName): 'required' | 'warning' {
  return name === 'unfiltered_html' ? 'warning' : 'required';
}
