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

// A turn of the loop costs little, but a job issues hundreds of statements per article: yielding
// before each one cost a quarter of its throughput. Yielding once per few milliseconds of work
// keeps a request's wait far below the 100 ms goal at a fraction of the cost.
const SLICE_MS = 4;
let sliceStartedAt = performance.now();

/** Yields to the event loop when the current slice of uninterrupted work is used up. */
export function yieldWhenSliceUsed(): Promise<void> | undefined {
  const now = performance.now();
  if (now - sliceStartedAt < SLICE_MS) return undefined;
  return yieldToEventLoop().then(() => {
    sliceStartedAt = performance.now();
  });
}
