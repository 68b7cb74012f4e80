import type { DiscoveryResult } from './discovery.js';
import type { RetryInfo } from './http.js';
import type { RetryPolicy } from './retry-policy.js';
import type { WpAuthor, WpMedia, WpPost, WpPostSummary, WpTerm, WpUser } from './schemas.js';
import type { SeoFields } from './seo-plugin.js';

export type { DiscoveryMethod, DiscoveryResult } from './discovery.js';
export type { WpAuthor, WpMedia, WpPost, WpPostSummary, WpRestIndex, WpTerm, WpUser } from './schemas.js';

/** One connection to one site, as stored in the Sites table. */
export interface WordPressConfig {
  baseUrl: string;
  /** The WordPress login name (not the application password's label). */
  username: string;
  /** Spaces as WordPress shows them ("abcd efgh …") are fine. */
  applicationPassword: string;
  /** A root found earlier by discover(); without it the first call discovers it. */
  restRoot?: string;
  /** Per-request timeouts; defaults 30 s and 120 s (uploads). */
  timeoutMs?: number;
  mediaTimeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  /** Called before each retry (method, redacted URL, delay): for logs and tests. */
  onRetry?: (info: RetryInfo) => void;
}

export type PostStatus = 'draft' | 'publish' | 'pending' | 'private' | 'future';

export interface ContentInput {
  /** Plain text (title and excerpt): the client escapes them for WordPress, which stores HTML. */
  title: string;
  content: string;
  status?: PostStatus;
  slug?: string;
  excerpt?: string;
  /** Publish time in UTC, ISO 8601 without zone (WordPress' date_gmt). */
  date_gmt?: string;
  categories?: number[];
  tags?: number[];
  /** The WordPress user id of the author (the connected user needs edit_others_posts to set another). */
  author?: number;
  featured_media?: number;
  /** Pages only. */
  parent?: number;
  /**
   * An id this app owns (e.g. the article id). It is embedded in the content as an invisible
   * HTML comment so that findByMarker() can tell whether a create whose answer was lost happened.
   */
  marker?: string;
  /** Post meta registered for REST (an SEO plugin's fields): plain text values. */
  meta?: Record<string, string>;
  /**
   * Title and excerpt are WordPress' raw HTML as read with context=edit, sent as they are (a refresh
   * writes back exactly what it read, with its spans changed): not escaped as plain text.
   */
  verbatim?: boolean;
}

/** Posts and pages share the same operations (wp/v2/posts, wp/v2/pages). */
export interface ContentApi {
  /** Never retried: on an error with `outcomeUnknown`, look it up with findByMarker/findBySlug first. */
  create(input: ContentInput): Promise<WpPost>;
  update(id: number, input: Partial<ContentInput>): Promise<WpPost>;
  /** context=edit: raw title/content included. Throws kind 'not_found' when absent. */
  get(id: number): Promise<WpPost>;
  /** force=true (default) deletes for good; force=false moves it to the trash. */
  delete(id: number, options?: { force?: boolean }): Promise<void>;
  /** Any status except trash (status=any), exact slug. */
  findBySlug(slug: string): Promise<WpPost | null>;
  /** Any status except trash; the marker given to create(). */
  findByMarker(marker: string): Promise<WpPost | null>;
}

export interface MediaUpload {
  data: Uint8Array;
  filename: string;
  mimeType: string;
  /** Plain text (alt, title, caption): the client escapes them for WordPress. */
  altText?: string;
  title?: string;
  caption?: string;
}

export interface MediaApi {
  /** 'raw' (default): body + Content-Disposition; 'multipart': a form with a file field. */
  upload(file: MediaUpload, options?: { mode?: 'raw' | 'multipart' }): Promise<WpMedia>;
  get(id: number): Promise<WpMedia>;
  /** The media item whose slug is exactly this (its file was uploaded as `<slug>.<ext>`), or null. */
  findBySlug(slug: string): Promise<WpMedia | null>;
  /** Attaches the item to a post, so the media library lists it under that post, not as unattached. */
  attach(id: number, postId: number): Promise<WpMedia>;
  /** Media cannot be trashed through REST; this always deletes for good. */
  delete(id: number): Promise<void>;
}

export interface TermListOptions {
  /** 1–100 (the REST cap); default 100. Smaller values are for tests of pagination. */
  perPage?: number;
  /** Stop after this many pages (the connection test only needs one); at most TERM_LIST_MAX_PAGES. */
  maxPages?: number;
  search?: string;
}

export interface TermsApi {
  /** The terms, following X-WP-TotalPages up to TERM_LIST_MAX_PAGES pages. */
  list(options?: TermListOptions): Promise<WpTerm[]>;
  /** Creates the term (name: plain text), or returns the existing one when WordPress says term_exists. */
  getOrCreate(name: string, options?: { parent?: number }): Promise<{ term: WpTerm; created: boolean }>;
  delete(id: number): Promise<void>;
}

export interface InventoryPageOptions {
  /** 1-based. */
  page: number;
  /** 1–100 (the REST cap); default 100. */
  perPage?: number;
  /** Only posts modified after this moment (ISO 8601): the incremental sync. */
  modifiedAfter?: string;
  /** Ids only: to find what was deleted, cheaply. */
  idsOnly?: boolean;
}

/** One page of a collection. The site's claims (X-WP-Total, X-WP-TotalPages) are only claims. */
export interface InventoryPage<T = WpPostSummary> {
  items: T[];
  /** X-WP-Total and X-WP-TotalPages. */
  total: number;
  totalPages: number;
  /** The size of the answer's body: what the site inventory counts against its byte cap. */
  bytes: number;
}

/**
 * What a site already has, for the site inventory: one page per call, so that the caller decides
 * how far to follow the site's pagination (a site may claim, and send, pages without end).
 */
export interface InventoryApi {
  /** One page of posts or pages, any status but trash, ordered by id. */
  listContent(type: 'posts' | 'pages', options: InventoryPageOptions): Promise<InventoryPage>;
  /** One page of the categories or tags, ordered by id. */
  listTerms(
    taxonomy: 'categories' | 'tags',
    options: { page: number; perPage?: number },
  ): Promise<InventoryPage<WpTerm>>;
  /** One page of the users who may publish posts, ordered by id. */
  listAuthors(options: { page: number; perPage?: number }): Promise<InventoryPage<WpAuthor>>;
}

/** A public page as a visitor gets it (no credentials). */
export interface PublicPage {
  /** The final answer's status (after same-origin redirects); 0 when nothing answered. */
  status: number;
  /** The address that answered. */
  url: string;
  /** The HTML (empty for an error answer). */
  html: string;
  /** Why nothing usable came back (network failure, a redirect to another site), else null. */
  failure: string | null;
}

export interface Reachability {
  status: number;
  /** Set when the address redirects (e.g. http → https): the canonical address to save. */
  redirectedTo: string | null;
}

export interface WordPressClient {
  readonly baseUrl: string;
  /** The login name in use (for advice texts; the password is never exposed). */
  readonly username: string;
  /** The REST root in use, once known (configured or discovered). */
  readonly restRoot: string | null;
  /** Plain GET of the home page without credentials: is anything answering at all? */
  checkReachability(): Promise<Reachability>;
  /** Finds the REST root (and remembers it for later calls). */
  discover(): Promise<DiscoveryResult>;
  /** The SEO plugin (REST index namespaces) and which of its fields posts accept over REST (OPTIONS wp/v2/posts). */
  seoFields(): Promise<SeoFields>;
  /** users/me?context=edit: proves the credentials and lists roles and capabilities. */
  getCurrentUser(): Promise<WpUser>;
  readonly posts: ContentApi;
  readonly pages: ContentApi;
  readonly media: MediaApi;
  readonly categories: TermsApi;
  readonly tags: TermsApi;
  readonly inventory: InventoryApi;
  setFeaturedMedia(postId: number, mediaId: number, type?: 'posts' | 'pages'): Promise<WpPost>;
  /** GET of a page of the site (a post's permalink) as a visitor: no credentials, same-origin redirects followed. */
  fetchPublicPage(url: string): Promise<PublicPage>;
}
