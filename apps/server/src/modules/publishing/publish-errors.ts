import { WordPressStepError } from '../../domain-errors.js';
import { isWordPressError } from '../../integrations/wordpress/index.js';

/** Runs one WordPress step and labels its failure for the operator (a WordPressStepError). */
export async function wordpressStep<T>(step: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw labelWordPressError(error, step);
  }
}

/** For a catch block: a WordPressError labelled with its step, anything else unchanged. */
export function labelWordPressError(error: unknown, step: string): unknown {
  return isWordPressError(error) ? new WordPressStepError(step, error) : error;
}
