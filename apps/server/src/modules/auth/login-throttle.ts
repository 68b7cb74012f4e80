import { LOGIN_FAILURE_WINDOW_SECONDS, LOGIN_LOCKOUT_SECONDS, LOGIN_MAX_FAILURES } from '@abp/contracts';

interface ClientRecord {
  failures: number[];
  lockedUntil: number;
}

/**
 * Counts failed logins per client. After LOGIN_MAX_FAILURES failures inside the window the client
 * is locked out for LOGIN_LOCKOUT_SECONDS, even for the right password, so guessing stays slow.
 * Kept in memory: there is one web process per installation, and a restart only shortens a lockout.
 */
export class LoginThrottle {
  private readonly clients = new Map<string, ClientRecord>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Seconds left in a lockout, or 0 when the client may try. */
  retryAfterSeconds(client: string): number {
    const record = this.clients.get(client);
    if (!record) return 0;
    const left = Math.ceil((record.lockedUntil - this.now()) / 1000);
    return left > 0 ? left : 0;
  }

  /** Records a failure; returns the lockout in seconds when this failure starts one, else 0. */
  recordFailure(client: string): number {
    const now = this.now();
    const record = this.clients.get(client) ?? { failures: [], lockedUntil: 0 };
    record.failures = record.failures.filter((t) => now - t < LOGIN_FAILURE_WINDOW_SECONDS * 1000);
    record.failures.push(now);
    if (record.failures.length >= LOGIN_MAX_FAILURES) {
      record.lockedUntil = now + LOGIN_LOCKOUT_SECONDS * 1000;
      record.failures = [];
    }
    this.clients.set(client, record);
    this.prune(now);
    return this.retryAfterSeconds(client);
  }

  recordSuccess(client: string): void {
    this.clients.delete(client);
  }

  // Bounded memory under a spray of addresses: drop records with nothing left to remember.
  private prune(now: number): void {
    if (this.clients.size < 10_000) return;
    for (const [key, record] of this.clients) {
      const recent = record.failures.some((t) => now - t < LOGIN_FAILURE_WINDOW_SECONDS * 1000);
      if (!recent && record.lockedUntil <= now) this.clients.delete(key);
    }
  }
}
