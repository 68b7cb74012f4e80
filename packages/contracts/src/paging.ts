import { z } from 'zod';

/*
 * The paging parameters of list endpoints' query strings, one rule for every list: a parameter sent
 * empty ("?limit=") is taken as absent; a number in text is read as a number; a bad one is a 400
 * naming the parameter with one of these reasons.
 */

/** A query parameter sent empty counts as not sent. */
export const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

/** How many rows a page holds: 1 to `max`, `fallback` when not sent. */
export const pageLimitSchema = (max: number, fallback: number) =>
  z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(max, `must be at most ${max}`)
      .default(fallback),
  );

/** How many rows come before the page: 0 to `max` (a larger number is a mistake, not a page), 0 when not sent. */
export const pageOffsetSchema = (max: number) =>
  z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(0, 'must not be negative')
      .max(max, 'is too large')
      .default(0),
  );
