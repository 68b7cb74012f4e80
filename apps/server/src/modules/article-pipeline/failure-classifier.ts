import { ERROR_CODES } from '@abp/contracts';
import {
  PublishInProgressError,
  QualityGateBlockedError,
  SiteCredentialsUnreadableError,
  SiteUnavailableError,
  WordPressStepError,
} from '../../domain-errors.js';
import { AppError } from '../../errors.js';
import { isLlmError } from '../../integrations/llm/index.js';

/**
 * The one failure classifier of the article pipeline: every producer (manual, bulk, schedule,
 * trends, SEO) decides "try again later, or give up" from this, so a WordPress hiccup or a
 * provider's rate limit is treated the same whichever way the article came.
 */
export type FailureDecision = (
  | { kind: 'rate_limited'; waitSeconds: number }
  /** `waitSeconds`: what the server asked for (Retry-After); else the runner's back-off decides. */
  | { kind: 'transient'; waitSeconds?: number }
  | { kind: 'busy' }
  | { kind: 'permanent' }
) & {
  message: string;
  /**
   * What else the failure stops: 'provider' (every article will fail until the model settings are
   * fixed), 'site' (this site gets nothing more for now), or nothing beyond this article.
   */
  stops: 'provider' | 'site' | null;
};

export const DEFAULT_RATE_LIMIT_WAIT_S = 30;
/** The message of a failure whose details belong in the log, not in front of the operator. */
export const INTERNAL_FAILURE_MESSAGE = 'Internal error';
// Kinds of a failed generation that a later attempt may not meet again.
const TRANSIENT_GENERATION_KINDS = new Set(['timeout', 'network', 'server', 'unknown']);
// Failures that will repeat for every article until someone fixes the provider settings.
const PROVIDER_BROKEN_KINDS = new Set(['auth', 'bad_request']);
// Failures after which a site gets no more articles for now.
const SITE_STOPPING_KINDS = new Set(['rate_limit', 'quota', 'content_filter']);

/** A generation that generateAndStore reported as failed (it stores those rather than throwing). */
export function classifyGenerationFailure(
  kind: string | undefined,
  message: string,
  retryAfterSeconds?: number,
): FailureDecision {
  const stops =
    kind && PROVIDER_BROKEN_KINDS.has(kind) ? 'provider' : kind && SITE_STOPPING_KINDS.has(kind) ? 'site' : null;
  if (kind === 'rate_limit')
    return { kind: 'rate_limited', waitSeconds: retryAfterSeconds ?? DEFAULT_RATE_LIMIT_WAIT_S, message, stops };
  if (kind && TRANSIENT_GENERATION_KINDS.has(kind)) return { kind: 'transient', message, stops };
  return { kind: 'permanent', message, stops };
}

/**
 * A thrown error: from publishing (WordPress, quality gate, a busy article), the sites module, a
 * provider, or the database. Decided by the error's type and kind only: an HTTP status belongs to
 * the error handler (errors.ts), never to this decision.
 */
export function classifyThrown(error: unknown): FailureDecision {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof PublishInProgressError) return { kind: 'busy', message, stops: null };
  if (error instanceof WordPressStepError) {
    // An unknown outcome is safe to retry: publishing finds the post by its marker instead of creating another.
    if (!error.retryable && !error.outcomeUnknown) return { kind: 'permanent', message, stops: null };
    // A site that limits its rate is waited for; one that fails (5xx, maintenance) keeps its few tries, waiting as long as it asked.
    if (error.kind === 'rate_limited' && error.retryAfterSeconds)
      return { kind: 'rate_limited', waitSeconds: error.retryAfterSeconds, message, stops: null };
    return {
      kind: 'transient',
      ...(error.retryAfterSeconds ? { waitSeconds: error.retryAfterSeconds } : {}),
      message,
      stops: null,
    };
  }
  // Nothing goes to this site until the operator acts: switched off, deleted, or its password unreadable.
  if (error instanceof SiteUnavailableError || error instanceof SiteCredentialsUnreadableError)
    return { kind: 'permanent', message, stops: 'site' };
  if (error instanceof QualityGateBlockedError) return { kind: 'permanent', message, stops: null };
  if (isLlmError(error)) {
    const { stops } = classifyGenerationFailure(error.kind, message);
    if (error.kind === 'rate_limit')
      return {
        kind: 'rate_limited',
        waitSeconds: error.retryAfterSeconds ?? DEFAULT_RATE_LIMIT_WAIT_S,
        message,
        stops,
      };
    return { kind: error.retryable ? 'transient' : 'permanent', message, stops };
  }
  // An AppError is a refused input (badRequest, notFound, conflict: the brief or the article is
  // wrong, or gone): it will not change by itself. A refusal to go on now says when to come back.
  if (error instanceof AppError)
    return error.code === ERROR_CODES.rateLimited
      ? { kind: 'rate_limited', waitSeconds: error.retryAfter ?? DEFAULT_RATE_LIMIT_WAIT_S, message, stops: null }
      : { kind: 'permanent', message, stops: null };
  // The database or a bug: worth another try; the message stays in the log, not in the results.
  return { kind: 'transient', message: INTERNAL_FAILURE_MESSAGE, stops: null };
}

/** Whether another run of the same step may succeed. */
export function mayRetry(decision: FailureDecision): boolean {
  return decision.kind !== 'permanent';
}
