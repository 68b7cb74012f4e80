import { abortableSleep, nextRetryDelayMs, type RetryPolicy } from '../../lib/backoff.js';
import type { WordPressError } from './errors.js';

export type { RetryPolicy } from '../../lib/backoff.js';

/**
 * The WordPress transport retry (lib/backoff.ts): only requests marked idempotent (reads, updates
 * of an existing id, deletes, a term create that answers term_exists) are repeated here. A create
 * is sent once per publish attempt; after a lost answer publishing looks the post up by its marker,
 * and the pipeline's unit retry is the only layer that sends it again.
 */
export const WORDPRESS_TRANSPORT_RETRY: RetryPolicy = {
  maxAttempts: 3,
  baseDelayMs: 300,
  maxDelayMs: 5_000,
  // A host asking for longer is better served by rescheduling the job than by a blocked worker.
  maxRetryAfterMs: 30_000,
  random: Math.random,
  sleep: abortableSleep,
};

/** How long to wait before the next try of an idempotent request, or null to stop. */
export function nextDelayMs(policy: RetryPolicy, error: WordPressError, attempt: number): number | null {
  return nextRetryDelayMs(policy, error, attempt);
}
