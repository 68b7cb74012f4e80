/**
 * The WordPress integration: one typed client per site connection (wp/v2 behind the
 * WordPressClient interface) and the connection test that turns failures into advice. Its
 * in-memory fake lives with the tests (apps/server/test/wordpress/fake-wordpress.ts).
 */

export { CheckRecorder } from './check-recorder.js';
export {
  type CheckSeverity,
  CONNECTION_CHECKS,
  type ConnectionCheck,
  type ConnectionCheckName,
  type ConnectionTestResult,
  REQUIRED_CAPABILITIES,
  runConnectionTest,
} from './connection-test.js';
export {
  isWordPressError,
  redactUrl,
  WORDPRESS_ERROR_KINDS,
  WordPressError,
  type WordPressErrorKind,
} from './errors.js';
export { type RetryInfo, USER_AGENT } from './http.js';
export { hasMarker, markerComment, withMarker } from './marker.js';
export { normaliseBaseUrl } from './rest-url.js';
export { type RetryPolicy, WORDPRESS_TRANSPORT_RETRY } from './retry-policy.js';
export { identifySeoFields, type SeoFields } from './seo-plugin.js';
export type {
  ContentApi,
  ContentInput,
  DiscoveryMethod,
  DiscoveryResult,
  InventoryApi,
  InventoryPage,
  InventoryPageOptions,
  MediaApi,
  MediaUpload,
  PostStatus,
  PublicPage,
  Reachability,
  TermListOptions,
  TermsApi,
  WordPressClient,
  WordPressConfig,
  WpAuthor,
  WpMedia,
  WpPost,
  WpPostSummary,
  WpRestIndex,
  WpTerm,
  WpUser,
} from './types.js';
export {
  createWordPressClient,
  DEFAULT_MEDIA_TIMEOUT_MS,
  DEFAULT_TIMEOUT_MS,
  HttpWordPressClient,
} from './wordpress-client.js';
