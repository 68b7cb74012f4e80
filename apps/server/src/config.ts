import path from 'node:path';
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const booleanish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Every variable is optional; the defaults give a working first run on the embedded database. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').max(1024).optional(),
  APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  TRUST_PROXY: booleanish.default(false),
  NODE_ENV: z.string().default('production'),
});

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
  prettyLogs: boolean;
  webDistDir: string;
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
    throw new ConfigError(`Invalid ${name}: ${issue?.message ?? 'invalid value'} (got "${String(env[name])}")`);
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
    prettyLogs: e.NODE_ENV === 'development',
    webDistDir: path.resolve(import.meta.dirname, '../../web/dist'),
  };
}

export function parseRole(argv: readonly string[]): Role {
  const arg = argv.find((a) => a.startsWith('--role='));
  if (!arg) return 'all';
  const role = arg.slice('--role='.length);
  if (role === 'all' || role === 'web' || role === 'worker') return role;
  throw new ConfigError(`Invalid --role: must be one of all, web, worker (got "${role}")`);
}
