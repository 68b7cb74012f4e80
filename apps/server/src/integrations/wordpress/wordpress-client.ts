import { sameOrigin } from '../../lib/origin.js';
import { canonicalSiteUrl } from './classify-failure.js';
import { createContentApi } from './content-api.js';
import type { DiscoveryResult } from './discovery.js';
import { isWordPressError } from './errors.js';
import { WordPressHttp } from './http.js';
import { createInventoryApi } from './inventory-api.js';
import { createMediaApi } from './media-api.js';
import { RestSession } from './rest-session.js';
import { normaliseBaseUrl } from './rest-url.js';
import { WORDPRESS_TRANSPORT_RETRY } from './retry-policy.js';
import { postSchema, postsRouteSchema, userSchema, type WpPost, type WpUser } from './schemas.js';
import { identifySeoFields, type SeoFields } from './seo-plugin.js';
import { createTermsApi } from './terms-api.js';
import type {
  ContentApi,
  InventoryApi,
  MediaApi,
  PublicPage,
  Reachability,
  TermsApi,
  WordPressClient,
  WordPressConfig,
} from './types.js';

export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_MEDIA_TIMEOUT_MS = 120_000;

/** The real adapter: wp/v2 over HTTP. One instance per site connection. */
export class HttpWordPressClient implements WordPressClient {
  readonly baseUrl: string;
  readonly username: string;
  readonly posts: ContentApi;
  readonly pages: ContentApi;
  readonly media: MediaApi;
  readonly categories: TermsApi;
  readonly tags: TermsApi;
  readonly inventory: InventoryApi;
  readonly #session: RestSession;

  constructor(config: WordPressConfig) {
    this.baseUrl = normaliseBaseUrl(config.baseUrl);
    this.username = config.username.trim();
    const http = new WordPressHttp({
      siteOrigin: new URL(this.baseUrl).origin,
      username: this.username,
      applicationPassword: config.applicationPassword,
      timeoutMs: config.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      retry: { ...WORDPRESS_TRANSPORT_RETRY, ...config.retry },
      onRetry: config.onRetry,
    });
    // A root stored for another origin (an older version followed redirects and Link headers across
    // hosts) is not used: the API is found again on the address the operator entered.
    const restRoot = config.restRoot && sameOrigin(config.restRoot, this.baseUrl) ? config.restRoot : null;
    this.#session = new RestSession(http, this.baseUrl, restRoot, config.mediaTimeoutMs ?? DEFAULT_MEDIA_TIMEOUT_MS);
    this.posts = createContentApi(this.#session, 'posts');
    this.pages = createContentApi(this.#session, 'pages');
    this.media = createMediaApi(this.#session);
    this.categories = createTermsApi(this.#session, 'categories');
    this.tags = createTermsApi(this.#session, 'tags');
    this.inventory = createInventoryApi(this.#session);
  }

  get restRoot(): string | null {
    return this.#session.restRoot;
  }

  async checkReachability(): Promise<Reachability> {
    const url = `${this.baseUrl}/`;
    try {
      // A diagnosis should answer fast; retries here would only delay the verdict.
      const response = await this.#visitorGet(url, 1);
      const first = response.redirects[0];
      return { status: response.status, redirectedTo: first ? canonicalSiteUrl(first, response.url) : null };
    } catch (error) {
      // Any HTTP answer (even 404 or 500 for the home page) proves the host answers; the REST
      // checks that follow say what is wrong. Silence or a firewall page is a real failure.
      // A redirect to another origin is not followed (not even without credentials): it is reported.
      if (isWordPressError(error) && error.kind === 'cross_origin_redirect') {
        return { status: error.status ?? 0, redirectedTo: error.canonicalUrl };
      }
      if (
        isWordPressError(error) &&
        error.status !== null &&
        error.kind !== 'blocked_by_firewall' &&
        error.kind !== 'redirected'
      ) {
        return { status: error.status, redirectedTo: null };
      }
      throw error;
    }
  }

  discover(): Promise<DiscoveryResult> {
    return this.#session.discover();
  }

  async seoFields(): Promise<SeoFields> {
    const { namespaces } = await this.#session.discover();
    const schema = await this.#session.call(postsRouteSchema, {
      method: 'OPTIONS',
      route: 'wp/v2/posts',
      idempotent: true,
    });
    return identifySeoFields(namespaces, Object.keys(schema.schema?.properties?.meta?.properties ?? {}));
  }

  getCurrentUser(): Promise<WpUser> {
    return this.#session.call(userSchema, {
      method: 'GET',
      route: 'wp/v2/users/me',
      query: { context: 'edit' },
      idempotent: true,
    });
  }

  /** A page of the site as a visitor gets it: no credentials, same-origin redirects followed, HTML accepted. */
  #visitorGet(url: string, maxAttempts: number) {
    return this.#session.http.send({
      method: 'GET',
      url,
      authenticate: false,
      expectJson: false,
      followRedirects: 5,
      idempotent: true,
      headers: { Accept: 'text/html,application/xhtml+xml' },
      maxAttempts,
    });
  }

  async fetchPublicPage(url: string): Promise<PublicPage> {
    // Only the site's own pages: a permalink elsewhere is not fetched (no request to an address WordPress names).
    if (!sameOrigin(url, this.baseUrl))
      return { status: 0, url, html: '', failure: `the permalink ${url} is not on the site's address` };
    try {
      const response = await this.#visitorGet(url, 2);
      return { status: response.status, url: response.url, html: response.text, failure: null };
    } catch (error) {
      if (isWordPressError(error) && error.status !== null && error.kind !== 'cross_origin_redirect')
        return { status: error.status, url, html: '', failure: null };
      return { status: 0, url, html: '', failure: error instanceof Error ? error.message : String(error) };
    }
  }

  setFeaturedMedia(postId: number, mediaId: number, type: 'posts' | 'pages' = 'posts'): Promise<WpPost> {
    return this.#session.call(postSchema, {
      method: 'POST',
      route: `wp/v2/${type}/${postId}`,
      json: { featured_media: mediaId },
      idempotent: true,
    });
  }
}

export function createWordPressClient(config: WordPressConfig): WordPressClient {
  return new HttpWordPressClient(config);
}
