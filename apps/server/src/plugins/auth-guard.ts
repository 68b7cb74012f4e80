import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '@abp/contracts';
import type { AuthService } from '../modules/auth/auth.service.js';
import { readSession } from '../modules/auth/session.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Routes reachable without a session (health, auth status, login). */
    public?: boolean;
  }
}

/** Every /api route needs a session unless it is marked public; this includes /api/docs. */
export function registerAuthGuard(app: FastifyInstance, auth: AuthService): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/') && request.url !== '/api') return;
    if (request.routeOptions.config.public) return;
    const session = await readSession(request, auth, true);
    if (session) return;
    return reply.status(401).send({ error: 'Authentication required', code: ERROR_CODES.unauthenticated });
  });
}
