import {
  type ContentApi,
  type DiscoveryMethod,
  type DiscoveryResult,
  type InventoryApi,
  identifySeoFields,
  type MediaApi,
  type PublicPage,
  type Reachability,
  type SeoFields,
  type TermsApi,
  type WordPressClient,
  WordPressError,
  type WpMedia,
  type WpPost,
  type WpTerm,
  type WpUser,
} from '../../src/integrations/wordpress/index.js';
import {
  createFakeContentApi,
  createFakeInventoryApi,
  createFakeMediaApi,
  createFakeTermsApi,
  type FakeSiteContext,
} from './fake-wordpress-resources.js';

/** What an administrator has on a single site; tests switch single capabilities off. */
export const ADMINISTRATOR_CAPABILITIES: Readonly<Record<string, boolean>> = {
  read: true,
  edit_posts: true,
  publish_posts: true,
  edit_pages: true,
  publish_pages: true,
  upload_files: true,
  manage_categories: true,
  unfiltered_html: true,
};

export interface FakeWordPressOptions {
  /** An SEO plugin's REST surface: its namespaces and the post meta keys registered for REST. */
  seo?: { namespaces: string[]; metaKeys: string[] };
  baseUrl?: string;
  discoveryMethod?: DiscoveryMethod;
  /** The "home" its REST index names; the base URL when not given. */
  home?: string;
  applicationPasswordsAdvertised?: boolean;
  /** Merged over ADMINISTRATOR_CAPABILITIES. */
  capabilities?: Record<string, boolean>;
  roles?: string[];
  username?: string;
  /** Simulated latency of every call, in ms (default 0). */
  latencyMs?: number;
}

interface ArmedFailure {
  error: WordPressError;
  remaining: number;
  /** Apply the change, then throw: "the create worked but the answer was lost". */
  afterApply: boolean;
}

/**
 * In-memory WordPress implementing the same interface as the real client, for the tests of
 * publishing, sites and SEO features. Operation names are "discover", "getCurrentUser",
 * "checkReachability", "setFeaturedMedia", "<posts|pages|media|categories|tags>.<method>".
 */
export class FakeWordPress implements WordPressClient {
  readonly baseUrl: string;
  readonly username: string;
  readonly posts: ContentApi;
  readonly pages: ContentApi;
  readonly media: MediaApi;
  readonly categories: TermsApi;
  readonly tags: TermsApi;
  readonly inventory: InventoryApi;
  /** Every operation called, in order (failed ones included). */
  readonly calls: string[] = [];
  readonly store = {
    posts: new Map<number, WpPost>(),
    pages: new Map<number, WpPost>(),
    media: new Map<number, WpMedia>(),
    categories: new Map<number, WpTerm>(),
    tags: new Map<number, WpTerm>(),
  };
  capabilities: Record<string, boolean>;
  #restRoot: string | null = null;
  #failures = new Map<string, ArmedFailure[]>();
  #postIds = 100;
  #termIds = 1;
  readonly #options: FakeWordPressOptions;

  constructor(options: FakeWordPressOptions = {}) {
    this.#options = options;
    this.baseUrl = (options.baseUrl ?? 'https://fake-wordpress.test').replace(/\/+$/, '');
    this.username = options.username ?? 'admin';
    this.capabilities = { ...ADMINISTRATOR_CAPABILITIES, ...options.capabilities };
    const context: FakeSiteContext = {
      baseUrl: this.baseUrl,
      enter: (operation) => this.#enter(operation),
      requireCapability: (capability, action) => this.#requireCapability(capability, action),
      nextPostId: () => this.#postIds++,
      nextTermId: () => this.#termIds++,
    };
    this.posts = createFakeContentApi(context, 'posts', this.store.posts);
    this.pages = createFakeContentApi(context, 'pages', this.store.pages);
    this.media = createFakeMediaApi(context, this.store.media);
    this.categories = createFakeTermsApi(context, 'categories', this.store.categories);
    this.tags = createFakeTermsApi(context, 'tags', this.store.tags);
    this.inventory = createFakeInventoryApi(
      context,
      this.store,
      () => [{ id: 1, name: this.username, slug: this.username }],
      { categories: this.store.categories, tags: this.store.tags },
    );
    // WordPress always has "Uncategorized".
    this.store.categories.set(this.#termIds, {
      id: this.#termIds++,
      name: 'Uncategorized',
      slug: 'uncategorized',
      count: 0,
      parent: 0,
    });
  }

  get restRoot(): string | null {
    return this.#restRoot;
  }

  /** Makes the next `times` calls of an operation throw `error`. */
  failNext(operation: string, error: WordPressError, options: { times?: number; afterApply?: boolean } = {}): void {
    const list = this.#failures.get(operation) ?? [];
    list.push({ error, remaining: options.times ?? 1, afterApply: options.afterApply ?? false });
    this.#failures.set(operation, list);
  }

  failAlways(operation: string, error: WordPressError): void {
    this.failNext(operation, error, { times: Number.POSITIVE_INFINITY });
  }

  clearFailures(): void {
    this.#failures.clear();
  }

  async checkReachability(): Promise<Reachability> {
    await this.#enter('checkReachability');
    return { status: 200, redirectedTo: null };
  }

  async discover(): Promise<DiscoveryResult> {
    await this.#enter('discover');
    const method = this.#options.discoveryMethod ?? 'wp-json';
    this.#restRoot = method === 'wp-json' ? `${this.baseUrl}/wp-json/` : `${this.baseUrl}/?rest_route=/`;
    return {
      restRoot: this.#restRoot,
      method,
      siteName: 'Fake WordPress',
      namespaces: ['oembed/1.0', 'wp/v2'],
      applicationPasswordsAdvertised: this.#options.applicationPasswordsAdvertised ?? true,
      canonicalUrl: null,
      home: this.#options.home ?? this.baseUrl,
      tried: [{ url: this.#restRoot, outcome: 'REST index' }],
    };
  }

  async seoFields(): Promise<SeoFields> {
    await this.#enter('seoFields');
    const seo = this.#options.seo ?? { namespaces: [], metaKeys: [] };
    return identifySeoFields(['oembed/1.0', 'wp/v2', ...seo.namespaces], seo.metaKeys);
  }

  async getCurrentUser(): Promise<WpUser> {
    await this.#enter('getCurrentUser');
    const username = this.username;
    return {
      id: 1,
      username,
      name: username,
      roles: this.#options.roles ?? ['administrator'],
      capabilities: { ...this.capabilities },
    };
  }

  async setFeaturedMedia(postId: number, mediaId: number, type: 'posts' | 'pages' = 'posts'): Promise<WpPost> {
    await this.#enter('setFeaturedMedia');
    const post = this.store[type].get(postId);
    if (!post)
      throw new WordPressError('not_found', {
        status: 404,
        wpCode: 'rest_post_invalid_id',
        message: `Post ${postId} does not exist.`,
      });
    if (!this.store.media.has(mediaId)) {
      throw new WordPressError('invalid_request', {
        status: 400,
        wpCode: 'rest_invalid_featured_media',
        message: `Invalid featured media ID ${mediaId}.`,
      });
    }
    const updated = { ...post, featured_media: mediaId };
    this.store[type].set(postId, updated);
    return structuredClone(updated);
  }

  /** The theme's page for a published post or page (found by its link), else WordPress' 404. */
  async fetchPublicPage(url: string): Promise<PublicPage> {
    await this.#enter('fetchPublicPage');
    const post = [...this.store.posts.values(), ...this.store.pages.values()].find(
      (p) => p.link === url && p.status === 'publish',
    );
    if (!post) return { status: 404, url, html: '<html><body><h1>Page not found</h1></body></html>', failure: null };
    const html = `<html><head><title>${post.title?.raw ?? ''} – Fake WordPress</title></head><body><h1>${post.title?.raw ?? ''}</h1>${post.content?.raw ?? ''}</body></html>`;
    return { status: 200, url, html, failure: null };
  }

  async #enter(operation: string): Promise<{ failAfterApply: WordPressError | null }> {
    this.calls.push(operation);
    if (this.#options.latencyMs) await new Promise((resolve) => setTimeout(resolve, this.#options.latencyMs));
    const armed = this.#failures.get(operation)?.find((failure) => failure.remaining > 0);
    if (!armed) return { failAfterApply: null };
    armed.remaining--;
    if (armed.afterApply) return { failAfterApply: armed.error };
    throw armed.error;
  }

  #requireCapability(capability: string, action: string): void {
    if (this.capabilities[capability]) return;
    throw new WordPressError('missing_capability', {
      status: 403,
      wpCode: 'rest_cannot_create',
      message: `The WordPress user may not ${action} (missing ${capability}).`,
    });
  }
}
