import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

async function listFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

async function writeIfSmaller(file: string, original: Buffer, compressed: Buffer): Promise<void> {
  // The server falls back to the plain file when no compressed copy exists.
  if (compressed.length < original.length) await fs.writeFile(file, compressed);
}

/**
 * Writes `file.br` and `file.gz` beside every text file of the build, at the highest levels:
 * this runs once per release, and the server then sends the copy the browser accepts without
 * compressing anything per request (@fastify/static `preCompressed`).
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'abp:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await listFiles(outDir)).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          const original = await fs.readFile(file);
          const [br, gz] = await Promise.all([
            brotli(original, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: original.length,
              },
            }),
            gzip(original, { level: zlib.constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeIfSmaller(`${file}.br`, original, br), writeIfSmaller(`${file}.gz`, original, gz)]);
        }),
      );
    },
  };
}
