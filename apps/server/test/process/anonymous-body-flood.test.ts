import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LargeBodyResult, peakRssMiB, percentile, pollHealth, sendLargeBody } from '../security/body-flood.js';
import { type ServerProcess, spawnServer } from './spawn-server.js';

/*
 * Issue #31 item 1: 20 parallel 24 MB bodies without a cookie held /api/health for up to 9.5 s and
 * took the process to 985 MB, because every route read and parsed bodies up to 25 MB — the public
 * login and logout too. Now each route has a limit that fits it, checked before the body is read:
 * a Content-Length over it is answered 413 at once, a chunked body is cut off when it passes it,
 * and the connection is closed so the rest is never read. The figures (health p99, peak memory)
 * are printed for the report; only loose sanity bounds are asserted.
 */
const BODY_BYTES = 24 * 1024 * 1024;
const FLOOD_MS = 3_000;
const FLOOD = [
  ...Array.from({ length: 5 }, () => ({ path: '/api/auth/login', chunked: false })),
  ...Array.from({ length: 5 }, () => ({ path: '/api/auth/login', chunked: true })),
  ...Array.from({ length: 3 }, () => ({ path: '/api/auth/logout', chunked: false })),
  ...Array.from({ length: 2 }, () => ({ path: '/api/auth/logout', chunked: true })),
  ...Array.from({ length: 3 }, () => ({ path: '/api/articles/1', chunked: false, method: 'PUT' })),
  ...Array.from({ length: 2 }, () => ({ path: '/api/no-such-route', chunked: true })),
];

const tally = (values: unknown[]) =>
  Object.entries(
    values.reduce<Record<string, number>>((acc, v) => ({ ...acc, [String(v)]: (acc[String(v)] ?? 0) + 1 }), {}),
  )
    .map(([value, count]) => `${value} × ${count}`)
    .join(', ');

describe('anonymous clients sending large bodies in parallel', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'abp-body-flood-'));
  let server: ServerProcess;
  beforeAll(async () => {
    server = await spawnServer({ DATA_DIR: dataDir, ADMIN_PASSWORD: 'body-flood-password' });
    // Let start-up work (migrations, the password hash) settle before the idle figures.
    await new Promise((r) => setTimeout(r, 2_000));
  }, 120_000);
  afterAll(async () => {
    await server?.stop('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('20 × 24 MB are refused before they are read, and /api/health keeps answering', async () => {
    const failures: string[] = [];
    const idle = { done: false };
    const idleRss = peakRssMiB(server.child.pid!, idle);
    const idleTimes = pollHealth(server.port, idle, failures);
    await new Promise((r) => setTimeout(r, 2_000));
    idle.done = true;

    const stop = { done: false };
    const rss = peakRssMiB(server.child.pid!, stop);
    const health = pollHealth(server.port, stop, failures);
    const t0 = performance.now();
    // Each of the 20 clients sends its body again as soon as it is answered, for FLOOD_MS at least.
    const results: LargeBodyResult[][] = await Promise.all(
      FLOOD.map(async (f) => {
        const mine: LargeBodyResult[] = [];
        do mine.push(await sendLargeBody(server.port, { ...f, bytes: BODY_BYTES }));
        while (performance.now() - t0 < FLOOD_MS);
        return mine;
      }),
    );
    const floodMs = performance.now() - t0;
    const all = results.flat();
    // A little longer, so that health is also measured while the server recovers.
    await new Promise((r) => setTimeout(r, 500));
    stop.done = true;
    const times = await health;
    const figures = {
      'idle: health p99 ms': Math.round(percentile(await idleTimes, 0.99)),
      'idle: peak RSS MiB': await idleRss,
      'flood: health p50 / p99 / max ms': [0.5, 0.99, 1].map((q) => Math.round(percentile(times, q))).join(' / '),
      'flood: health requests': times.length,
      'flood: peak RSS MiB': await rss,
      'flood: bodies sent': all.length,
      'flood: all answered in ms': Math.round(floodMs),
      'flood: answers': tally(all.map((r) => r.status ?? r.error)),
      'flood: MiB taken per request (max)': Math.round(Math.max(...all.map((r) => r.sentBytes)) / 1048576),
    };
    console.log(
      `anonymous body flood (${FLOOD.length} × 24 MB):\n${Object.entries(figures)
        .map(([k, v]) => `  ${k.padEnd(36)} ${v}`)
        .join('\n')}`,
    );

    expect(failures).toEqual([]);
    FLOOD.forEach((f, i) => {
      for (const result of results[i]!) {
        // A session route refuses the anonymous request before anything else; the public ones
        // (and a path that is no route) refuse the size, or the address once it is locked out.
        // The server closes the connection after its answer, so a client still writing may see
        // the close (EPIPE, ECONNRESET) before it has read the answer: a refusal all the same.
        const allowed = f.path === '/api/articles/1' ? [401] : [413, 429];
        const outcome =
          result.status ?? (/EPIPE|ECONNRESET/.test(result.error ?? '') ? 'closed by the server' : result.error);
        expect({ path: f.path, chunked: f.chunked, outcome }).toEqual({
          path: f.path,
          chunked: f.chunked,
          outcome: expect.toBeOneOf([...allowed, 'closed by the server']),
        });
        // The server stopped reading: the client could not hand over the whole body.
        expect(result.sentBytes).toBeLessThan(BODY_BYTES);
      }
    });
    expect(all.some((r) => r.status === 413)).toBe(true);
    // The refusals were counted like failed logins: this address is now locked out of signing in.
    const login = await fetch(`http://127.0.0.1:${server.port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify({ password: 'body-flood-password' }),
    });
    expect(login.status).toBe(429);
    // Loose sanity bound, not a timing promise: before the fix health waited up to 9.5 s.
    expect(percentile(times, 0.99)).toBeLessThan(5_000);
    const after = await fetch(`http://127.0.0.1:${server.port}/api/health`);
    expect(after.status).toBe(200);
    expect(server.child.exitCode).toBeNull();
  }, 180_000);
});
