import type { FastifyInstance, FastifyServerOptions, InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app.js';
import type { AppConfig, Role } from '../src/config.js';
import { type AppContext, createServices, defineJobs, type Services } from '../src/container.js';
import { JobQueue } from '../src/jobs/queue.js';
import { SecretBox } from '../src/lib/secret-box.js';
import { AuthRepository } from '../src/modules/auth/auth.repository.js';
import { DEFAULT_INVENTORY_LIMITS } from '../src/modules/site-inventory/inventory-sync.js';
import { openTestDatabase } from './test-database.js';
import { TEST_PASSWORD } from './test-password.js';

export { TEST_PASSWORD };

const TEST_SECRET = 'test-secret-0123456789abcdef0123456789abcdef';

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: '/nonexistent-test-data-dir',
    databaseUrl: undefined,
    adminPassword: TEST_PASSWORD,
    appSecret: TEST_SECRET,
    // ABP_TEST_LOG_LEVEL=error shows what the server logs behind a failing test's 500.
    logLevel: (process.env.ABP_TEST_LOG_LEVEL as AppConfig['logLevel'] | undefined) ?? 'silent',
    trustProxy: false,
    allowedHosts: [],
    prettyLogs: false,
    webDistDir: '/nonexistent-web-dist',
    timeZone: 'UTC',
    // The offline writer, whatever the machine's LLM_* variables say.
    llm: { provider: 'offline', model: '', timeoutMs: 120_000, concurrency: 4, stream: false },
    // No feed is read unless a test points the trend monitor at its own feed server; no scheduled checks.
    trends: { feeds: ['http://127.0.0.1:9/no-feed-configured.xml'], geo: 'US', intervalHours: 0 },
    bulkStuckMinutes: 30,
    // No scheduled inventory syncs: a test that wants one asks for it.
    inventorySyncHours: 0,
    // No background link checks (they would follow the links of every post on the shared WordPress): a test that wants them asks.
    refreshLinkCheckDays: 0,
    refreshLinkCheckScope: 'all',
    inventoryLimits: DEFAULT_INVENTORY_LIMITS,
    llmOfflineDelayMs: 0,
    // The local title card, whatever the machine's IMAGE_* variables say.
    images: { provider: 'title-card' },
    // The provider's default embeddings model (the offline writer has none: site knowledge stays lexical).
    embeddingsModel: '',
    ...overrides,
  };
}

/**
 * The server's log in tests: what lies behind an unexpected 500 (or a 503 of a lost database) and
 * nothing else, so that a rare one in CI names its cause in the output (ABP_TEST_LOG_LEVEL=info shows the whole log).
 */
const UNEXPECTED = new Set(['unhandled error', 'response did not match its schema', 'database unavailable']);
const UNEXPECTED_500_ONLY: FastifyServerOptions['logger'] = {
  level: 'error',
  hooks: {
    logMethod(args, method) {
      const message = args.find((arg) => typeof arg === 'string');
      if (typeof message === 'string' && UNEXPECTED.has(message)) method.apply(this, args);
    },
  },
};

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  services: Services;
  /** app.inject with the X-Requested-With header the web client always sends. */
  request(options: InjectOptions & { cookie?: string }): Promise<LightMyRequestResponse>;
  /** Signs in and returns the session cookie ("name=value"). */
  login(password?: string): Promise<string>;
  close(): Promise<void>;
}

export async function createTestApp(
  options: {
    role?: Role;
    config?: Partial<AppConfig> /** The embedded database in its own thread, as the server runs it. */;
    databaseThread?: boolean;
  } = {},
): Promise<TestApp> {
  const role = options.role ?? 'all';
  const config = testConfig(options.config);
  const handle = await openTestDatabase({ thread: options.databaseThread ?? false });
  const queue = JobQueue.create(handle, role, { error: () => undefined });
  const ctx: AppContext = {
    config,
    role,
    handle,
    queue,
    appSecret: TEST_SECRET,
    secretBox: SecretBox.fromAppSecret(TEST_SECRET),
  };
  const services = createServices(ctx);
  // Hashing the password (scrypt at its production cost) is most of an app's start: the usual
  // password's hash, made once for the run (global-setup.ts), is stored the way ensureOperator does.
  if (config.adminPassword === TEST_PASSWORD)
    await new AuthRepository(handle.db).createOperatorIfMissing(inject('testPasswordHash'));
  else await services.auth.ensureOperator(config.adminPassword);
  defineJobs(ctx, services);
  await queue.start();
  const app = await buildApp(ctx, services, config.logLevel === 'silent' ? UNEXPECTED_500_ONLY : undefined);

  const request: TestApp['request'] = ({ cookie, headers, ...rest }) =>
    app.inject({
      ...rest,
      headers: { 'x-requested-with': 'XMLHttpRequest', ...(cookie ? { cookie } : {}), ...headers },
    });

  return {
    app,
    ctx,
    services,
    request,
    async login(password = TEST_PASSWORD) {
      const res = await request({ method: 'POST', url: '/api/auth/login', payload: { password } });
      if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
      return sessionCookie(res);
    },
    async close() {
      await app.close();
      await queue.stop(2_000);
      await handle.close();
    },
  };
}

export function sessionCookie(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === 'abp_session');
  if (!cookie) throw new Error('no session cookie in response');
  return `${cookie.name}=${encodeURIComponent(cookie.value)}`;
}

export async function waitFor<T>(
  fn: () => Promise<T | undefined | null | false>,
  timeoutMs = 15_000,
  stepMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, stepMs));
  }
}
