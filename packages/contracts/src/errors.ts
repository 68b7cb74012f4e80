import { z } from 'zod';

/** Every error the API returns has this shape; `details` lists field problems for a 400. */
export const fieldProblemSchema = z.object({ field: z.string(), message: z.string() });
export type FieldProblem = z.infer<typeof fieldProblemSchema>;

export const errorBodySchema = z.object({
  error: z.string(),
  code: z.string(),
  details: z.unknown().optional(),
  retryAfter: z.number().int().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Stable machine-readable error codes; the `error` text is for people. */
export const ERROR_CODES = {
  validation: 'validation',
  unauthenticated: 'unauthenticated',
  forbidden: 'forbidden',
  csrf: 'csrf_header_missing',
  hostNotAllowed: 'host_not_allowed',
  notFound: 'not_found',
  conflict: 'conflict',
  /** An Idempotency-Key sent again with another request or body (422). */
  idempotencyKeyReused: 'idempotency_key_reused',
  rateLimited: 'rate_limited',
  payloadTooLarge: 'payload_too_large',
  unsupportedMediaType: 'unsupported_media_type',
  internal: 'internal',
  unavailable: 'unavailable',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
