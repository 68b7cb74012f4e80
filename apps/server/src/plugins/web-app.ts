import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '@abp/contracts';

/**
 * Serves the built SPA. Hashed assets are cached for a year; index.html never, so a new release
 * is picked up on the next load. Unknown /api paths get a JSON 404; other GETs get the SPA.
 * The build writes a .br and a .gz beside each text file; the one the browser accepts is sent
 * as is (no compression work per request), with Vary: Accept-Encoding for caches.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const hasWebApp = fs.existsSync(indexFile);
  if (hasWebApp) {
    await app.register(fastifyStatic, {
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

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      return reply.status(404).send({ error: `No such API route: ${request.method} ${pathname}`, code: ERROR_CODES.notFound });
    }
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !path.extname(pathname);
    if (hasWebApp && wantsPage) {
      return reply.header('Cache-Control', 'no-cache').type('text/html').sendFile('index.html');
    }
    if (!hasWebApp && wantsPage) {
      return reply.status(404).type('text/plain').send('The web app is not built. Run `npm run build` (npm start does it for you).');
    }
    return reply.status(404).send({ error: 'Not found', code: ERROR_CODES.notFound });
  });
}
