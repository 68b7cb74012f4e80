import { errorBodySchema } from '@abp/contracts';
import { fieldProblemList, validationMessage } from './validation-text';

/** A failed call's body read against the contract; loaded by the API client on the first failure. */
export function readErrorBody(data: unknown) {
  const parsed = errorBodySchema.safeParse(data);
  if (!parsed.success) return null;
  const { code, error, details, retryAfter } = parsed.data;
  return { code, message: validationMessage(error, fieldProblemList(details)), details, retryAfter };
}
