import path from 'node:path';
import { isBlankPassword, LLM_PROVIDERS, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@abp/contracts';
import { z } from 'zod';
import {
  type ImageConfig,
  imageEnvConfig,
  imageEnvSchema,
  requireImageProviderSettings,
} from './integrations/images/image-env.js';
import { type LlmConfig, llmConfigSchema } from './integrations/llm/llm-config.js';
import { type TrendEnvConfig, trendEnvConfig, trendEnvSchema } from './integrations/trends/trend-env.js';
import type { InventoryLimits } from './modules/site-inventory/inventory-sync.js';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const booleanish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Every variable is optional; the defaults give a working first run on the embedded database. */
const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    ADMIN_PASSWORD: z
      .string()
      .min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`)
      .max(PASSWORD_MAX_LENGTH)
      .refine((value) => !isBlankPassword(value), 'must contain a character other than spaces')
      .optional(),
    APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
    TRUST_PROXY: booleanish.default(false),
    // The address operators reach the app under (behind a proxy or by a name): its host is answered.
    PUBLIC_URL: z
      .url({
        protocol: /^https?$/,
        message: 'must be an http:// or https:// URL (e.g. https://blog-poster.example.com)',
      })
      .optional(),
    ALLOWED_HOSTS: z
      .string()
      .transform((v) =>
        v
          .split(',')
          .map((h) => h.trim().toLowerCase())
          .filter(Boolean),
      )
      .refine(
        (hosts) => hosts.every((h) => /^[a-z0-9.-]+$|^\[[0-9a-f:.]+\]$/.test(h)),
        'must be comma-separated host names without scheme or port (e.g. poster.lan,blog-box)',
      )
      .optional(),
    NODE_ENV: z.string().default('production'),
    // The operator's time zone: the scheduler counts "posts today" in it.
    TZ: z.string().refine(isTimeZone, 'must be an IANA time zone such as UTC or Europe/Berlin').default('UTC'),
    // The language model; the Settings screen's saved values override these.
    LLM_PROVIDER: z.enum(LLM_PROVIDERS, { message: `must be one of ${LLM_PROVIDERS.join(', ')}` }).default('offline'),
    LLM_MODEL: z.string().trim().max(200, 'must be at most 200 characters').optional(),
    LLM_API_KEY: z.string().max(2000, 'must be at most 2000 characters').optional(),
    LLM_BASE_URL: z
      .url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL (e.g. http://localhost:11434/v1)' })
      .optional(),
    LLM_TIMEOUT_MS: z.coerce
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(1000, 'must be at least 1000')
      .max(3_600_000, 'must be at most 3600000')
      .optional(),
    LLM_CONCURRENCY: z.coerce
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(64, 'must be at most 64')
      .optional(),
    LLM_STREAM: booleanish.default(false),
    // Makes each answer of the offline writer take this long (demos, and tests that stop a process mid-job).
    LLM_OFFLINE_DELAY_MS: z.coerce
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(0, 'must be at least 0')
      .max(600_000, 'must be at most 600000')
      .default(0),
    // The trend monitor (TREND_FEEDS, TREND_GEO, TREND_CHECK_INTERVAL_HOURS); saved settings override these.
    ...trendEnvSchema,
    // Clear Stuck Jobs fails bulk jobs whose items made no progress for this many minutes.
    BULK_STUCK_MINUTES: z.coerce
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(10_080, 'must be at most 10080')
      .default(30),
    // Site inventory: every active site's posts, pages, categories and authors are read again when their last sync is this old (0: only on demand).
    INVENTORY_SYNC_HOURS: z.coerce
      .number({ message: 'must be a number' })
      .min(0, 'must be at least 0')
      .max(8760, 'must be at most 8760')
      .default(24),
    // Refresh (issue #36): a checked link is checked again after this many days; 0 turns the background link check off.
    REFRESH_LINK_CHECK_DAYS: z.coerce
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(0, 'must be at least 0')
      .max(365, 'must be at most 365')
      .default(7),
    // Refresh: which links the background check follows: 'all', or 'site' (only those to the site's own address; tests, closed networks).
    REFRESH_LINK_CHECK_SCOPE: z.enum(['all', 'site'], { message: 'must be all or site' }).default('all'),
    // Site inventory: how far one sync follows a site, whatever it claims (posts and pages each; categories, tags and authors each; bytes; minutes).
    INVENTORY_MAX_POSTS: z.coerce
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(100, 'must be at least 100')
      .max(10_000_000, 'must be at most 10000000')
      .default(50_000),
    INVENTORY_MAX_TERMS: z.coerce
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(100, 'must be at least 100')
      .max(1_000_000, 'must be at most 1000000')
      .default(20_000),
    INVENTORY_MAX_MB: z.coerce
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(100_000, 'must be at most 100000')
      .default(200),
    // At most 100: the sync job itself expires after two hours.
    INVENTORY_MAX_MINUTES: z.coerce
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(100, 'must be at most 100')
      .default(60),
    // Site knowledge: the embeddings model of the configured provider ('' = the provider's default, 'off' = lexical only).
    EMBEDDINGS_MODEL: z
      .string()
      .trim()
      .max(200, 'must be at most 200 characters')
      .regex(/^[\w.:/@-]*$/, 'must be a model name (letters, digits, . _ - : / @) or "off"')
      .default(''),
    // Featured images: the local title card (default) or an OpenAI-compatible images API (IMAGE_*).
    ...imageEnvSchema,
    // The MCP server for AI assistants (issue #33): off unless set; it listens on 127.0.0.1 only.
    MCP_PORT: z.coerce
      .number({ message: 'must be a port number' })
      .int('must be a whole number')
      .min(1, 'must be from 1 to 65535')
      .max(65535, 'must be from 1 to 65535')
      .optional(),
  })
  .superRefine(requireImageProviderSettings);

// Their values never appear in a start-up error message.
const SECRET_VARIABLES = new Set(['ADMIN_PASSWORD', 'APP_SECRET', 'LLM_API_KEY', 'IMAGE_API_KEY']);

export type Role = 'all' | 'web' | 'worker';

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  adminPassword: string | undefined;
  appSecret: string | undefined;
  logLevel: (typeof LOG_LEVELS)[number];
  trustProxy: boolean;
  /** Host names besides localhost, this machine's name and HOST that requests may name (PUBLIC_URL, ALLOWED_HOSTS). */
  allowedHosts: string[];
  prettyLogs: boolean;
  webDistDir: string;
  /** The operator's time zone (TZ, default UTC): the daily posting cap counts per day in it. */
  timeZone: string;
  /** The language model from LLM_* variables; settings saved in the app override it. */
  llm: LlmConfig;
  /** The trend monitor from TREND_* variables; settings saved in the app override it. */
  trends: TrendEnvConfig;
  /** LLM_OFFLINE_DELAY_MS: the offline writer's pause per answer (0: none). */
  llmOfflineDelayMs: number;
  /** BULK_STUCK_MINUTES: how long without progress makes a bulk job "stuck" for Clear Stuck Jobs. */
  bulkStuckMinutes: number;
  /** INVENTORY_SYNC_HOURS: how old a site's inventory may get before the schedule syncs it (0: never on schedule). */
  inventorySyncHours: number;
  /** REFRESH_LINK_CHECK_DAYS: how long a link check is good for (0: links are not checked). */
  refreshLinkCheckDays: number;
  /** REFRESH_LINK_CHECK_SCOPE: 'all' links, or only those to the site's own address ('site'). */
  refreshLinkCheckScope: 'all' | 'site';
  /** INVENTORY_MAX_POSTS, _TERMS, _MB, _MINUTES: how far one inventory sync follows a site. */
  inventoryLimits: InventoryLimits;
  /** Featured images from IMAGE_*: the title card, or a remote images API that falls back to it. */
  images: ImageConfig;
  /** EMBEDDINGS_MODEL: the model site knowledge embeds with ('': the provider's default; 'off': none). */
  embeddingsModel: string;
  /** MCP_PORT: the MCP server's port on 127.0.0.1 (undefined: no MCP server). */
  mcpPort?: number | undefined;
}

export class ConfigError extends Error {}

/** Reads the environment once; an invalid value stops the start with one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv, cwd = process.cwd()): AppConfig {
  // Empty strings are treated as unset so that `PORT=` in a .env file means "default".
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    const got = SECRET_VARIABLES.has(name) ? 'a hidden value' : env[name] ? `"${env[name]}"` : 'nothing';
    throw new ConfigError(`Invalid ${name}: ${issue?.message ?? 'invalid value'} (got ${got})`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(cwd, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    adminPassword: e.ADMIN_PASSWORD,
    appSecret: e.APP_SECRET,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    allowedHosts: [...(e.PUBLIC_URL ? [new URL(e.PUBLIC_URL).hostname] : []), ...(e.ALLOWED_HOSTS ?? [])],
    prettyLogs: e.NODE_ENV === 'development',
    webDistDir: path.resolve(import.meta.dirname, '../../web/dist'),
    timeZone: e.TZ,
    llm: llmConfigSchema.parse({
      provider: e.LLM_PROVIDER,
      model: e.LLM_MODEL,
      apiKey: e.LLM_API_KEY,
      baseUrl: e.LLM_BASE_URL,
      timeoutMs: e.LLM_TIMEOUT_MS,
      concurrency: e.LLM_CONCURRENCY,
      stream: e.LLM_STREAM,
    }),
    trends: trendEnvConfig(e),
    bulkStuckMinutes: e.BULK_STUCK_MINUTES,
    inventorySyncHours: e.INVENTORY_SYNC_HOURS,
    refreshLinkCheckDays: e.REFRESH_LINK_CHECK_DAYS,
    refreshLinkCheckScope: e.REFRESH_LINK_CHECK_SCOPE,
    inventoryLimits: {
      maxPosts: e.INVENTORY_MAX_POSTS,
      maxTerms: e.INVENTORY_MAX_TERMS,
      maxBytes: e.INVENTORY_MAX_MB * 1024 * 1024,
      maxMs: e.INVENTORY_MAX_MINUTES * 60_000,
    },
    images: imageEnvConfig(e),
    embeddingsModel: e.EMBEDDINGS_MODEL,
    llmOfflineDelayMs: e.LLM_OFFLINE_DELAY_MS,
    mcpPort: e.MCP_PORT,
  };
}

export function parseRole(argv: readonly string[]): Role {
  const arg = argv.find((a) => a.startsWith('--role='));
  if (!arg) return 'all';
  const role = arg.slice('--role='.length);
  if (role === 'all' || role === 'web' || role === 'worker') return role;
  throw new ConfigError(`Invalid --role: must be one of all, web, worker (got "${role}")`);
}
