import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { httpClient, type ServerProcess, spawnServer } from './spawn-server.js';

const ROOT = path.resolve(import.meta.dirname, '../../../..');

/** Every entry under dir whose mode lets group or other read, write or enter it. */
function openEntries(dir: string): string[] {
  const open: string[] = [];
  const walk = (p: string) => {
    const stat = fs.lstatSync(p);
    if (stat.isSymbolicLink()) return;
    if ((stat.mode & 0o077) !== 0) open.push(`${path.relative(dir, p) || '.'} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of fs.readdirSync(p)) walk(path.join(p, name));
  };
  walk(dir);
  return open;
}

function countEntries(dir: string): number {
  return fs.readdirSync(dir, { recursive: true }).length;
}

// The server runs as the test's user: what matters is that nothing is readable by anyone else,
// whatever the umask of the shell that started it.
describe('DATA_DIR is readable and writable by the operator only', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'abp-private-'));
  const started: ServerProcess[] = [];
  const oldUmask = process.umask(0o022); // the usual shell umask, inherited by the child
  afterAll(async () => {
    process.umask(oldUmask);
    await Promise.all(started.map((s) => s.stop('SIGKILL')));
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('a fresh start creates nothing that group or other can open', async () => {
    const dataDir = path.join(root, 'fresh');
    const server = await spawnServer({ DATA_DIR: dataDir });
    started.push(server);
    const call = httpClient(server.port);
    const password = /operator password is\s+(\S+)/.exec(server.output())?.[1];
    expect((await call('POST', '/api/auth/login', { password })).status).toBe(200);
    // Writes: a site with a sealed secret lands in the tables and the WAL.
    const site = await call('POST', '/api/sites', {
      name: 'Private',
      url: 'http://127.0.0.1:9',
      username: 'u',
      password: 'abcd efgh ijkl mnop',
    });
    expect(site.status).toBeLessThan(300);
    expect(countEntries(dataDir)).toBeGreaterThan(100); // the database really is on disk here
    expect(openEntries(dataDir)).toEqual([]);
    expect(await server.stop('SIGTERM')).toBe(0);
    expect(openEntries(dataDir)).toEqual([]);
  }, 180_000);

  it('an existing data directory with open modes is narrowed at start, data kept', async () => {
    const dataDir = path.join(root, 'fresh');
    // What an older version left behind: 0666 files under 0755 directories.
    const widen = (p: string) => {
      const stat = fs.lstatSync(p);
      fs.chmodSync(p, stat.isDirectory() ? 0o755 : 0o666);
      if (stat.isDirectory()) for (const name of fs.readdirSync(p)) widen(path.join(p, name));
    };
    widen(dataDir);
    expect(openEntries(dataDir).length).toBe(countEntries(dataDir) + 1);

    const server = await spawnServer({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
    started.push(server);
    expect(openEntries(dataDir)).toEqual([]);
    expect(server.output()).toMatch(/"fixed":\d{3,}/); // logged how many were fixed
    // Narrowing kept the data readable by the operator: the data is all there.
    expect((await httpClient(server.port)('GET', '/api/health')).json.status).toBe('ok');
    expect(await server.stop('SIGTERM')).toBe(0);
  }, 180_000);

  it('npm run set-password narrows the data directory too and creates nothing open', () => {
    const dataDir = path.join(root, 'fresh');
    fs.chmodSync(dataDir, 0o755);
    fs.chmodSync(path.join(dataDir, 'secret.key'), 0o644);
    const res = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'apps/server/src/cli/set-password.ts')],
      {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: dataDir, NEW_PASSWORD: 'a new password 123' },
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect(res.stderr).toBe('');
    expect(res.stdout).toContain('Password changed');
    expect(res.stdout).toMatch(/2 files or directories under DATA_DIR were open/);
    expect(openEntries(dataDir)).toEqual([]);
  }, 180_000);
});
