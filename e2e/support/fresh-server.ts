import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serverArgs } from '../../scripts/server-command.mjs';
import { OPERATOR_PASSWORD } from './fixtures.js';

/**
 * A second server of the built app on its own empty data directory, for a test that needs a fresh
 * install whatever the other specs left on the shared one (issue #37 point 4). On 127.0.0.1, at
 * E2E_PORT + 50.
 */
export interface FreshServer {
  url: string;
  stop(): Promise<void>;
}

const port = Number(process.env.E2E_PORT ?? 4310) + 50;
/** Where the fresh server answers (known before it starts, for test.use({ baseURL })). */
export const FRESH_SERVER_URL = `http://127.0.0.1:${port}`;

export async function startFreshServer(): Promise<FreshServer> {
  const root = path.resolve(import.meta.dirname, '../..');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'abp-e2e-fresh-'));
  const child: ChildProcess = spawn(process.execPath, serverArgs(), {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      ADMIN_PASSWORD: OPERATOR_PASSWORD,
      LOG_LEVEL: 'warn',
    },
  });
  const url = FRESH_SERVER_URL;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the fresh server exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/api/health`)
      .then((res) => res.ok)
      .catch(() => false);
    if (ok) return { url, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error('the fresh server did not start within 120 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
