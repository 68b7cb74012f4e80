/** Shown in the drawer and reported by /api/health. Kept in step with package.json by a test. */
export const APP_VERSION = '1.3.1';
export const APP_TITLE = 'Automated Blog Poster';
/** The web client sends this header on every call; the server refuses state changes without it. */
export const REQUESTED_WITH_HEADER = 'X-Requested-With';
export const REQUESTED_WITH_VALUE = 'XMLHttpRequest';
export const API_TIMEOUT_MS = 150_000;
