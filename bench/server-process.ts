import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serverArgs } from '../scripts/server-command.mjs';

export const ROOT = path.resolve(import.meta.dirname, '..');
/** BENCH_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") profiles the servers: NODE_OPTIONS refuses --cpu-prof. */
export const nodeArgs = (): string[] => (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);

export const BENCH_PASSWORD = 'bench-operator-password';

export interface BenchServer {
  child: ChildProcess;
  port: number;
  url: string;
  dataDir: string;
  /** ms from spawn to the first 200 from /api/health */
  coldStartMs: number;
  stop(): Promise<void>;
}

/** Starts the built server (apps/server/dist) on a fresh data directory and waits for health. */
export async function startBenchServer(
  env: Record<string, string> = {},
  options: { port?: number; dataDir?: string; keepData?: boolean } = {},
): Promise<BenchServer> {
  const port = options.port ?? 3900 + Math.floor(Math.random() * 90);
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'abp-bench-'));
  const t0 = performance.now();
  const child = spawn(process.execPath, [...nodeArgs(), ...serverArgs()], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: BENCH_PASSWORD,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 10));
  }
  const coldStartMs = performance.now() - t0;
  return {
    child,
    port,
    url,
    dataDir,
    coldStartMs,
    async stop() {
      const exited = new Promise((r) => child.on('exit', r));
      child.kill('SIGTERM');
      await exited;
      if (!options.keepData) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function rssMiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

export async function loginCookie(url: string, password = BENCH_PASSWORD): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify({ password }),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status}`);
  return res.headers.get('set-cookie')!.split(';')[0]!;
}
