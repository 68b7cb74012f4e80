import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { isBlankPassword, PASSWORD_MIN_LENGTH } from '@abp/contracts';
import { loadConfig } from '../config.js';
import { openPglite, openPostgres } from '../db/client.js';
import { acquireDataDirLock } from '../db/data-dir-lock.js';
import { applyMigrations } from '../db/migrate.js';
import { makeDataDirPrivate, restrictNewFiles } from '../lib/private-data-dir.js';
import { AuthRepository } from '../modules/auth/auth.repository.js';
import { AuthService } from '../modules/auth/auth.service.js';
import { LoginThrottle } from '../modules/auth/login-throttle.js';

/**
 * `npm run set-password` — resets the operator password from the command line (the way back in
 * when it is lost). Reads NEW_PASSWORD from the environment, or asks. Ends every session.
 */
async function readPassword(): Promise<string> {
  if (process.env.NEW_PASSWORD) return process.env.NEW_PASSWORD;
  if (!process.stdin.isTTY) throw new Error('Set NEW_PASSWORD, or run this in a terminal to be asked.');
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  const answer = await rl.question('New operator password: ');
  rl.close();
  return answer;
}

async function run(): Promise<void> {
  // The same privacy as the server: this writes the password hash into the database files.
  restrictNewFiles();
  const config = loadConfig(process.env);
  const password = await readPassword();
  if (password.length < PASSWORD_MIN_LENGTH)
    throw new Error(`The password must be at least ${PASSWORD_MIN_LENGTH} characters.`);
  if (isBlankPassword(password)) throw new Error('The password must contain a character other than spaces.');
  if (!config.databaseUrl) {
    const { fixed } = makeDataDirPrivate(config.dataDir);
    if (fixed > 0)
      process.stdout.write(
        `${fixed} files or directories under DATA_DIR were open to other users; they are now yours only.\n`,
      );
  }
  const release = config.databaseUrl ? () => undefined : acquireDataDirLock(config.dataDir);
  const handle = config.databaseUrl
    ? openPostgres(config.databaseUrl, 1)
    : await openPglite(path.join(config.dataDir, 'db'));
  try {
    await applyMigrations(handle);
    await new AuthService(new AuthRepository(handle.db), new LoginThrottle()).resetPassword(password);
    process.stdout.write('Password changed. Every session has been signed out.\n');
  } finally {
    await handle.close();
    release();
  }
}

run().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
