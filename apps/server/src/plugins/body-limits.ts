import { BODY_LIMITS, ERROR_CODES, errorBodySchema } from '@abp/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthService } from '../modules/auth/auth.service.js';
import { sessionIdOf } from '../modules/auth/session.js';

/**
 * Bodies are read only as far as the route needs them (issue #31). The instance's own limit (the
 * few KB of BODY_LIMITS.auth) covers requests that match no route; every route gets
 * BODY_LIMITS.default unless it declares its own `bodyLimit` (the auth routes a few KB, the few
 * routes that take long lists, long articles or an image more). Fastify checks a Content-Length
 * against the route's limit before reading anything and cuts a chunked body off once it passes
 * it, answering 413 (errors.ts says the limit in words) and closing the connection.
 *
 * Nobody without a session gets more than that: access control refuses a session route before
 * its body is read, and this plugin
 * - closes the connection of any answer sent while the request's body is still unread (a refusal
 *   before parsing), so the rest of it is never read;
 * - counts each 413 answered to a request without a live session as a failed login of its address
 *   (the login throttle: 5 in 15 minutes lock the address out for 15 minutes). A signed-in
 *   operator's oversized upload is not counted: it never locks them out;
 * - refuses with 429, before reading, a body from a locked-out address without a live session.
 */
export function registerBodyLimits(app: FastifyInstance, auth: AuthService): void {
  app.addHook('onRoute', (route) => {
    route.bodyLimit ??= BODY_LIMITS.default;
    // The API description lists the 413 of every route that takes a body.
    const response = route.schema?.response;
    if (route.schema?.body && response && typeof response === 'object' && !('413' in response)) {
      route.schema = { ...route.schema, response: { ...response, 413: errorBodySchema } };
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    if (!declaresBody(request)) return;
    // Session routes are past access control here: they have a live session.
    if (!request.is404 && request.routeOptions.config.public !== true) return;
    const retryAfter = auth.lockedOutFor(request.ip);
    if (retryAfter === 0 || (await hasLiveSession(request, auth))) return;
    return reply.status(429).header('retry-after', String(retryAfter)).send({
      error: 'Too many refused requests from this address. Please try again later.',
      code: ERROR_CODES.rateLimited,
      retryAfter,
    });
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (declaresBody(request) && !request.raw.readableEnded) reply.header('connection', 'close');
    return payload;
  });

  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode !== 413) return;
    if (await hasLiveSession(request, auth)) return;
    auth.recordRefusal(request.ip);
  });
}

/** Whether the request says it carries a body (a Content-Length above 0, or chunked). */
function declaresBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

async function hasLiveSession(request: FastifyRequest, auth: AuthService): Promise<boolean> {
  const sid = sessionIdOf(request);
  return sid !== null && (await auth.resolveSession(sid, false)) !== null;
}
