/**
 * The WordPress integration: one typed client per site connection (wp/v2 behind the
 * WordPressClient interface), its in-memory fake for other features' tests, and the
 * connection test that turns failures into advice.
 */
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
export { WordPressError, WORDPRESS_ERROR_KINDS, isWordPressError, redactUrl, type WordPressErrorKind } from './errors.js';
export { createWordPressClient, HttpWordPressClient, DEFAULT_TIMEOUT_MS, DEFAULT_MEDIA_TIMEOUT_MS } from './wordpress-client.js';
export { FakeWordPress, ADMINISTRATOR_CAPABILITIES, type FakeWordPressOptions } from './fake-wordpress.js';
export {
  runConnectionTest,
  CONNECTION_CHECKS,
  REQUIRED_CAPABILITIES,
  type ConnectionCheck,
  type ConnectionCheckName,
  type ConnectionTestResult,
  type CheckSeverity,
} from './connection-test.js';
export { CheckRecorder } from './check-recorder.js';
export { hasMarker, markerComment, withMarker } from './marker.js';
export { normaliseBaseUrl } from './rest-url.js';
export { USER_AGENT, type RetryInfo } from './http.js';
export { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry-policy.js';
export { tinyPng } from './tiny-png.js';
export { identifySeoFields, type SeoFields } from './seo-plugin.js';
