/**
 * Lets the event loop run its pending I/O (HTTP requests, timers) before the caller goes on.
 * A chain of promises never does that on its own: the offline writer and PGlite (WASM on this
 * thread) resolve synchronously, so a job made only of them would hold the loop until it ends.
 * setImmediate, not a resolved promise or process.nextTick, because only a macrotask lets the
 * poll phase (sockets) run first.
 */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
