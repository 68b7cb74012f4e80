import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import semver from 'semver';
import { afterAll, describe, expect, it } from 'vitest';
import { describeRealSite, listDirect, type RealSite, runId } from '../wordpress/real-site.js';
import { httpClient, type ServerProcess, spawnServer } from './spawn-server.js';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const DECLARED = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } })
  .engines.node;
const PASSWORD = 'other-runtimes-password';

/**
 * The app declares Node 20, 22 and 24 (package.json "engines"); CI's machine has 20. `npm test`
 * fetches the 22 and 24 binaries from the npm registry (scripts/node-runtimes.sh → ABP_OTHER_NODES)
 * and this starts the real server on each: a fresh embedded database (PGlite, migrations, pg-boss),
 * the session cookie (sodium-native, @fastify/cookie), an article
 * written by the offline writer and published to the real WordPress through the job queue, and a
 * clean stop. Without ABP_OTHER_NODES it runs on this Node only.
 */
const runtimes = [process.execPath, ...(process.env.ABP_OTHER_NODES ?? '').split(',').filter(Boolean)].map(
  (binary) => ({
    binary,
    version: execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim(),
  }),
);

describe('the runtimes the app declares', () => {
  it(`each runtime tested is one the app declares (${DECLARED}), and CI tests 20, 22 and 24`, () => {
    for (const { version } of runtimes) expect(semver.satisfies(version, DECLARED), version).toBe(true);
    if (process.env.CI) expect(runtimes.map(({ version }) => semver.major(version)).sort()).toEqual([20, 22, 24]);
  });
});

describeRealSite('normal', 'the server on every declared Node runtime', (site: RealSite) => {
  const dirs: string[] = [];
  const started: ServerProcess[] = [];
  const posts: number[] = [];
  afterAll(async () => {
    await Promise.all(started.map((server) => server.stop('SIGKILL')));
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    const auth = `Basic ${Buffer.from(`${site.user}:${site.password}`).toString('base64')}`;
    for (const id of posts)
      await fetch(`${site.url}/wp-json/wp/v2/posts/${id}?force=true`, {
        method: 'DELETE',
        headers: { authorization: auth },
      }).catch(() => undefined);
  });

  for (const { binary, version } of runtimes) {
    it(`Node ${version}: starts on a new data directory, signs in, publishes an article, stops cleanly`, async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `abp-runtime-${semver.major(version)}-`));
      dirs.push(dataDir);
      const server = await spawnServer({ DATA_DIR: dataDir, ADMIN_PASSWORD: PASSWORD }, [], /is running at/, binary);
      started.push(server);
      const call = httpClient(server.port);

      expect((await call('GET', '/api/health')).json.status).toBe('ok');
      expect((await call('GET', '/api/sites')).status).toBe(401);
      expect((await call('POST', '/api/auth/login', { password: PASSWORD })).status).toBe(200);

      const created = await call<{ id: number }>('POST', '/api/sites', {
        name: `Node ${version}`,
        url: site.url,
        username: site.user,
        password: site.password,
        is_active: true,
        content_persona: '',
      });
      expect(created.status, JSON.stringify(created.json)).toBe(201);
      const marker = `runtime${semver.major(version)}${runId}`;
      const answer = await call<{
        data: { status: string; wordpress_post_id: number | null; publish_error: string | null };
      }>('POST', '/api/manual/generate', {
        topic: `${marker} compost basics`,
        site_id: created.json.id,
        task_type: 'Blog Post',
        options: { includeImages: false, publishStatus: 'publish', maxArticles: 1, wordCount: 500, persona: '' },
      });
      expect(answer.status, JSON.stringify(answer.json)).toBe(200);
      if (answer.json.data.wordpress_post_id) posts.push(answer.json.data.wordpress_post_id);
      expect(answer.json.data).toMatchObject({ status: 'published', publish_error: null });
      const onSite = (await listDirect(site, `wp/v2/posts?search=${marker}&status=any&context=edit`)) as {
        id: number;
        status: string;
      }[];
      expect(onSite.map((post) => [post.id, post.status])).toEqual([[answer.json.data.wordpress_post_id, 'publish']]);

      expect(await server.stop('SIGTERM')).toBe(0);
    }, 180_000);
  }
});
