import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../src/db/migrate.js';
import { httpClient, type ServerProcess, spawnServer } from './spawn-server.js';

// Creating and migrating the embedded database happens in a short-lived process, so the memory
// initdb and the migrations take leaves with it (figures: `npm run bench -- startup`).
const MIGRATED_IN_PROCESS = 'the embedded database was created or migrated in a short-lived process';

describe('the embedded database is created and migrated by a short-lived process', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'abp-migproc-'));
  const marker = path.join(dataDir, 'db', 'abp-migrated-to');
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const latest = journal.entries.at(-1)!.tag;
  const started: ServerProcess[] = [];
  afterAll(async () => {
    await Promise.all(started.map((s) => s.stop('SIGKILL')));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function start(): Promise<ServerProcess> {
    const server = await spawnServer({ DATA_DIR: dataDir, LOG_LEVEL: 'info', ADMIN_PASSWORD: 'migration-test-pass' });
    started.push(server);
    return server;
  }

  it('on a new data directory, then not again, then again when the code has a newer migration', async () => {
    const first = await start();
    expect(first.output()).toContain(MIGRATED_IN_PROCESS);
    expect(fs.readFileSync(marker, 'utf8').trim()).toBe(latest);
    const call = httpClient(first.port);
    expect((await call('POST', '/api/auth/login', { password: 'migration-test-pass' })).status).toBe(200);
    expect(await first.stop()).toBe(0);

    const second = await start();
    expect(second.output()).not.toContain(MIGRATED_IN_PROCESS);
    expect(await second.stop()).toBe(0);

    // A database one migration behind (as after an upgrade): migrated apart again, data kept.
    fs.writeFileSync(marker, `${journal.entries.at(-2)!.tag}\n`);
    const upgraded = await start();
    expect(upgraded.output()).toContain(MIGRATED_IN_PROCESS);
    expect(fs.readFileSync(marker, 'utf8').trim()).toBe(latest);
    const call2 = httpClient(upgraded.port);
    expect((await call2('POST', '/api/auth/login', { password: 'migration-test-pass' })).status).toBe(200);
    expect(await upgraded.stop()).toBe(0);
  }, 180_000);

  it('a database that cannot be opened stops the start with a line saying so', async () => {
    const broken = fs.mkdtempSync(path.join(os.tmpdir(), 'abp-migbroken-'));
    try {
      fs.mkdirSync(path.join(broken, 'db'));
      fs.writeFileSync(path.join(broken, 'db', 'PG_VERSION'), 'not a version\n');
      const server = await spawnServer({ DATA_DIR: broken }, [], null);
      started.push(server);
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain(`Could not create or migrate the database in ${path.join(broken, 'db')}`);
    } finally {
      fs.rmSync(broken, { recursive: true, force: true });
    }
  }, 60_000);
});
