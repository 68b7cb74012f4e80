import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const MAIN = path.join(ROOT, 'apps/server/src/main.ts');

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  output(): string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

/** Runs the real server entry point (through tsx) as a separate process, on this Node or on `node` (another runtime's binary). */
export async function spawnServer(
  env: Record<string, string>,
  args: string[] = [],
  waitFor: RegExp | null = /is running at|worker started/,
  node: string = process.execPath,
): Promise<ServerProcess> {
  const port = Number(env.PORT ?? (await freePort()));
  const child = spawn(node, ['--import', 'tsx', MAIN, ...args], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', NODE_ENV: 'production', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  if (waitFor) {
    const deadline = Date.now() + 60_000;
    while (!waitFor.test(out)) {
      if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}): ${out}`);
      if (Date.now() > deadline) throw new Error(`server did not start in time: ${out}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    child,
    port,
    output: () => out,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Minimal HTTP client for a spawned server: keeps the session cookie and sends X-Requested-With. */
type JsonObject = Record<string, unknown> & { id?: string; status?: string };

export function httpClient(port: number) {
  let cookie = '';
  return async function call<T = JsonObject>(
    method: string,
    url: string,
    body?: unknown,
  ): Promise<{ status: number; json: T }> {
    const res = await fetch(`http://127.0.0.1:${port}${url}`, {
      method,
      headers: {
        'x-requested-with': 'XMLHttpRequest',
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(cookie ? { cookie } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const set = res.headers.get('set-cookie');
    if (set) cookie = set.split(';')[0]!;
    const text = await res.text();
    return { status: res.status, json: text ? JSON.parse(text) : null };
  };
}
