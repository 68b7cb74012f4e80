/**
 * Live sessions as last read from the database, so that the status poll and every signed-in
 * request do not each cost a database read (a round trip to the embedded database's thread, or the network).
 *
 * This process ends its own sessions through the cache (logout, password change, expiry), so here
 * an ended session is refused at once. Another process on the same PostgreSQL database (the
 * web/worker split) may end one too: an entry is trusted for at most `ttlMs`, so such a session is
 * refused within a second. Bounded: the oldest entries go first past `maxEntries`.
 */
export interface CachedSession {
  createdAt: Date;
  lastSeenAt: Date;
}

export class LiveSessionCache {
  private readonly entries = new Map<string, CachedSession & { readAt: number }>();

  constructor(
    private readonly ttlMs = 1_000,
    private readonly maxEntries = 1_000,
  ) {}

  get(id: string, now: number): CachedSession | null {
    const entry = this.entries.get(id);
    if (!entry) return null;
    if (now - entry.readAt >= this.ttlMs || now < entry.readAt) {
      this.entries.delete(id);
      return null;
    }
    return entry;
  }

  set(id: string, session: CachedSession, now: number): void {
    this.entries.delete(id);
    this.entries.set(id, { createdAt: session.createdAt, lastSeenAt: session.lastSeenAt, readAt: now });
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  /** The activity time moved on; when the entry was read (and so how long it is trusted) does not. */
  touched(id: string, lastSeenAt: Date): void {
    const entry = this.entries.get(id);
    if (entry) entry.lastSeenAt = lastSeenAt;
  }

  forget(id: string): void {
    this.entries.delete(id);
  }

  clear(): void {
    this.entries.clear();
  }
}
