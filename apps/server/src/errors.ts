import { describeBytes, ERROR_CODES, type ErrorBody, errorBodySchema, type FieldProblem } from '@abp/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { inputSqlState, isDatabaseUnavailable } from './db/pg-errors.js';
import { DomainError, httpStatusOf } from './domain-errors.js';

/** Services throw these; one handler turns them into `{ error, code, details }`. */
export class AppError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly details?: unknown,
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (field: string, message: string) =>
  new AppError(ERROR_CODES.validation, `${field}: ${message}`, 400, [{ field, message }] satisfies FieldProblem[]);
export const notFound = (message = 'Not found') => new AppError(ERROR_CODES.notFound, message, 404);
export const conflict = (message: string, details?: unknown) =>
  new AppError(ERROR_CODES.conflict, message, 409, details);

function fieldProblemsFromValidation(
  error: FastifyError & { validation?: unknown },
  context: string | undefined,
): FieldProblem[] {
  const prefix = context ?? 'body';
  if (hasZodFastifySchemaValidationErrors(error)) {
    return error.validation.map((v) => {
      const path = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
      return { field: path ? `${prefix}.${path}` : prefix, message: v.message ?? 'invalid value' };
    });
  }
  return [{ field: prefix, message: error.message }];
}

/**
 * A safety net, not the design: inputs are checked before they reach the database, so reaching
 * this means a check is missing (logged as such). Still, a value the database refuses is the
 * client's mistake, not the server's: a 400 (bad value) or 409 (conflict with stored data).
 */
function databaseInputError(error: unknown): AppError | null {
  const state = inputSqlState(error);
  if (!state) return null;
  if (state === '23505') return new AppError(ERROR_CODES.conflict, 'A record with this value already exists', 409);
  if (state === '23503')
    return new AppError(
      ERROR_CODES.conflict,
      'The request refers to a record that does not exist or is still in use',
      409,
    );
  const message = state.startsWith('22')
    ? 'a value is out of range or not valid text'
    : 'a value breaks a rule of the stored data';
  return new AppError(ERROR_CODES.validation, `Invalid request: ${message}`, 400, [
    { field: 'request', message },
  ] satisfies FieldProblem[]);
}

function send(reply: FastifyReply, status: number, body: ErrorBody): FastifyReply {
  if (body.retryAfter !== undefined) reply.header('Retry-After', String(body.retryAfter));
  return reply.status(status).type('application/json').send(body);
}

/** Seconds a client waits before trying again when the database was out of reach. */
const DATABASE_RETRY_AFTER_SECONDS = 2;

/** The single error handler: 4xx say what is wrong; 5xx never leak internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  // The API description lists the 503 any route with a documented answer gives while the database is out of reach.
  app.addHook('onRoute', (route) => {
    const response = route.schema?.response;
    if (response && typeof response === 'object' && !('503' in response)) {
      route.schema = { ...route.schema, response: { ...response, 503: errorBodySchema } };
    }
  });
  app.setErrorHandler((error: FastifyError & { validationContext?: string }, request: FastifyRequest, reply) => {
    const thrown: unknown = error;
    if (thrown instanceof DomainError) {
      const status = httpStatusOf(thrown);
      if (status >= 500) request.log.error({ err: thrown }, 'service error');
      return send(reply, status, {
        error: status >= 500 ? 'Internal server error' : thrown.message,
        code: thrown.code,
        ...(thrown.details !== undefined && status < 500 ? { details: thrown.details } : {}),
        ...(thrown.retryAfterSeconds !== undefined ? { retryAfter: thrown.retryAfterSeconds } : {}),
      });
    }
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, 'service error');
      return send(reply, error.status, {
        error: error.status >= 500 ? 'Internal server error' : error.message,
        code: error.code,
        ...(error.details !== undefined && error.status < 500 ? { details: error.details } : {}),
        ...(error.retryAfter !== undefined ? { retryAfter: error.retryAfter } : {}),
      });
    }
    if (error.validation) {
      const details = fieldProblemsFromValidation(error, error.validationContext);
      const first = details[0];
      return send(reply, 400, {
        error: first ? `Invalid request: ${first.field}: ${first.message}` : 'Invalid request',
        code: ERROR_CODES.validation,
        details,
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return send(reply, 500, { error: 'Internal server error', code: ERROR_CODES.internal });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return send(reply, 429, { error: 'Too many requests', code: ERROR_CODES.rateLimited });
    }
    if (status === 413) {
      // Said before the body was read (Content-Length) or once it passed the route's limit.
      const limit = describeBytes(request.routeOptions.bodyLimit);
      return send(reply, 413, {
        error: `Request body is too large: this request accepts at most ${limit}`,
        code: ERROR_CODES.payloadTooLarge,
        details: [{ field: 'body', message: `must be at most ${limit}` }],
      });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: bad JSON, wrong content type, …
      const code = status === 415 ? ERROR_CODES.unsupportedMediaType : ERROR_CODES.validation;
      const field = error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'content-type' : 'body';
      return send(reply, status, { error: error.message, code, details: [{ field, message: error.message }] });
    }
    const fromDatabase = databaseInputError(error);
    if (fromDatabase) {
      request.log.warn({ err: error }, 'the database refused an input that no check caught');
      return send(reply, fromDatabase.status, {
        error: fromDatabase.message,
        code: fromDatabase.code,
        details: fromDatabase.details,
      });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return send(reply, 503, {
        error: 'The database is unavailable for a moment: please try again',
        code: ERROR_CODES.unavailable,
        retryAfter: DATABASE_RETRY_AFTER_SECONDS,
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, { error: 'Internal server error', code: ERROR_CODES.internal });
  });
}
