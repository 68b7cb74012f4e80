import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type FakeOpenAiServer, startFakeOpenAiServer } from '../../apps/server/test/llm/fake-openai-server.js';
import { serverArgs } from '../../scripts/server-command.mjs';
import type { Scenario } from '../scenario.js';
import { BENCH_PASSWORD, loginCookie, nodeArgs, ROOT } from '../server-process.js';

/*
 * Background bulk generation throughput: 200 items against the local OpenAI-compatible server,
 * each model call taking a fixed time. The ideal is the model's own time divided by the
 * concurrency (every slot busy all the time); the ratio says how close the job machinery gets.
 * Then PostgreSQL with one and two worker processes: the second worker should double throughput.
 */

const ITEMS = 200;
// A model call of a real provider takes seconds; 300 ms keeps the run short while the model, not
// the machinery, still sets the pace. BENCH_BULK_LATENCY_MS, BENCH_BULK_CONCURRENCIES (e.g. "16")
// and BENCH_BULK_POSTGRES=0 narrow a run down.
const LATENCY_MS = Number(process.env.BENCH_BULK_LATENCY_MS ?? 300);
const CONCURRENCIES = (process.env.BENCH_BULK_CONCURRENCIES ?? '1,4,16').split(',').map(Number);
const PG_CONCURRENCY = 4;

type Figures = Record<string, string | number>;
export type Call = <T>(method: string, url: string, body?: unknown) => Promise<T>;

export function client(url: string, cookie: string): Call {
  return async <T>(method: string, pathname: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${url}${pathname}`, {
      method,
      headers: {
        cookie,
        'x-requested-with': 'XMLHttpRequest',
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${method} ${pathname} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as T;
  };
}

function llmEnv(model: FakeOpenAiServer, concurrency: number): Record<string, string> {
  return {
    LLM_PROVIDER: 'openai-compatible',
    LLM_BASE_URL: model.baseUrl,
    LLM_API_KEY: 'bench',
    LLM_MODEL: 'fake-model',
    LLM_CONCURRENCY: String(concurrency),
  };
}

export async function createSite(call: Call): Promise<number> {
  // Nothing is posted (postToWordPress false): the site only has to exist; its address is never reached.
  const site = await call<{ id: number }>('POST', '/api/sites', {
    name: 'Bench site',
    url: 'http://127.0.0.1:9',
    username: 'bench',
    password: 'bench bench bench',
    is_active: true,
    content_persona: '',
  });
  return site.id;
}

/** Starts a job of `count` items and waits for its end; returns the wall time in ms. */
async function runJob(call: Call, siteId: number, count: number, label: string): Promise<number> {
  const items = Array.from({ length: count }, (_, i) => `${label} topic ${i + 1}`);
  const started = performance.now();
  const { job_id } = await call<{ job_id: string }>('POST', '/api/bulk-jobs/start', {
    items_list: items.join('\n'),
    site_id: siteId,
    task_type: 'Blog Post',
    options: { includeImages: false, publishStatus: 'draft', wordCount: 500, persona: '', postToWordPress: false },
  });
  for (;;) {
    const { job } = await call<{ job: { status: string; progress: { successful: number; failed: number } } }>(
      'GET',
      `/api/bulk-jobs/${job_id}/status`,
    );
    if (job.status !== 'queued' && job.status !== 'processing') {
      if (job.status !== 'completed') throw new Error(`bench job ended ${job.status} (${job.progress.failed} failed)`);
      return performance.now() - started;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

function throughputFigures(prefix: string, wallMs: number, model: FakeOpenAiServer, concurrency: number): Figures {
  const modelMs = model.spans.reduce((sum, span) => sum + (span.end - span.start), 0);
  const idealMs = modelMs / concurrency;
  return {
    [`${prefix}: wall time`]: `${(wallMs / 1000).toFixed(1)} s`,
    [`${prefix}: items/minute`]: Math.round((ITEMS / wallMs) * 60_000),
    [`${prefix}: model calls (max in flight)`]: `${model.spans.length} (${model.maxInFlight})`,
    [`${prefix}: ideal (model time ÷ ${concurrency})`]: `${(idealMs / 1000).toFixed(1)} s`,
    [`${prefix}: ratio to ideal`]: (wallMs / idealMs).toFixed(2),
  };
}

/** Embedded database, one process: the same 200 items at each concurrency. */
async function embeddedRun(concurrency: number): Promise<Figures> {
  const model = await startFakeOpenAiServer({ latencyMs: LATENCY_MS });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'abp-bench-bulk-'));
  const port = 3980 + concurrency;
  let server: ChildProcess | null = null;
  try {
    server = await spawnRole('all', {
      ...llmEnv(model, concurrency),
      DATA_DIR: dataDir,
      PORT: String(port),
      ADMIN_PASSWORD: BENCH_PASSWORD,
    });
    const url = `http://127.0.0.1:${port}`;
    const call = client(url, await loginCookie(url));
    const siteId = await createSite(call);
    await runJob(call, siteId, Math.max(2, concurrency), 'warm-up'); // JIT, connections, queue caches
    model.spans.length = 0;
    const wall = await runJob(call, siteId, ITEMS, `concurrency ${concurrency}`);
    return throughputFigures(`embedded, concurrency ${concurrency}`, wall, model, concurrency);
  } finally {
    if (server) await stopAll([server]);
    await model.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function postgresAdminUrl(): string {
  const fromEnv = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (fromEnv) return fromEnv;
  const out = execFileSync('bash', [path.join(ROOT, 'scripts/ensure-postgres.sh')], { encoding: 'utf8' });
  const url = /TEST_DATABASE_URL=(\S+)/.exec(out)?.[1];
  if (!url) throw new Error('scripts/ensure-postgres.sh printed no URL');
  return url;
}

export async function scratchDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `abp_bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const again = new pg.Client({ connectionString: adminUrl });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.end();
    },
  };
}

/** The built server in one role; its stderr minus the AI SDK's per-call notices about JSON mode. */
export function spawnRole(role: 'all' | 'web' | 'worker', env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...nodeArgs(), ...serverArgs([`--role=${role}`])], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    const text = chunk
      .toString()
      .split('\n')
      .filter((line) => line && !line.startsWith('AI SDK Warning'))
      .join('\n');
    if (text) process.stderr.write(`${text}\n`);
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (/is running at|worker started/.test(out)) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`${role} exited with ${code}`)));
  });
}

export async function stopAll(children: readonly ChildProcess[]): Promise<void> {
  for (const child of children) {
    if (child.exitCode !== null) continue;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
}

/** A web process and `workers` worker processes on one PostgreSQL database. */
async function postgresRun(adminUrl: string, workers: number): Promise<{ wallMs: number; model: FakeOpenAiServer }> {
  const model = await startFakeOpenAiServer({ latencyMs: LATENCY_MS });
  const db = await scratchDatabase(adminUrl);
  const port = 3990 + workers;
  const env = {
    ...llmEnv(model, PG_CONCURRENCY),
    DATABASE_URL: db.url,
    ADMIN_PASSWORD: BENCH_PASSWORD,
    APP_SECRET: 'b'.repeat(48),
    DATA_DIR: '/tmp/abp-bench-pg-unused',
    PORT: String(port),
  };
  const processes: ChildProcess[] = [];
  try {
    processes.push(await spawnRole('web', env));
    for (let i = 0; i < workers; i++) processes.push(await spawnRole('worker', env));
    const url = `http://127.0.0.1:${port}`;
    const call = client(url, await loginCookie(url));
    const siteId = await createSite(call);
    await runJob(call, siteId, PG_CONCURRENCY * workers, 'warm-up');
    model.spans.length = 0;
    return { wallMs: await runJob(call, siteId, ITEMS, `${workers} workers`), model };
  } finally {
    await stopAll(processes);
    await model.close();
    await db.drop();
  }
}

export const bulkScenario: Scenario = {
  name: 'bulk',
  description: `bulk job of ${ITEMS} items, ${LATENCY_MS} ms per model call: embedded at concurrency ${CONCURRENCIES.join(', ')}; PostgreSQL with 1 and 2 worker processes`,
  async run() {
    const figures: Figures = {};
    for (const concurrency of CONCURRENCIES) Object.assign(figures, await embeddedRun(concurrency));
    if (process.env.BENCH_BULK_POSTGRES === '0') return figures;
    const adminUrl = postgresAdminUrl();
    const one = await postgresRun(adminUrl, 1);
    Object.assign(
      figures,
      throughputFigures(`PostgreSQL, 1 worker × ${PG_CONCURRENCY}`, one.wallMs, one.model, PG_CONCURRENCY),
    );
    const two = await postgresRun(adminUrl, 2);
    Object.assign(
      figures,
      throughputFigures(`PostgreSQL, 2 workers × ${PG_CONCURRENCY}`, two.wallMs, two.model, PG_CONCURRENCY * 2),
    );
    figures['PostgreSQL: throughput 2 workers ÷ 1 worker'] = (one.wallMs / two.wallMs).toFixed(2);
    return figures;
  },
};
