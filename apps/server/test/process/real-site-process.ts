import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect } from 'vitest';
import type { RealSite } from '../wordpress/real-site.js';
import { httpClient, type ServerProcess, spawnServer } from './spawn-server.js';

/**
 * Server processes on a data directory of their own, posting to a real WordPress: what the
 * restart and upgrade tests share. Everything is removed after the suite — the processes, the
 * directory and the posts the test lists in `posts` — whatever assertion failed.
 */
export function realSiteProcesses(site: RealSite, prefix: string, password: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const started: ServerProcess[] = [];
  const posts: number[] = [];

  afterAll(async () => {
    await Promise.all(started.map((server) => server.stop('SIGKILL')));
    fs.rmSync(dataDir, { recursive: true, force: true });
    const auth = `Basic ${Buffer.from(`${site.user}:${site.password}`).toString('base64')}`;
    for (const id of posts)
      await fetch(`${site.url}/wp-json/wp/v2/posts/${id}?force=true`, {
        method: 'DELETE',
        headers: { authorization: auth },
      }).catch(() => undefined);
  });

  /** Starts the server on the directory (with `env` on top) and signs in. */
  const start = async (env: Record<string, string> = {}) => {
    const server = await spawnServer({ DATA_DIR: dataDir, ADMIN_PASSWORD: password, ...env });
    started.push(server);
    const call = httpClient(server.port);
    expect((await call('POST', '/api/auth/login', { password })).status).toBe(200);
    return { server, call };
  };

  return { dataDir, posts, start };
}
