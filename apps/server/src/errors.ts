import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ERROR_CODES, type ErrorBody, type FieldProblem } from '@abp/contracts';

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
export const conflict = (message: string, details?: unknown) => new AppError(ERROR_CODES.conflict, message, 409, details);

function fieldProblemsFromValidation(error: FastifyError & { validation?: unknown }, context: string | undefined): FieldProblem[] {
  const prefix = context ?? 'body';
  if (hasZodFastifySchemaValidationErrors(error)) {
    return error.validation.map((v) => {
      const path = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
      return { field: path ? `${prefix}.${path}` : prefix, message: v.message ?? 'invalid value' };
    });
  }
  return [{ field: prefix, message: error.message }];
}

function send(reply: FastifyReply, status: number, body: ErrorBody): FastifyReply {
  if (body.retryAfter !== undefined) reply.header('Retry-After', String(body.retryAfter));
  return reply.status(status).type('application/json').send(body);
}

/** The single error handler: 4xx say what is wrong; 5xx never leak internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError & { validationContext?: string }, request: FastifyRequest, reply) => {
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
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: bad JSON, body too large, wrong content type, …
      const code =
        status === 413 ? ERROR_CODES.payloadTooLarge : status === 415 ? ERROR_CODES.unsupportedMediaType : ERROR_CODES.validation;
      const field = error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'content-type' : 'body';
      return send(reply, status, { error: error.message, code, details: [{ field, message: error.message }] });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, { error: 'Internal server error', code: ERROR_CODES.internal });
  });
}
