import { ARTICLE_ERROR_CODES } from '@abp/contracts';
import { AppError } from '../../errors.js';

interface WordPressFailureDetails {
  retryable?: boolean;
  outcome_unknown?: boolean;
}

/**
 * Whether running the slot again may succeed: a WordPress hiccup (rate limit, 5xx, network, a lost
 * answer), another publish holding the article, or anything unexpected (a crash-like error, the
 * database). A refusal that will not change (quality gate, bad input, an inactive site) is final.
 */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof AppError)) return true;
  if (error.code === ARTICLE_ERROR_CODES.publishInProgress) return true;
  if (error.code === ARTICLE_ERROR_CODES.wordpress) {
    const details = (error.details ?? {}) as WordPressFailureDetails;
    return details.retryable === true || details.outcome_unknown === true;
  }
  return error.status >= 500;
}

/** The text stored in the scheduler log and on the article. */
export function failureMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message.slice(0, 2000);
  return 'Unknown error';
}
