import autocannon from 'autocannon';
import type { Scenario } from '../scenario.js';
import { loginCookie, rssMiB, startBenchServer } from '../server-process.js';

export const startupScenario: Scenario = {
  name: 'startup',
  description:
    'cold start, idle memory after the first and a later start, and GET /api/auth/status with a session (autocannon, 10 s, 10 connections)',
  async run() {
    // The very first start also creates the database (initdb in WASM) and the queue schema.
    const first = await startBenchServer({}, { keepData: true });
    const firstStartMs = first.coldStartMs;
    await new Promise((r) => setTimeout(r, 3000));
    const firstIdleRss = rssMiB(first.child.pid!);
    await first.stop();
    const server = await startBenchServer({}, { dataDir: first.dataDir });
    try {
      await new Promise((r) => setTimeout(r, 3000)); // let start-up garbage settle
      const idleRss = rssMiB(server.child.pid!);
      const cookie = await loginCookie(server.url);
      const result = await autocannon({
        url: `${server.url}/api/auth/status`,
        connections: 10,
        duration: 10,
        headers: { cookie },
      });
      if (result.non2xx > 0) throw new Error(`${result.non2xx} non-2xx answers`);
      return {
        'first start (creates the database)': `${Math.round(firstStartMs)} ms`,
        'idle RSS after the first start': `${firstIdleRss} MiB`,
        'cold start to first 200 /api/health': `${Math.round(server.coldStartMs)} ms`,
        'idle RSS (a later start)': `${idleRss} MiB`,
        'auth/status requests/s (mean)': Math.round(result.requests.average),
        'auth/status latency p50': `${result.latency.p50} ms`,
        'auth/status latency p99': `${result.latency.p99} ms`,
        'auth/status requests total': result.requests.total,
      };
    } finally {
      await server.stop();
    }
  },
};
