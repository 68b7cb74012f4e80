/** Shown in the drawer and reported by /api/health. Kept in step with package.json by a test. */
export const APP_VERSION = '1.3.1';
export const APP_TITLE = 'Automated Blog Poster';
/** The web client sends this header on every call; the server refuses state changes without it. */
export const REQUESTED_WITH_HEADER = 'X-Requested-With';
/**
 * Sent by the web app with every create-type request, one key per form submission: the server does
 * such a request once per key (a second one with the same key gets the first one's answer).
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** How long the server remembers a key's answer. */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;
export const REQUESTED_WITH_VALUE = 'XMLHttpRequest';
export const API_TIMEOUT_MS = 150_000;
