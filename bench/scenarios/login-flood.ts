import type { Scenario } from '../scenario.js';
import { startBenchServer } from '../server-process.js';

const CONCURRENT_LOGINS = 150;
const FLOOD_SECONDS = 10;
const BASELINE_SECONDS = 3;
// What a browser offers, so the asset probe gets what a browser would get.
const BROWSER_ENCODINGS = 'gzip, deflate, br';

interface Probe {
  label: string;
  path: string;
}

/** Sequential GETs until `stop` is set; each time covers the whole body. */
async function probeLoop(url: string, stop: { done: boolean }): Promise<number[]> {
  const times: number[] = [];
  while (!stop.done) {
    const t0 = performance.now();
    const res = await fetch(url, { headers: { 'accept-encoding': BROWSER_ENCODINGS } });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
    times.push(performance.now() - t0);
  }
  return times;
}

function percentiles(times: number[]): string {
  if (times.length === 0) return 'no samples';
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return `${at(0.5).toFixed(1)} / ${at(0.99).toFixed(1)} / ${sorted.at(-1)!.toFixed(1)} ms (${times.length} requests)`;
}

/** Measures every probe side by side for `seconds` while `load` runs (or with no load). */
async function measureProbes(
  baseUrl: string,
  probes: Probe[],
  seconds: number,
  load?: (stop: { done: boolean }) => Promise<void>,
) {
  const stop = { done: false };
  const timer = setTimeout(() => {
    stop.done = true;
  }, seconds * 1000);
  try {
    const [loadDone, ...results] = await Promise.all([
      load?.(stop),
      ...probes.map((probe) => probeLoop(baseUrl + probe.path, stop)),
    ]);
    void loadDone;
    return probes.map((probe, i) => [probe.label, results[i]!] as const);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Each flooding connection sends wrong passwords back to back, each from a new client address
 * (the server trusts X-Forwarded-For here), so the per-client lockout cannot absorb the flood:
 * every attempt is one that would reach password verification — a distributed guessing attack.
 */
function loginFlood(baseUrl: string, statuses: Map<number, number>, loginTimes: number[]) {
  let attempt = 0;
  const nextAddress = () => {
    attempt += 1;
    return `10.${(attempt >> 16) & 255}.${(attempt >> 8) & 255}.${attempt & 255}`;
  };
  const worker = async (stop: { done: boolean }) => {
    while (!stop.done) {
      const t0 = performance.now();
      const res = await fetch(`${baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-requested-with': 'XMLHttpRequest',
          'x-forwarded-for': nextAddress(),
        },
        body: JSON.stringify({ password: `wrong-password-${attempt}` }),
      });
      await res.arrayBuffer();
      loginTimes.push(performance.now() - t0);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    }
  };
  return async (stop: { done: boolean }) => {
    await Promise.all(Array.from({ length: CONCURRENT_LOGINS }, () => worker(stop)));
  };
}

export const loginFloodScenario: Scenario = {
  name: 'login-flood',
  description: `GET /, a hashed asset and /api/health (p50 / p99 / max) while ${CONCURRENT_LOGINS} connections send wrong passwords for ${FLOOD_SECONDS} s (built server)`,
  async run() {
    const server = await startBenchServer({ TRUST_PROXY: 'true' });
    try {
      const html = await (await fetch(`${server.url}/`)).text();
      const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
      if (!asset) throw new Error('index.html names no script under /assets: is the web app built?');
      const probes: Probe[] = [
        { label: 'GET / (index.html)', path: '/' },
        { label: `GET ${asset.replace(/-[\w-]+\.js$/, '-….js')}`, path: asset },
        { label: 'GET /api/health', path: '/api/health' },
      ];
      const figures: Record<string, string | number> = {};
      for (const [label, times] of await measureProbes(server.url, probes, BASELINE_SECONDS)) {
        figures[`idle: ${label} p50 / p99 / max`] = percentiles(times);
      }
      const statuses = new Map<number, number>();
      const loginTimes: number[] = [];
      for (const [label, times] of await measureProbes(
        server.url,
        probes,
        FLOOD_SECONDS,
        loginFlood(server.url, statuses, loginTimes),
      )) {
        figures[`flood: ${label} p50 / p99 / max`] = percentiles(times);
      }
      figures['flood: login answers p50 / p99 / max'] = percentiles(loginTimes);
      figures['flood: login status codes'] = [...statuses.entries()]
        .sort(([a], [b]) => a - b)
        .map(([status, count]) => `${status} × ${count}`)
        .join(', ');
      return figures;
    } finally {
      await server.stop();
    }
  },
};
