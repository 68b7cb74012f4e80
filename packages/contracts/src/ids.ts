import { z } from 'zod';

/*
 * Row ids are PostgreSQL serials: positive 32-bit integers. A larger number can name no row, and
 * sent to the database it makes the query itself fail (a 500) instead of finding nothing, so every
 * id the API accepts — path, query or body — is checked here, with a 400 naming the field.
 */
export const MAX_ID = 2_147_483_647;

const invalid = (label: string) => `${label} must be a positive integer`;
const tooLarge = (label: string) => `${label} is too large (at most ${MAX_ID})`;

/** An id in a JSON body: a number, nothing else. `message` replaces the "not a positive integer" text. */
export const idSchema = (label = 'id', message = invalid(label)) =>
  z.number({ message }).int(message).positive(message).max(MAX_ID, tooLarge(label));

/** An id in a path or query string (text), or in a body that has always accepted "12" for 12. */
export const idTextSchema = (label = 'id', message = invalid(label)) =>
  z.coerce.number({ message }).int(message).positive(message).max(MAX_ID, tooLarge(label));
