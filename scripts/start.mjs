#!/usr/bin/env node
// `npm start`: builds what is out of date (contracts, web app, server), then runs the server.
// Arguments pass through, e.g. `npm start -- --role=worker`.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { serverArgs } from './server-command.mjs';

const root = path.resolve(import.meta.dirname, '..');
const targets = [
  {
    name: 'contracts',
    sources: ['packages/contracts/src', 'packages/contracts/package.json'],
    output: 'packages/contracts/dist/index.js',
    ws: 'packages/contracts',
  },
  {
    name: 'web app',
    sources: ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/contracts/src'],
    output: 'apps/web/dist/index.html',
    ws: 'apps/web',
  },
  {
    name: 'server',
    sources: ['apps/server/src', 'packages/contracts/src'],
    output: 'apps/server/dist/main.js',
    ws: 'apps/server',
  },
];

function newestMtime(p) {
  const full = path.join(root, p);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(full).map((entry) => newestMtime(path.join(p, entry))));
}

for (const t of targets) {
  const out = path.join(root, t.output);
  const built = fs.existsSync(out) ? fs.statSync(out).mtimeMs : 0;
  if (built >= Math.max(...t.sources.map(newestMtime))) continue;
  process.stdout.write(`Building the ${t.name}...\n`);
  const res = spawnSync('npm', ['run', 'build', '-w', t.ws, '--silent'], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
  fs.utimesSync(out, new Date(), new Date());
}

const child = spawn(process.execPath, serverArgs(process.argv.slice(2)), {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 0)));
