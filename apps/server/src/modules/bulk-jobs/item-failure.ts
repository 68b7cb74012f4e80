import { ARTICLE_ERROR_CODES } from '@abp/contracts';
import { AppError } from '../../errors.js';
import { isLlmError } from '../../integrations/llm/index.js';

/** What to do about a failed step of an item. */
export type FailureDecision =
  | { kind: 'rate_limited'; waitSeconds: number; message: string }
  | { kind: 'transient'; message: string }
  | { kind: 'busy'; message: string }
  | { kind: 'permanent'; message: string };

const DEFAULT_RATE_LIMIT_WAIT_S = 30;
// Kinds of a failed generation that a later attempt may not meet again.
const TRANSIENT_GENERATION_KINDS = new Set(['timeout', 'network', 'server', 'unknown']);

/** A generation that generateAndStore reported as failed (it does not throw for those). */
export function classifyGenerationFailure(kind: string | undefined, message: string, retryAfterSeconds: number | undefined): FailureDecision {
  if (kind === 'rate_limit') return { kind: 'rate_limited', waitSeconds: retryAfterSeconds ?? DEFAULT_RATE_LIMIT_WAIT_S, message };
  if (kind && TRANSIENT_GENERATION_KINDS.has(kind)) return { kind: 'transient', message };
  return { kind: 'permanent', message };
}

function detailsOf(error: AppError): { retryable?: unknown; outcome_unknown?: unknown } {
  return typeof error.details === 'object' && error.details !== null ? (error.details as { retryable?: unknown; outcome_unknown?: unknown }) : {};
}

/** A thrown error: from publishing (AppError with the WordPress kind in details), a provider, or the database. */
export function classifyThrown(error: unknown): FailureDecision {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof AppError) {
    if (error.code === ARTICLE_ERROR_CODES.publishInProgress) return { kind: 'busy', message };
    if (error.status === 429) return { kind: 'rate_limited', waitSeconds: error.retryAfter ?? DEFAULT_RATE_LIMIT_WAIT_S, message };
    if (error.code === ARTICLE_ERROR_CODES.wordpress) {
      const details = detailsOf(error);
      // An unknown outcome is safe to retry: publishing finds the post by its marker instead of creating another.
      if (details.retryable === true || details.outcome_unknown === true) {
        return error.retryAfter ? { kind: 'rate_limited', waitSeconds: error.retryAfter, message } : { kind: 'transient', message };
      }
      return { kind: 'permanent', message };
    }
    if (error.status >= 500) return { kind: 'transient', message: 'Internal error' };
    return { kind: 'permanent', message };
  }
  if (isLlmError(error)) {
    if (error.kind === 'rate_limit') return { kind: 'rate_limited', waitSeconds: error.retryAfterSeconds ?? DEFAULT_RATE_LIMIT_WAIT_S, message };
    return error.retryable ? { kind: 'transient', message } : { kind: 'permanent', message };
  }
  // The database or a bug: worth another try; the message stays in the log, not in the results.
  return { kind: 'transient', message: 'Internal error' };
}
