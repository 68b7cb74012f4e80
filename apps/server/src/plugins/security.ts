import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '@abp/contracts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Security headers with a CSP that fits the SPA (MUI injects styles at run time). */
export async function registerSecurity(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:', 'https:', 'http:'],
        'connect-src': ["'self'"],
        'font-src': ["'self'", 'data:'],
        'frame-ancestors': ["'none'"],
        'upgrade-insecure-requests': null,
      },
    },
    // The app is often reached over plain http on a LAN; HSTS there would lock operators out.
    strictTransportSecurity: false,
  });

  // A cross-site form cannot set custom headers, so requiring one on every state change stops CSRF.
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/') || SAFE_METHODS.has(request.method)) return;
    if (request.headers['x-requested-with']) return;
    return reply.status(403).send({
      error: 'Missing X-Requested-With header: state-changing calls must come from the app',
      code: ERROR_CODES.csrf,
    });
  });
}
