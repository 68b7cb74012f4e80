import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_MAIN, serverArgs, serverNodeFlags } from './server-command.mjs';

describe('how the launchers start the built server', () => {
  it('run it with one V8 helper thread, which Node accepts', () => {
    expect(serverNodeFlags({})).toEqual(['--v8-pool-size=1']);
    const run = spawnSync(process.execPath, [...serverNodeFlags({}), '-e', 'process.exit(0)'], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  it("leave the pool size to the operator's NODE_OPTIONS when it sets one", () => {
    expect(serverNodeFlags({ NODE_OPTIONS: '--max-old-space-size=512 --v8-pool-size=4' })).toEqual([]);
    expect(serverNodeFlags({ NODE_OPTIONS: '--max-old-space-size=512' })).toEqual(['--v8-pool-size=1']);
  });

  it('pass the arguments after the entry point, and every launcher goes through it', () => {
    expect(serverArgs(['--role=web'], {})).toEqual(['--v8-pool-size=1', SERVER_MAIN, '--role=web']);
    for (const launcher of [
      'scripts/start.mjs',
      'e2e/support/serve.mjs',
      'e2e/support/fresh-server.ts',
      'bench/server-process.ts',
      'bench/scenarios/bulk.ts',
    ]) {
      const text = fs.readFileSync(new URL(`../${launcher}`, import.meta.url), 'utf8');
      expect(text, launcher).toContain('serverArgs(');
      expect(text, launcher).not.toMatch(/execPath,\s*\[[^\]]*dist\/main\.js/);
    }
  });
});
