// How every launcher starts the built server — `npm start`, the end-to-end tests, the bench — so
// that all of them run it with the same Node flags.
import path from 'node:path';

export const SERVER_MAIN = path.resolve(import.meta.dirname, '../apps/server/dist/main.js');

/**
 * `--v8-pool-size=1`: one V8 helper thread instead of one per core. Each helper that compiles the
 * embedded database's WebAssembly in the background, or helps the garbage collector, keeps what
 * it allocated in a malloc arena of its own, which the allocator does not give back: with one
 * helper an idle server sits about 30 MiB lower (`npm run bench -- startup`), and the
 * responsiveness bench measured no cost (docs/architecture.md, "Memory of the embedded
 * database"). An operator's own NODE_OPTIONS=--v8-pool-size=N wins.
 */
export function serverNodeFlags(env = process.env) {
  return (env.NODE_OPTIONS ?? '').includes('--v8-pool-size') ? [] : ['--v8-pool-size=1'];
}

/** The arguments for `process.execPath` that run the built server with `args` (e.g. --role=web). */
export function serverArgs(args = [], env = process.env) {
  return [...serverNodeFlags(env), SERVER_MAIN, ...args];
}
