import { peakRssMiB, percentile, pollHealth, sendLargeBody } from '../../apps/server/test/security/body-flood.js';
import type { Scenario } from '../scenario.js';
import { startBenchServer } from '../server-process.js';

const CLIENTS = 20;
const BODY_BYTES = 24 * 1024 * 1024;
const FLOOD_SECONDS = 10;
const IDLE_SECONDS = 3;

const ms = (times: number[]) => [0.5, 0.99, 1].map((q) => percentile(times, q).toFixed(1)).join(' / ');

/*
 * Issue #31: anonymous clients sending large bodies in parallel must not hold the API. 20 clients
 * without a cookie stream 24 MB JSON bodies to the public login and logout (half with a
 * Content-Length, half chunked), round after round for 10 s, while /api/health is asked every 50 ms.
 * Each client comes from its own address (the server trusts X-Forwarded-For here), so the lockout
 * of repeated refusals does not absorb the flood: every request meets the body limit itself.
 */
export const bodyFloodScenario: Scenario = {
  name: 'body-flood',
  description: `/api/health p50 / p99 / max and peak RSS while ${CLIENTS} anonymous clients stream 24 MB bodies to login/logout (${FLOOD_SECONDS} s, built server)`,
  async run() {
    const server = await startBenchServer({ TRUST_PROXY: 'true' });
    try {
      const figures: Record<string, string | number> = {};
      await new Promise((r) => setTimeout(r, 2_000));
      const failures: string[] = [];
      const idle = { done: false };
      const idleRss = peakRssMiB(server.child.pid!, idle);
      const idleHealth = pollHealth(server.port, idle, failures);
      await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
      idle.done = true;
      figures['idle: health p50 / p99 / max ms'] = ms(await idleHealth);
      figures['idle: peak RSS MiB'] = await idleRss;

      const stop = { done: false };
      const rss = peakRssMiB(server.child.pid!, stop);
      const health = pollHealth(server.port, stop, failures);
      const statuses = new Map<string, number>();
      const t0 = performance.now();
      let client = 0;
      let rounds = 0;
      while (performance.now() - t0 < FLOOD_SECONDS * 1000) {
        rounds += 1;
        const results = await Promise.all(
          Array.from({ length: CLIENTS }, (_, i) => {
            client += 1;
            return sendLargeBody(server.port, {
              path: i % 4 === 3 ? '/api/auth/logout' : '/api/auth/login',
              chunked: i % 2 === 1,
              bytes: BODY_BYTES,
              headers: { 'X-Forwarded-For': `10.9.${client >> 8}.${client & 255}` },
            });
          }),
        );
        for (const r of results)
          statuses.set(String(r.status ?? r.error), (statuses.get(String(r.status ?? r.error)) ?? 0) + 1);
      }
      const floodMs = performance.now() - t0;
      stop.done = true;
      figures['flood: health p50 / p99 / max ms'] = ms(await health);
      figures['flood: peak RSS MiB'] = await rss;
      figures['flood: rounds of 20 bodies, in ms'] = `${rounds} in ${Math.round(floodMs)}`;
      figures['flood: answers'] = [...statuses.entries()].map(([status, count]) => `${status} × ${count}`).join(', ');
      figures['health failures'] = failures.length;
      return figures;
    } finally {
      await server.stop();
    }
  },
};
