import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const contracts = fileURLToPath(new URL('./packages/contracts/src/index.ts', import.meta.url));

// Two projects: the server runs in Node against PGlite, the web app in jsdom.
// Playwright specs (e2e/) are kept out on purpose: they drive the built app.
export default defineConfig({
  resolve: { alias: { '@abp/contracts': contracts } },
  test: {
    // Vitest's default is one worker less than the machine has cores, shared by both projects: on
    // the two-core CI machine that ran every file one after the other, with a core left idle while
    // a test waited for WordPress, a timer or a child process. Every file has a database of its own
    // and marks what it creates on the real WordPress with its own run id, so files can run side by side.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        resolve: { alias: { '@abp/contracts': contracts } },
        test: {
          name: 'server',
          environment: 'node',
          include: [
            'apps/server/src/**/*.test.ts',
            'apps/server/test/**/*.test.ts',
            'packages/contracts/src/**/*.test.ts',
            'eslint-rules/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          globalSetup: ['apps/server/test/global-setup.ts'],
          setupFiles: ['apps/server/test/file-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // A worker process runs file after file without importing the app again for each one:
          // with isolation every file spent seconds of CPU loading Fastify, pg-boss, drizzle and the
          // modules before its first test (half the CPU of a directory of API tests). Nothing is
          // shared between files all the same: each opens a database of its own (test-database.ts)
          // and closes what it starts; the server tests mock no module and stub no global or env variable.
          isolate: false,
        },
      },
      {
        plugins: [react()],
        resolve: { alias: { '@abp/contracts': contracts } },
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['apps/web/src/test/setup.ts'],
          testTimeout: 20_000,
          // One jsdom and one import of React, MUI and the app per worker, not per file (a set of 14
          // files: 81 s → 47 s CPU). No file mocks a module; setup.ts gives each file empty storage
          // and cleans up after every test, as a fresh environment would.
          isolate: false,
        },
      },
    ],
  },
});
