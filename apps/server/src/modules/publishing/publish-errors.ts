import { ARTICLE_ERROR_CODES } from '@abp/contracts';
import { AppError } from '../../errors.js';
import { isWordPressError, type WordPressError } from '../../integrations/wordpress/index.js';

/**
 * A WordPress failure becomes a 424 (Failed Dependency): the request was fine, the site was not.
 * A 4xx keeps WordPress' own explanation visible to the operator (5xx texts are hidden), and the
 * details tell jobs whether a retry may help.
 */
export function wordpressFailure(error: WordPressError, step: string): AppError {
  return new AppError(
    ARTICLE_ERROR_CODES.wordpress,
    `WordPress ${step} failed: ${error.message}`,
    424,
    { kind: error.kind, advice: error.advice, retryable: error.retryable, outcome_unknown: error.outcomeUnknown, step },
    error.retryAfterSeconds ?? undefined,
  );
}

/** Runs one WordPress step and labels its failure for the operator. */
export async function wordpressStep<T>(step: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isWordPressError(error)) throw wordpressFailure(error, step);
    throw error;
  }
}

/** For a catch block: a WordPressError labelled with its step, anything else unchanged. */
export function labelWordPressError(error: unknown, step: string): unknown {
  return isWordPressError(error) ? wordpressFailure(error, step) : error;
}
