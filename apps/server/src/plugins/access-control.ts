import { ERROR_CODES } from '@abp/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthService } from '../modules/auth/auth.service.js';
import { readSession } from '../modules/auth/session.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Reachable without a session: health, auth status, login, logout and the SPA's static files.
     * Nothing else may set it; a route that does not say so needs a session.
     */
    public?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Deny by default, decided on the route the router matched — never on the URL text, which can be
 * spelled many ways (`/%61pi/…`, `//api`, absolute-form request lines) that the router decodes
 * and a prefix test does not. A request that matched no route reaches the not-found handler,
 * which only ever answers 404 or the SPA's public index page.
 *
 * - A state change (any method but GET/HEAD/OPTIONS) needs `X-Requested-With`, which a cross-site
 *   form or a `no-cors` fetch cannot send, so it stops CSRF.
 * - Every route needs a live session unless it declares `config.public`.
 */
export function registerAccessControl(app: FastifyInstance, auth: AuthService): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.is404) return;
    if (!SAFE_METHODS.has(request.method) && !request.headers['x-requested-with']) {
      return reply.status(403).send({
        error: 'Missing X-Requested-With header: state-changing calls must come from the app',
        code: ERROR_CODES.csrf,
      });
    }
    if (isPublic(request)) return;
    if (await readSession(request, auth, true)) return;
    return reply.status(401).send({ error: 'Authentication required', code: ERROR_CODES.unauthenticated });
  });
}

const isPublic = (request: FastifyRequest) => request.routeOptions.config.public === true;

/** Marks every route registered in `scope` (and its children) public: for the SPA's static files. */
export function declarePublicRoutes(scope: FastifyInstance): void {
  scope.addHook('onRoute', (route) => {
    route.config = { ...(route.config ?? {}), public: true };
  });
}
