import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { httpClient, type ServerProcess, spawnServer } from './spawn-server.js';

describe('the real process on the embedded database', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'abp-proc-'));
  const started: ServerProcess[] = [];
  afterAll(async () => {
    await Promise.all(started.map((s) => s.stop('SIGKILL')));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('prints the URL and a generated password once, and the password works', async () => {
    const first = await spawnServer({ DATA_DIR: dataDir });
    started.push(first);
    const out = first.output();
    expect(out).toContain(`is running at http://127.0.0.1:${first.port}`);
    const password = /operator password is\s+(\S+)/.exec(out)?.[1];
    expect(password).toBeTruthy();
    const call = httpClient(first.port);
    expect((await call('POST', '/api/auth/login', { password })).status).toBe(200);
    expect((await call('GET', '/api/auth/status')).json.authenticated).toBe(true);

    // A second process on the same data directory refuses to start, with a clear message.
    const second = await spawnServer({ DATA_DIR: dataDir }, [], null);
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/data directory .* is in use by another process \(pid \d+\)/);

    // SIGTERM: a clean stop that releases the lock.
    expect(await first.stop('SIGTERM')).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'app.lock'))).toBe(false);

    // Next start: data kept, no new password printed.
    const again = await spawnServer({ DATA_DIR: dataDir });
    started.push(again);
    expect(again.output()).not.toContain('operator password is');
    const call2 = httpClient(again.port);
    expect((await call2('POST', '/api/auth/login', { password })).status).toBe(200);
    await again.stop('SIGKILL');

    // After a kill -9 the stale lock does not block the next start.
    const afterCrash = await spawnServer({ DATA_DIR: dataDir });
    started.push(afterCrash);
    expect((await httpClient(afterCrash.port)('GET', '/api/health')).json.status).toBe('ok');
  }, 120_000);

  it('an invalid variable stops the start with one line naming it', async () => {
    const bad = await spawnServer({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'shouty' }, [], null);
    expect(await bad.exited).toBe(1);
    expect(bad.output().trim()).toMatch(/^Invalid LOG_LEVEL: /);
    expect(bad.output().trim().split('\n')).toHaveLength(1);
  });

  it('a HOST that is not this machine, or a PORT in use, stops the start with one line naming it', async () => {
    // Its own data directory: the servers of the tests above still hold theirs.
    const ownDir = fs.mkdtempSync(path.join(os.tmpdir(), 'abp-listen-'));
    const badHost = await spawnServer({ DATA_DIR: ownDir, PORT: '0', HOST: 'no-such-host.invalid' }, [], null);
    expect(await badHost.exited).toBe(1);
    expect(badHost.output().trim()).toMatch(/^Invalid HOST: "no-such-host.invalid"/);
    expect(badHost.output().trim().split('\n')).toHaveLength(1);

    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as net.AddressInfo;
    try {
      const busy = await spawnServer({ DATA_DIR: ownDir, PORT: String(port) }, [], null);
      expect(await busy.exited).toBe(1);
      expect(busy.output().trim()).toMatch(new RegExp(`^Invalid PORT: ${port} is already in use`));
      expect(busy.output().trim().split('\n')).toHaveLength(1);
    } finally {
      blocker.close();
      fs.rmSync(ownDir, { recursive: true, force: true });
    }
  }, 60_000);
});
