import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  createWordPressClient,
  type WordPressClient,
  type WordPressConfig,
} from '../../src/integrations/wordpress/index.js';
import type { TestApp } from '../test-app.js';

/**
 * The real WordPress sites started by scripts/wordpress-test-site.sh, read from the environment
 * (`eval "$(bash scripts/wordpress-test-site.sh)"`). Without them the suites are skipped locally
 * and fail in CI, where a silently skipped integration suite would hide regressions.
 */
export interface RealSite {
  url: string;
  user: string;
  password: string;
}

const VARS = {
  normal: ['WP_URL', 'WP_USER', 'WP_APP_PASSWORD'],
  plain: ['WP_PLAIN_URL', 'WP_PLAIN_USER', 'WP_PLAIN_APP_PASSWORD'],
} as const;

export function realSite(kind: keyof typeof VARS): RealSite | null {
  const [url, user, password] = VARS[kind].map((name) => process.env[name]);
  return url && user && password ? { url, user, password } : null;
}

/** describe() that runs only with the site's env vars; says why when it cannot. */
export function describeRealSite(kind: keyof typeof VARS, name: string, body: (site: RealSite) => void): void {
  const site = realSite(kind);
  const message =
    `${VARS[kind].join(', ')} not set: start the test WordPress with ` +
    '`eval "$(bash scripts/wordpress-test-site.sh)"` before running vitest.';
  if (!site && process.env.CI) {
    describe(name, () => {
      it('needs a real WordPress', () => {
        throw new Error(message);
      });
    });
    return;
  }
  if (!site) console.warn(`[real WordPress] skipping "${name}": ${message}`);
  // The body is still collected when skipped (so the file lists its tests); hooks and tests do
  // not run then, so the placeholder site is never contacted.
  describe.skipIf(!site)(name, () => {
    holdRealWordPress();
    body(site ?? { url: 'http://127.0.0.1:9', user: 'skipped', password: 'skipped' });
  });
}

/**
 * One suite at a time on the real WordPress sites within a test run. Test files run side by side
 * (vitest.config.ts), and some suites count what the whole site holds (an inventory sync's removed
 * posts, a site's categories), which a suite writing beside them would change. Called first in the
 * suite's describe: the lock is taken before the suite's own hooks run and given back after its
 * last cleanup. The lock is a directory (mkdir is atomic) in the run's folder from global-setup.ts;
 * a lock whose worker process has died is taken over.
 */
export function holdRealWordPress(): void {
  const lock = path.join(inject('runDir'), 'real-wordpress.lock');
  let held = false;
  beforeAll(async () => {
    for (;;) {
      try {
        fs.mkdirSync(lock);
        fs.writeFileSync(path.join(lock, 'pid'), String(process.pid));
        held = true;
        return;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      if (!ownerAlive(lock)) fs.rmSync(lock, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }, LOCK_WAIT_MS);
  afterAll(() => {
    if (held) fs.rmSync(lock, { recursive: true, force: true });
  });
}

/** The other suites on the sites may hold them this long in all (the real-WordPress files' sum, with room). */
const LOCK_WAIT_MS = 30 * 60_000;

function ownerAlive(lock: string): boolean {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(path.join(lock, 'pid'), 'utf8'));
  } catch {
    return true; // just made, its pid not written yet
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function realClient(site: RealSite, overrides: Partial<WordPressConfig> = {}): WordPressClient {
  return createWordPressClient({
    baseUrl: site.url,
    username: site.user,
    applicationPassword: site.password,
    ...overrides,
  });
}

/** Direct authenticated GET, used to verify by listing rather than through the client under test. */
export async function listDirect(site: RealSite, restPath: string): Promise<unknown[]> {
  const response = await fetch(`${site.url}/wp-json/${restPath}`, {
    headers: { Authorization: `Basic ${Buffer.from(`${site.user}:${site.password}`).toString('base64')}` },
  });
  if (!response.ok) throw new Error(`GET ${restPath} answered ${response.status}`);
  return (await response.json()) as unknown[];
}

const newRunId = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/**
 * Unique per test file, so parallel runs, the files of one run and leftovers of aborted runs never
 * collide. A worker runs file after file with this module loaded once (vitest.config.ts: isolate
 * false), so test/file-setup.ts renews it before each file (a live binding: importers see the new one).
 */
// biome-ignore lint/style/useConst: reassigned by renewRunId
export let runId = newRunId();

export function renewRunId(): void {
  runId = newRunId();
}

/** Adds the real site through the API, as the operator would (Sites → Add Site); returns its id. */
export async function addRealSite(t: TestApp, cookie: string, site: RealSite, name: string): Promise<number> {
  const created = await t.request({
    method: 'POST',
    url: '/api/sites',
    cookie,
    payload: {
      name,
      url: site.url,
      username: site.user,
      password: site.password,
      is_active: true,
      content_persona: '',
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<{ id: number }>().id;
}
