/**
 * Why a feed could not be read. Every kind is recorded in the run's execution log; none stops the
 * run. `retryable` says whether the next check may well succeed without anyone changing anything.
 */
export type FeedErrorKind =
  | 'invalid_url'
  /** A redirect the outbound rule does not follow (too many, not http(s), to a private address). */
  | 'redirect_refused'
  | 'timeout'
  | 'network'
  | 'rate_limited'
  | 'http_error'
  | 'too_large'
  | 'not_xml'
  | 'malformed'
  | 'not_a_feed';

const RETRYABLE: ReadonlySet<FeedErrorKind> = new Set(['timeout', 'network', 'rate_limited', 'http_error']);

export class FeedError extends Error {
  readonly retryable: boolean;

  constructor(
    readonly kind: FeedErrorKind,
    readonly feedUrl: string,
    message: string,
    readonly details: { status?: number; retryAfterSeconds?: number } = {},
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'FeedError';
    this.retryable =
      RETRYABLE.has(kind) && (details.status === undefined || details.status === 429 || details.status >= 500);
  }
}

export const isFeedError = (error: unknown): error is FeedError => error instanceof FeedError;
