import { ARTICLE_MESSAGES, ERROR_CODES, MAX_ID } from '@abp/contracts';
import { AppError } from '../errors.js';

/** A 400 whose text is exactly the spec's message (the screens show it as is), field in details. */
export const specBadRequest = (field: string, message: string) =>
  new AppError(ERROR_CODES.validation, message, 400, [{ field, message }]);

/**
 * Article ids are positive integers (spec §5 Publish). Text that is not a whole number is a bad
 * format; a whole number that cannot be an id (0, negative, beyond the serial range) is invalid.
 */
export function parseArticleId(raw: unknown, field = 'id'): number {
  if (typeof raw === 'number') {
    if (Number.isInteger(raw) && raw > 0 && raw <= MAX_ID) return raw;
    throw specBadRequest(field, Number.isInteger(raw) ? ARTICLE_MESSAGES.invalidId : ARTICLE_MESSAGES.invalidIdFormat);
  }
  if (typeof raw !== 'string' || !/^-?\d+$/.test(raw.trim()))
    throw specBadRequest(field, ARTICLE_MESSAGES.invalidIdFormat);
  const value = Number(raw.trim());
  if (value <= 0 || value > MAX_ID) throw specBadRequest(field, ARTICLE_MESSAGES.invalidId);
  return value;
}

/** A site id from a publish body: absent/null means "the article's own site". */
export function parseOptionalSiteId(raw: unknown, field: string, invalidMessage: string): number | null {
  if (raw === undefined || raw === null || raw === '') return null;
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : null;
  if (text === null || !/^\d+$/.test(text)) throw specBadRequest(field, invalidMessage);
  const value = Number(text);
  if (value <= 0 || value > MAX_ID) throw specBadRequest(field, invalidMessage);
  return value;
}
