import type { DatabaseHandle } from '../../db/client.js';

const FIRST_RUN_MS = 60_000;
const INTERVAL_MS = 10 * 60_000;

/**
 * The embedded database (PGlite) has no autovacuum and gathers no statistics by itself. Without
 * VACUUM the visibility map stays empty, so the list's index-only scans (deep pages) fall back to
 * reading every row; without ANALYZE the planner guesses. This runs VACUUM (ANALYZE) on articles
 * a minute after start and then every 10 minutes, only when the articles changed (new ids or moved
 * counts). On PostgreSQL autovacuum does this already, so nothing runs there.
 */
export class ArticleTableMaintenance {
  private timer: NodeJS.Timeout | null = null;
  private lastSignature: string | null = null;

  constructor(private readonly handle: DatabaseHandle) {}

  start(): void {
    if (this.handle.driver !== 'pglite' || this.timer) return;
    const first = setTimeout(() => {
      void this.runIfChanged();
      this.timer = setInterval(() => void this.runIfChanged(), INTERVAL_MS);
      this.timer.unref();
    }, FIRST_RUN_MS);
    first.unref();
    this.timer = first;
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Returns whether it vacuumed. */
  async runIfChanged(): Promise<boolean> {
    if (this.handle.driver !== 'pglite') return false;
    const { pglite } = this.handle;
    if (pglite.closed) {
      this.stop();
      return false;
    }
    try {
      const { rows } = await pglite.query<{ signature: string }>(
        `SELECT (SELECT coalesce(max(id), 0) FROM articles) || ':' ||
                (SELECT coalesce(string_agg(site_key || '/' || status || '/' || has_sources || '=' || count, ',' ORDER BY site_key, status, has_sources), '') FROM article_counts) AS signature`,
      );
      const signature = rows[0]?.signature ?? '';
      if (signature === this.lastSignature) return false;
      await pglite.exec('VACUUM (ANALYZE) articles');
      this.lastSignature = signature;
      return true;
    } catch {
      return false; // closing, or busy: the next round tries again
    }
  }
}
