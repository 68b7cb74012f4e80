import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Below this a compressed answer saves less than a packet; above it JSON shrinks 5–10×. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Compresses API answers (JSON) for clients that accept it, on routes registered after this.
 * Only under /api: the web app's files are compressed once at build time and sent as they are
 * (plugins/web-app.ts); compressing them again per request would only cost CPU. Request bodies
 * are not decompressed: nothing sends them compressed, and it would let a small body inflate
 * past the body limit.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // Runs before the plugin's own onRoute hook, which honours `compress: false`.
  app.addHook('onRoute', (route) => {
    if (route.url !== '/api' && !route.url.startsWith('/api/')) route.compress = false;
  });
  await app.register(compress, {
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    globalDecompression: false,
  });
}
