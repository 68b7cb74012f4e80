import fs from 'node:fs';
import path from 'node:path';
import { ERROR_CODES } from '@abp/contracts';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { declarePublicRoutes } from './access-control.js';

/**
 * Serves the built SPA. Hashed assets are cached for a year; index.html never, so a new release
 * is picked up on the next load. Unknown /api paths get a JSON 404; other GETs get the SPA.
 * The build writes a .br and a .gz beside each text file; the one the browser accepts is sent
 * as is (no compression work per request), with Vary: Accept-Encoding for caches.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const hasWebApp = fs.existsSync(indexFile);
  // The SPA's files are the one public part besides the routes that declare it themselves.
  await app.register(async (scope) => {
    declarePublicRoutes(scope);
    if (hasWebApp) {
      await scope.register(fastifyStatic, {
        root: distDir,
        wildcard: false,
        index: false,
        preCompressed: true,
        setHeaders(res, filePath) {
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }
    scope.setNotFoundHandler(async (request, reply) => notFound(request, reply));
  });

  async function notFound(request: FastifyRequest, reply: FastifyReply) {
    const pathname = request.url.split('?')[0] ?? '';
    if (isApiPath(pathname)) {
      return reply
        .status(404)
        .send({ error: `No such API route: ${request.method} ${pathname}`, code: ERROR_CODES.notFound });
    }
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !path.extname(pathname);
    if (hasWebApp && wantsPage) {
      return reply.header('Cache-Control', 'no-cache').type('text/html').sendFile('index.html');
    }
    if (!hasWebApp && wantsPage) {
      return reply
        .status(404)
        .type('text/plain')
        .send('The web app is not built. Run `npm run build` (npm start does it for you).');
    }
    return reply.status(404).send({ error: 'Not found', code: ERROR_CODES.notFound });
  }
}

/**
 * Whether a path that matched no route was meant for the API, however it is spelled (absolute
 * form, percent-encoded letters, repeated slashes, dot segments, case): such a request gets the
 * JSON 404, never the SPA page.
 */
export function isApiPath(rawPath: string): boolean {
  let pathname = rawPath.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '');
  try {
    pathname = decodeURIComponent(pathname);
  } catch {
    // A malformed escape: judge the text as it is.
  }
  const normalized = path.posix.normalize(`/${pathname}`).toLowerCase();
  return normalized === '/api' || normalized.startsWith('/api/');
}
