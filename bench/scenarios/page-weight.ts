import { type Browser, chromium, type Page, type Request } from '@playwright/test';
import playwrightConfig from '../../playwright.config.js';
import type { Scenario } from '../scenario.js';
import { BENCH_PASSWORD, loginCookie, startBenchServer } from '../server-process.js';

/**
 * Budgets of issue #35 (the goals of issue #13, 150 KB and 300 KB, less a margin), as Chromium
 * counts what it downloads: JS and CSS, encoded, response headers included. `npm run lint` checks
 * the same budgets on the build (scripts/size-budgets.mjs); this bench measures them in a browser.
 */
const LOGIN_GOAL_BYTES = 140 * 1024;
const DASHBOARD_GOAL_BYTES = 280 * 1024;
const QUIET_MS = 1000;

interface Weight {
  /** Response bodies as sent (compressed), headers left out: the bench's count since issue #13. */
  jsWire: number;
  jsRaw: number;
  cssWire: number;
  cssRaw: number;
  /** JS and CSS as Chromium counts them (DevTools' "transferred"): encoded bodies plus response headers. */
  chromium: number;
  requests: number;
  encodings: Set<string>;
  acceptEncoding: string;
  /** Per file: path and Chromium's count, for BENCH_WEIGHT_FILES=1. */
  files: Array<{ url: string; bytes: number }>;
}

const emptyWeight = (): Weight => ({
  jsWire: 0,
  jsRaw: 0,
  cssWire: 0,
  cssRaw: 0,
  chromium: 0,
  requests: 0,
  encodings: new Set(),
  acceptEncoding: '',
  files: [],
});

/**
 * Records every script and stylesheet a page loads: bytes on the wire (as encoded by the server),
 * bytes after decoding, and what Chromium's network stack reports as received for each (the
 * DevTools protocol's encodedDataLength at loadingFinished: headers and encoded body). A fresh
 * browser context has an empty cache, so nothing is missed.
 */
async function recordWeight(page: Page): Promise<{ weight: Weight; settled(): Promise<void> }> {
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
  const weight = emptyWeight();

  const cdp = await page.context().newCDPSession(page);
  const counted = new Map<string, string>();
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    if (type === 'Script' || type === 'Stylesheet') counted.set(requestId, new URL(response.url).pathname);
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const url = counted.get(requestId);
    if (url === undefined) return;
    weight.chromium += encodedDataLength;
    weight.files.push({ url, bytes: encodedDataLength });
  });
  await cdp.send('Network.enable');

  const quiet = async () => {
    while (inFlight > 0 || Date.now() - lastActivity < QUIET_MS) await new Promise((r) => setTimeout(r, 100));
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

function snapshot(weight: Weight): Weight {
  return { ...weight, encodings: new Set(weight.encodings), files: [...weight.files] };
}

function difference(after: Weight, before: Weight): Weight {
  return {
    jsWire: after.jsWire - before.jsWire,
    jsRaw: after.jsRaw - before.jsRaw,
    cssWire: after.cssWire - before.cssWire,
    cssRaw: after.cssRaw - before.cssRaw,
    chromium: after.chromium - before.chromium,
    requests: after.requests - before.requests,
    encodings: after.encodings,
    acceptEncoding: after.acceptEncoding,
    files: after.files.slice(before.files.length),
  };
}

/** The bench's own count since issue #13: JS bodies as sent, and raw. */
function describe(weight: Weight): string {
  const js = `JS ${kb(weight.jsWire)} wire / ${kb(weight.jsRaw)} raw`;
  const css = weight.cssRaw ? `, CSS ${kb(weight.cssWire)} / ${kb(weight.cssRaw)}` : '';
  return `${js}${css}, ${weight.requests} files, ${[...weight.encodings].join('+')}`;
}

/** As Chromium downloads them: JS + CSS, encoded, headers included; against the budget when one applies. */
function describeChromium(weight: Weight, goal?: number): string {
  const verdict =
    goal === undefined
      ? ''
      : weight.chromium <= goal
        ? ` (budget ≤ ${kb(goal)}: met)`
        : ` (budget ≤ ${kb(goal)}: MISSED)`;
  return `${kb(weight.chromium)} in ${weight.files.length} files${verdict}`;
}

function addFigures(figures: Record<string, string | number>, label: string, weight: Weight, goal?: number): void {
  figures[label] = describe(weight);
  figures[`${label}, as Chromium counts`] = describeChromium(weight, goal);
  if (process.env.BENCH_WEIGHT_FILES) {
    for (const file of weight.files) figures[`  ${label}: ${file.url}`] = kb(file.bytes);
  }
}

async function openPage(browser: Browser, baseURL: string, cookie?: string) {
  const context = await browser.newContext({ baseURL });
  if (cookie) {
    const [name, value] = cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: baseURL }]);
  }
  const page = await context.newPage();
  return { context, page, recording: await recordWeight(page) };
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
      addFigures(figures, 'login screen', login.recording.weight, LOGIN_GOAL_BYTES);
      // What the browser offers on this origin decides which precompressed file it gets.
      figures['Accept-Encoding sent by Chromium'] = login.recording.weight.acceptEncoding;

      // 2. Signing in from that screen: what the shell and the dashboard add on top.
      const before = snapshot(login.recording.weight);
      await login.page.getByLabel('Password', { exact: true }).fill(BENCH_PASSWORD);
      await login.page.getByRole('button', { name: 'Sign In' }).click();
      await login.page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
      await login.recording.settled();
      addFigures(figures, 'sign in → dashboard (added)', difference(login.recording.weight, before));
      await login.context.close();

      // 3. A signed-in operator opening the app afresh: the dashboard with an empty cache, everything
      // it loads (the charts too, which follow the figures).
      const dashboard = await openPage(browser, server.url, await loginCookie(server.url));
      await dashboard.page.goto('/', { waitUntil: 'networkidle' });
      await dashboard.page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
      await dashboard.recording.settled();
      addFigures(figures, 'dashboard, signed in, empty cache', dashboard.recording.weight, DASHBOARD_GOAL_BYTES);
      await dashboard.context.close();
      return figures;
    } finally {
      await browser.close();
      await server.stop();
    }
  },
};
