/*
 * The largest request body each class of route reads, in bytes (issue #31). A body over its
 * route's limit is refused with 413 before it is read: a Content-Length over it at once, a chunked
 * body as soon as it passes it. Each limit holds the largest body its route's schema accepts, with
 * every character a three-byte one (UTF-8 of most non-Latin scripts).
 */
const KB = 1024;
const MB = 1024 * KB;

export const BODY_LIMITS = {
  /** /api/auth/* (a password or two, ~6 KB at most) and any request that matches no route. */
  auth: 8 * KB,
  /** Every other route, unless it names one of the limits below. */
  default: 1 * MB,
  /** POST /api/bulk-jobs/start: 1,000 topics of up to 500 characters (~1.5 MB). */
  bulkTopics: 2 * MB,
  /** POST /api/seo-suite/generate-articles-bulk: 100 planned articles with keywords and headings (~2.6 MB). */
  seoBulkArticles: 3 * MB,
  /** PUT /api/articles/{id}: content up to 2,000,000 characters (~6 MB). */
  articleEdit: 8 * MB,
  /** POST /api/manual/generate: a chosen PNG featured image as a data URL of up to 10,000,000 characters. */
  manualGeneration: 12 * MB,
} as const;

/** "8 KB", "1 MB", "1.5 MB": a limit as people read it (1 KB = 1,024 bytes). */
export function describeBytes(bytes: number): string {
  const [value, unit] = bytes >= MB ? [bytes / MB, 'MB'] : bytes >= KB ? [bytes / KB, 'KB'] : [bytes, 'bytes'];
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${unit}`;
}
