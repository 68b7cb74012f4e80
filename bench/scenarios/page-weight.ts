import { type Browser, chromium, type Page, type Request } from '@playwright/test';
import playwrightConfig from '../../playwright.config.js';
import type { Scenario } from '../scenario.js';
import { BENCH_PASSWORD, loginCookie, startBenchServer } from '../server-process.js';

/** Goals of issue #13: what the browser must download before the login screen and the dashboard. */
const LOGIN_JS_GOAL_BYTES = 150 * 1024;
const DASHBOARD_JS_GOAL_BYTES = 300 * 1024;
const QUIET_MS = 1000;

interface Weight {
  jsWire: number;
  jsRaw: number;
  cssWire: number;
  cssRaw: number;
  requests: number;
  encodings: Set<string>;
  acceptEncoding: string;
}

/**
 * Records every script and stylesheet a page loads: bytes on the wire (as encoded by the server)
 * and bytes after decoding. A fresh browser context has an empty cache, so nothing is missed.
 */
function recordWeight(page: Page): { weight: Weight; settled(): Promise<void> } {
  // Settled = no request in flight and none started for a second: lazily loaded chunks that
  // follow a click are then counted too (Playwright's "networkidle" is only armed by a navigation).
  let inFlight = 0;
  let lastActivity = Date.now();
  page.on('request', () => {
    inFlight += 1;
    lastActivity = Date.now();
  });
  const done = () => {
    inFlight -= 1;
    lastActivity = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  const quiet = async () => {
    while (inFlight > 0 || Date.now() - lastActivity < QUIET_MS) await new Promise((r) => setTimeout(r, 100));
  };
  const weight: Weight = {
    jsWire: 0,
    jsRaw: 0,
    cssWire: 0,
    cssRaw: 0,
    requests: 0,
    encodings: new Set(),
    acceptEncoding: '',
  };
  const pending: Promise<void>[] = [];
  const count = async (request: Request) => {
    const type = request.resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    const response = await request.response();
    if (!response) return;
    const [sizes, body, encoding, headers] = await Promise.all([
      request.sizes(),
      response.body(),
      response.headerValue('content-encoding'),
      request.allHeaders(),
    ]);
    weight.requests += 1;
    weight.acceptEncoding = headers['accept-encoding'] ?? '(none)';
    weight.encodings.add(encoding ?? 'identity');
    if (type === 'script') {
      weight.jsWire += sizes.responseBodySize;
      weight.jsRaw += body.length;
    } else {
      weight.cssWire += sizes.responseBodySize;
      weight.cssRaw += body.length;
    }
  };
  page.on('requestfinished', (request) => pending.push(count(request)));
  return {
    weight,
    settled: async () => {
      await quiet();
      await Promise.all(pending);
    },
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function describe(weight: Weight, goal?: number): string {
  const js = `JS ${kb(weight.jsWire)} wire / ${kb(weight.jsRaw)} raw`;
  const css = weight.cssRaw ? `, CSS ${kb(weight.cssWire)} / ${kb(weight.cssRaw)}` : '';
  const verdict =
    goal === undefined ? '' : weight.jsWire <= goal ? ` (goal ≤ ${kb(goal)}: met)` : ` (goal ≤ ${kb(goal)}: MISSED)`;
  return `${js}${css}, ${weight.requests} files, ${[...weight.encodings].join('+')}${verdict}`;
}

async function openPage(browser: Browser, baseURL: string, cookie?: string) {
  const context = await browser.newContext({ baseURL });
  if (cookie) {
    const [name, value] = cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: baseURL }]);
  }
  const page = await context.newPage();
  return { context, page, recording: recordWeight(page) };
}

export const pageWeightScenario: Scenario = {
  name: 'page-weight',
  description:
    'JavaScript and CSS the browser downloads for the login screen and the signed-in dashboard (headless Chromium, empty cache, built app)',
  async run() {
    const server = await startBenchServer();
    const browser = await chromium.launch({ ...playwrightConfig.use?.launchOptions, headless: true });
    try {
      const figures: Record<string, string | number> = {};

      // 1. The login screen of a first visit.
      const login = await openPage(browser, server.url);
      await login.page.goto('/', { waitUntil: 'networkidle' });
      await login.page.getByRole('button', { name: 'Sign In' }).waitFor();
      await login.recording.settled();
      figures['login screen'] = describe(login.recording.weight, LOGIN_JS_GOAL_BYTES);
      // What the browser offers on this origin decides which precompressed file it gets.
      figures['Accept-Encoding sent by Chromium'] = login.recording.weight.acceptEncoding;

      // 2. Signing in from that screen: what the shell and the dashboard add on top.
      const before = { ...login.recording.weight, encodings: new Set(login.recording.weight.encodings) };
      await login.page.getByLabel('Password', { exact: true }).fill(BENCH_PASSWORD);
      await login.page.getByRole('button', { name: 'Sign In' }).click();
      await login.page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
      await login.recording.settled();
      const after = login.recording.weight;
      figures['sign in → dashboard (added)'] = describe({
        jsWire: after.jsWire - before.jsWire,
        jsRaw: after.jsRaw - before.jsRaw,
        cssWire: after.cssWire - before.cssWire,
        cssRaw: after.cssRaw - before.cssRaw,
        requests: after.requests - before.requests,
        encodings: after.encodings,
        acceptEncoding: after.acceptEncoding,
      });
      await login.context.close();

      // 3. A signed-in operator opening the app afresh: the dashboard with an empty cache.
      const dashboard = await openPage(browser, server.url, await loginCookie(server.url));
      await dashboard.page.goto('/', { waitUntil: 'networkidle' });
      await dashboard.page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
      await dashboard.recording.settled();
      figures['dashboard, signed in, empty cache'] = describe(dashboard.recording.weight, DASHBOARD_JS_GOAL_BYTES);
      await dashboard.context.close();
      return figures;
    } finally {
      await browser.close();
      await server.stop();
    }
  },
};
