import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_WORDPRESS_BODY_BYTES } from '../../src/integrations/wordpress/http.js';
import {
  createWordPressClient,
  isWordPressError,
  type WordPressError,
} from '../../src/integrations/wordpress/index.js';
import { FakeWordPressServer } from './fake-server.js';

/*
 * A "WordPress" that answers with an endless body must not fill the heap: the client stops reading
 * at the cap and says so. The fake counts what it managed to write before the client hung up.
 */

const HUGE = 128 * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 'a');

let server: FakeWordPressServer;
beforeAll(async () => {
  server = await FakeWordPressServer.start();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => server.reset());

/** Writes up to `total` bytes of one JSON string, as fast as the client reads; resolves with the count when done or cut off. */
function streamHugeJson(res: ServerResponse, total: number, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve) => {
    let written = 0;
    let finished = false;
    const finish = () => {
      if (!finished) resolve(written);
      finished = true;
    };
    res.on('close', finish);
    res.writeHead(200, { 'Content-Type': 'application/json', ...headers });
    res.write('{"name":"');
    const pump = () => {
      while (written < total && !res.destroyed) {
        written += CHUNK.length;
        if (!res.write(CHUNK)) {
          res.once('drain', pump);
          return;
        }
      }
      if (!res.destroyed) res.end('"}');
    };
    pump();
  });
}

function client() {
  return createWordPressClient({
    baseUrl: server.url,
    username: 'admin',
    applicationPassword: 'abcd efgh ijkl mnop qrst uvwx',
    restRoot: `${server.url}/wp-json/`,
    retry: { maxAttempts: 1 },
  });
}

async function failure(promise: Promise<unknown>): Promise<WordPressError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!isWordPressError(error)) throw new Error(`expected a WordPressError, got ${String(error)}`);
  return error;
}

describe('WordPress answers are read with a size cap', () => {
  it('stops reading an endless answer without Content-Length at the cap, with a clear error', async () => {
    let written: Promise<number> = Promise.resolve(0);
    server.on(
      'GET',
      (u) => u.startsWith('/wp-json/wp/v2/users/me'),
      (_q, res) => {
        written = streamHugeJson(res, HUGE);
      },
    );
    const error = await failure(client().getCurrentUser());
    expect(error.kind).toBe('response_too_large');
    expect(error.retryable).toBe(false);
    expect(error.message).toMatch(/GET .*users\/me answered with more than 32 MB; reading was stopped/);
    // The server was cut off soon after the cap (socket buffers allow a little more), far from all of it.
    const sent = await written;
    expect(sent).toBeGreaterThan(MAX_WORDPRESS_BODY_BYTES);
    expect(sent).toBeLessThan(MAX_WORDPRESS_BODY_BYTES + 16 * 1024 * 1024);
  });

  it('refuses a declared Content-Length over the cap before reading it', async () => {
    let written: Promise<number> = Promise.resolve(0);
    server.on(
      'GET',
      (u) => u.startsWith('/wp-json/wp/v2/users/me'),
      (_q, res) => {
        written = streamHugeJson(res, HUGE, { 'Content-Length': String(HUGE + 11) });
      },
    );
    const error = await failure(client().getCurrentUser());
    expect(error.kind).toBe('response_too_large');
    expect(await written).toBeLessThan(16 * 1024 * 1024);
  });

  it('discovery stops at an oversized index instead of reading it or probing on', async () => {
    let written: Promise<number> = Promise.resolve(0);
    server.on('GET', '/wp-json/', (_q, res) => {
      written = streamHugeJson(res, HUGE);
    });
    const wp = createWordPressClient({
      baseUrl: server.url,
      username: 'admin',
      applicationPassword: 'x',
      retry: { maxAttempts: 1 },
    });
    const error = await failure(wp.discover());
    expect(error.kind).toBe('response_too_large');
    // Discovery stops there instead of probing the other addresses.
    expect(server.requests.map((r) => r.url)).toEqual(['/wp-json/']);
    expect(await written).toBeLessThan(MAX_WORDPRESS_BODY_BYTES + 16 * 1024 * 1024);
  });
});
