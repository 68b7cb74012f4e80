import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient, type ServerProcess, spawnServer } from '../process/spawn-server.js';
import { createScratchPostgresDatabase } from '../test-database.js';

const adminUrl = process.env.TEST_DATABASE_URL;

// Runs in the PostgreSQL pass of `npm test` (scripts/test-postgres.sh sets TEST_DATABASE_URL).
describe.skipIf(!adminUrl)('PostgreSQL: a web process and separate worker processes', () => {
  const procs: ServerProcess[] = [];
  let web: ServerProcess;
  let workers: ServerProcess[];

  beforeAll(async () => {
    const url = await createScratchPostgresDatabase(adminUrl!);
    const env = {
      DATABASE_URL: url,
      ADMIN_PASSWORD: 'pg-mode-password',
      APP_SECRET: 'p'.repeat(48),
      DATA_DIR: '/tmp/abp-pg-unused',
    };
    // Start them together: migrations and pg-boss's own schema must cope with concurrent starts.
    [web, ...workers] = await Promise.all([
      spawnServer(env, ['--role=web']),
      spawnServer(env, ['--role=worker']),
      spawnServer(env, ['--role=worker']),
    ]);
    procs.push(web, ...workers);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(procs.map((p) => p.stop('SIGTERM')));
  });

  it('the web process only enqueues; the worker processes run the jobs', async () => {
    const call = httpClient(web.port);
    expect((await call('GET', '/api/health')).json).toMatchObject({
      status: 'ok',
      database: { driver: 'postgres' },
      queue: { role: 'web' },
    });
    expect((await call('POST', '/api/auth/login', { password: 'pg-mode-password' })).status).toBe(200);
    const ids: string[] = [];
    for (let i = 0; i < 12; i++)
      ids.push((await call<{ id: string }>('POST', '/api/diagnostics/queue-probes', { message: `m${i}` })).json.id);
    const deadline = Date.now() + 60_000;
    const done = new Map<string, { result: string; workerPid: number }>();
    while (done.size < ids.length && Date.now() < deadline) {
      for (const id of ids) {
        if (done.has(id)) continue;
        const probe = (
          await call<{ status: string; result: string; workerPid: number }>(
            'GET',
            `/api/diagnostics/queue-probes/${id}`,
          )
        ).json;
        if (probe.status === 'completed') done.set(id, probe);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(done.size).toBe(ids.length);
    const workerPids = new Set(workers.map((w) => w.child.pid));
    for (const [i, id] of ids.entries()) {
      expect(done.get(id)!.result).toBe(`echo: m${i}`);
      expect(workerPids.has(done.get(id)!.workerPid)).toBe(true);
    }
    expect([...done.values()].some((p) => p.workerPid === web.child.pid)).toBe(false);
  }, 90_000);

  it('the worker role serves no HTTP and the web role refuses without DATABASE_URL', async () => {
    await expect(fetch(`http://127.0.0.1:${workers[0]!.port}/api/health`)).rejects.toThrow();
    const refused = await spawnServer({ DATA_DIR: '/tmp/abp-pg-unused', DATABASE_URL: '' }, ['--role=web'], null);
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toContain('--role=web needs DATABASE_URL');
  });
});
