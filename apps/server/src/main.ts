import path from 'node:path';
import pino from 'pino';
import { ConfigError, loadConfig, parseRole } from './config.js';
import type { AppContext } from './container.js';
import { type DatabaseHandle, openPgliteThread, openPostgres } from './db/client.js';
import { acquireDataDirLock, DataDirLockedError } from './db/data-dir-lock.js';
import { migrateEmbeddedDatabase } from './db/embedded-migrations.js';
import { applyMigrations } from './db/migrate.js';
import { loadOrCreateAppSecret } from './lib/app-secret.js';
import { makeDataDirPrivate, type PrivacyReport, restrictNewFiles } from './lib/private-data-dir.js';
import { SecretBox } from './lib/secret-box.js';
import { loggerOptions } from './logging.js';
import type { McpListener } from './modules/mcp/mcp-server.js';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  restrictNewFiles();
  const role = parseRole(process.argv.slice(2));
  const config = loadConfig(process.env);
  if (role !== 'all' && !config.databaseUrl) {
    throw new ConfigError(
      `--role=${role} needs DATABASE_URL (PostgreSQL): the embedded database serves one process only`,
    );
  }
  const log = pino({ ...(loggerOptions({ config }) as object), name: `abp-${role}` });
  // With PostgreSQL and APP_SECRET set nothing is kept on disk, and DATA_DIR may be read-only.
  if (!config.databaseUrl || !config.appSecret)
    reportDataDirPrivacy(log, config.dataDir, makeDataDirPrivate(config.dataDir));
  const appSecret = loadOrCreateAppSecret(config.dataDir, config.appSecret);

  const releaseLock = config.databaseUrl ? () => undefined : acquireDataDirLock(config.dataDir);
  // The HTTP app, the services and the queue load while the database opens: PGlite compiles its
  // WASM off the main thread meanwhile, and the two together take about half of a cold start.
  const appModules = loadAppModules();
  appModules.catch(() => undefined); // its failure is reported where it is awaited
  let handle: DatabaseHandle | undefined;
  try {
    if (config.databaseUrl) handle = openPostgres(config.databaseUrl);
    else {
      const dbDir = path.join(config.dataDir, 'db');
      if ((await migrateEmbeddedDatabase(dbDir)) === 'migrated')
        log.info({ dbDir }, 'the embedded database was created or migrated in a short-lived process');
      handle = await openPgliteThread(dbDir);
    }
    await applyMigrations(handle);
  } catch (err) {
    releaseLock();
    throw err;
  }

  const { buildApp, createServices, defineJobs, JobQueue } = await appModules.catch((err: unknown) => {
    releaseLock();
    throw err;
  });
  const queue = JobQueue.create(handle, role, log);
  const ctx: AppContext = { config, role, handle, queue, appSecret, secretBox: SecretBox.fromAppSecret(appSecret) };
  const services = createServices(ctx);
  const generatedPassword = role === 'worker' ? null : await services.auth.ensureOperator(config.adminPassword);
  defineJobs(ctx, services);
  await queue.start();

  const app = role === 'worker' ? null : await buildApp(ctx, services);
  let mcp: McpListener | null = null;
  if (app) {
    try {
      await app.listen({ port: config.port, host: config.host });
    } catch (err) {
      await queue.stop(1_000).catch(() => undefined);
      await handle.close().catch(() => undefined);
      releaseLock();
      throw listenError(err, config.host, config.port);
    }
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    process.stdout.write(`\nAutomated Blog Poster is running at http://${config.host}:${port}\n`);
    if (config.mcpPort) {
      // The MCP SDK (and what it brings: its HTTP stacks) is loaded only when the listener is on.
      const { startMcpListener } = await import('./modules/mcp/mcp-server.js');
      mcp = await startMcpListener({
        port: config.mcpPort,
        tokens: services.mcpTokens,
        assistant: services.mcpAssistant,
        log: log.child({ name: 'mcp' }),
      }).catch((err: unknown) => {
        throw (err as NodeJS.ErrnoException).code === 'EADDRINUSE'
          ? new ConfigError(
              `Invalid MCP_PORT: ${config.mcpPort} is already in use on 127.0.0.1 (got ${config.mcpPort})`,
            )
          : err;
      });
      process.stdout.write(`The MCP server for assistants listens at ${mcp.url} (tokens: Settings → Assistants)\n`);
    }
  } else {
    process.stdout.write(`Automated Blog Poster worker started (pid ${process.pid})\n`);
  }
  if (generatedPassword) {
    process.stdout.write(
      `\nFirst start: the operator password is  ${generatedPassword}\n` +
        'It is shown only this once. Change it in the app (account menu → Change password) or with `npm run set-password`.\n\n',
    );
  }

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 30_000);
    force.unref();
    try {
      await app?.close(); // stop accepting, finish in-flight requests
      await mcp?.close();
      await queue.stop(); // let running jobs finish, then stop polling
      await handle?.close();
    } catch (err) {
      log.error({ err }, 'error during shutdown');
    } finally {
      releaseLock();
      process.exit(0);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}

async function loadAppModules() {
  const [{ buildApp }, { createServices, defineJobs }, { JobQueue }] = await Promise.all([
    import('./app.js'),
    import('./container.js'),
    import('./jobs/queue.js'),
  ]);
  return { buildApp, createServices, defineJobs, JobQueue };
}

function reportDataDirPrivacy(log: pino.Logger, dataDir: string, report: PrivacyReport): void {
  if (report.fixed > 0)
    log.warn(
      { dataDir, fixed: report.fixed },
      `${report.fixed} files or directories under DATA_DIR were open to other users; they are now the operator's only`,
    );
  if (report.failed.length > 0)
    log.warn(
      { dataDir, failed: report.failed.slice(0, 10), count: report.failed.length },
      'could not make these entries under DATA_DIR private (another owner?)',
    );
  if (report.truncated)
    log.warn(
      { dataDir },
      'DATA_DIR holds too many entries to check them all at start; some may still be open to other users',
    );
}

/** The usual reasons a listen fails are settings, said in one line naming the variable. */
function listenError(err: unknown, host: string, port: number): unknown {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EADDRINUSE')
    return new ConfigError(`Invalid PORT: ${port} is already in use on ${host} by another program (got ${port})`);
  if (code === 'EACCES') return new ConfigError(`Invalid PORT: this user may not listen on port ${port} (got ${port})`);
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EADDRNOTAVAIL') {
    return new ConfigError(`Invalid HOST: "${host}" is not an address of this machine (got "${host}")`);
  }
  return err;
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) fail(err.message);
  fail(`Start failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
});
