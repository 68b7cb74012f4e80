// Starts the built server for the end-to-end run on a throw-away data directory.
// TRUST_PROXY lets each test present its own client address (X-Forwarded-For), so the login
// lockout test cannot lock the other tests out.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serverArgs } from '../../scripts/server-command.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'abp-e2e-'));
const child = spawn(process.execPath, serverArgs(), {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: process.env.E2E_PORT ?? '4310',
    ADMIN_PASSWORD: 'e2e-operator-password',
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'warn',
    // The MCP server for assistants (e2e/mcp.spec.ts), on 127.0.0.1.
    MCP_PORT: String(Number(process.env.E2E_PORT ?? '4310') + 60),
    // Links of the shared WordPress' posts are not followed out of the machine: only those to the
    // site itself are checked (a dead one is what e2e/refresh-proposals.spec.ts proposes to fix).
    REFRESH_LINK_CHECK_DAYS: '7',
    REFRESH_LINK_CHECK_SCOPE: 'site',
  },
});
const stop = (signal) => child.kill(signal);
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
child.on('exit', (code) => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
