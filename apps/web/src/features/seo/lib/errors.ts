import { isApiError } from '../../../lib/api-client';

/** The server's text for an API failure, else the error's own message, else the fallback. */
export function errorText(error: unknown, fallback: string): string {
  if (isApiError(error) && error.message) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/** Spec §8: a delete refused because the project is running gets its own advice. */
export function isActiveProjectMessage(message: string): boolean {
  return /currently active|force=true/i.test(message);
}
