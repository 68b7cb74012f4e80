import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseRole } from '../../src/config.js';
import { acquireDataDirLock, DataDirLockedError } from '../../src/db/data-dir-lock.js';
import { loadOrCreateAppSecret } from '../../src/lib/app-secret.js';
import { SecretBox } from '../../src/lib/secret-box.js';

describe('configuration', () => {
  it('gives working defaults for an empty environment', () => {
    const c = loadConfig({}, '/srv/app');
    expect(c).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: '/srv/app/data',
      databaseUrl: undefined,
      logLevel: 'info',
      trustProxy: false,
    });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD'],
    [{ ADMIN_PASSWORD: ' '.repeat(10) }, 'ADMIN_PASSWORD'],
    [{ APP_SECRET: 'too-short' }, 'APP_SECRET'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY'],
    [{ MCP_PORT: '0' }, 'MCP_PORT'],
    [{ MCP_PORT: 'mcp' }, 'MCP_PORT'],
  ])('stops with one line naming the variable: %o', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    try {
      loadConfig(env);
    } catch (err) {
      expect((err as Error).message.startsWith(`Invalid ${name}:`)).toBe(true);
      expect((err as Error).message).not.toContain('\n');
    }
  });

  it('treats empty values as unset and parses roles', () => {
    expect(loadConfig({ PORT: '' }).port).toBe(3000);
    // The MCP server is off unless MCP_PORT is set.
    expect(loadConfig({ MCP_PORT: '' }).mcpPort).toBeUndefined();
    expect(loadConfig({ MCP_PORT: '4700' }).mcpPort).toBe(4700);
    expect(parseRole(['--role=worker'])).toBe('worker');
    expect(parseRole([])).toBe('all');
    expect(() => parseRole(['--role=boss'])).toThrow(/Invalid --role/);
  });
});

describe('data directory lock and app secret', () => {
  const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'abp-lock-'));

  it('refuses a second holder while the first is alive, and takes over a stale lock', () => {
    const dir = tmp();
    const release = acquireDataDirLock(dir);
    // Pretend another live process (our parent) holds it.
    fs.writeFileSync(path.join(dir, 'app.lock'), String(process.ppid));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    // A pid that cannot exist: the lock is stale and is taken over.
    fs.writeFileSync(path.join(dir, 'app.lock'), '2147483646');
    const again = acquireDataDirLock(dir);
    expect(fs.readFileSync(path.join(dir, 'app.lock'), 'utf8')).toBe(String(process.pid));
    again();
    expect(fs.existsSync(path.join(dir, 'app.lock'))).toBe(false);
    release();
  });

  it('creates the secret once with mode 0600 and reuses it', () => {
    const dir = tmp();
    const a = loadOrCreateAppSecret(dir, undefined);
    const b = loadOrCreateAppSecret(dir, undefined);
    expect(a).toBe(b);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(fs.statSync(path.join(dir, 'secret.key')).mode & 0o777).toBe(0o600);
    expect(loadOrCreateAppSecret(dir, 'x'.repeat(40))).toBe('x'.repeat(40));
  });

  it('seals secrets with AES-256-GCM: round trip, no plaintext, tamper detected', () => {
    const box = SecretBox.fromAppSecret('s'.repeat(64));
    const sealed = box.encrypt('abcd efgh ijkl mnop');
    expect(sealed).not.toContain('abcd');
    expect(box.decrypt(sealed)).toBe('abcd efgh ijkl mnop');
    const parts = sealed.split(':');
    parts[3] = Buffer.from('tampered!!').toString('base64');
    expect(() => box.decrypt(parts.join(':'))).toThrow();
    expect(() => SecretBox.fromAppSecret('o'.repeat(64)).decrypt(sealed)).toThrow();
  });
});
