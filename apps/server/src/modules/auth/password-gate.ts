import os from 'node:os';
import { ERROR_CODES } from '@abp/contracts';
import { AppError } from '../../errors.js';

export interface PasswordGateLimits {
  /** Password checks running at once in the process. */
  active: number;
  /** Checks waiting for a turn in the process; beyond it a request is refused at once. */
  waiting: number;
  /** Checks queued or running per client; beyond it a request is refused at once. */
  perClient: number;
}

// scrypt at N=2^17 costs ~100 ms of a core and 128 MiB per check, on libuv's four threads that
// static files and file I/O share. Leaving at least one core to the event loop (one check at a time
// on a 2-core machine, two on larger ones) keeps the app answering during a flood.
export const DEFAULT_PASSWORD_GATE_LIMITS: PasswordGateLimits = {
  active: Math.max(1, Math.min(2, os.availableParallelism() - 1)),
  waiting: 32,
  perClient: 5,
};

const busy = () =>
  new AppError(
    ERROR_CODES.rateLimited,
    'Too many login attempts in progress. Please try again in a moment.',
    429,
    undefined,
    1,
  );

/**
 * Runs password checks one at a time per client and a few at a time in all. One at a time per
 * client makes the lockout exact under concurrency: each attempt looks at the lockout when its turn
 * starts and is counted before the next one starts, so 40 parallel guesses count as 40 sequential
 * ones, and a right password queued behind the failures that began a lockout is refused.
 */
export class PasswordGate {
  private active = 0;
  /** Checks accepted and not finished, running or waiting (per client or for a slot). */
  private admitted = 0;
  private readonly queue: (() => void)[] = [];
  private readonly clients = new Map<string, { tail: Promise<unknown>; pending: number }>();
  /** Most checks ever running at once (for tests and diagnostics). */
  peakActive = 0;

  constructor(private readonly limits: PasswordGateLimits = DEFAULT_PASSWORD_GATE_LIMITS) {}

  run<T>(client: string, check: () => Promise<T>): Promise<T> {
    const entry = this.clients.get(client) ?? { tail: Promise.resolve(), pending: 0 };
    if (entry.pending >= this.limits.perClient) return Promise.reject(busy());
    if (this.admitted >= this.limits.active + this.limits.waiting) return Promise.reject(busy());
    this.admitted += 1;
    entry.pending += 1;
    const result = entry.tail.then(() => this.withSlot(check));
    entry.tail = result.catch(() => undefined);
    this.clients.set(client, entry);
    const done = () => {
      this.admitted -= 1;
      entry.pending -= 1;
      if (entry.pending === 0 && this.clients.get(client) === entry) this.clients.delete(client);
    };
    result.then(done, done);
    return result;
  }

  private async withSlot<T>(check: () => Promise<T>): Promise<T> {
    if (this.active >= this.limits.active) await new Promise<void>((resolve) => this.queue.push(resolve));
    this.active += 1;
    this.peakActive = Math.max(this.peakActive, this.active);
    try {
      return await check();
    } finally {
      this.active -= 1;
      this.queue.shift()?.();
    }
  }
}
