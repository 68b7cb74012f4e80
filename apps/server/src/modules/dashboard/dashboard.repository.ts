import { asc, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rowsOf } from '../../db/raw-rows.js';
import { articleCounts, articles, sites } from '../../db/schema/index.js';

/** Every figure of the dashboard, computed by the database. */
export class DashboardRepository {
  constructor(private readonly db: Database) {}

  /**
   * Article counts per site (0 = none) and status, from the trigger-maintained counters: at most
   * a few hundred rows whatever the number of articles. Totals, by_status and by_site come from these.
   */
  async countsBySiteAndStatus(): Promise<{ siteKey: number; status: string; count: number }[]> {
    const rows = await this.db
      .select({
        siteKey: articleCounts.siteKey,
        status: articleCounts.status,
        count: sql<number>`sum(${articleCounts.count})::int`,
      })
      .from(articleCounts)
      .groupBy(articleCounts.siteKey, articleCounts.status);
    return rows.map((row) => ({ ...row, count: Number(row.count) }));
  }

  /** Every site, alphabetically (sites without articles are listed too). */
  async sites() {
    return this.db
      .select({ id: sites.id, name: sites.name, url: sites.url })
      .from(sites)
      .orderBy(asc(sites.name), asc(sites.id));
  }

  /** Rolling window on the created_at index. */
  /** On the partial live-state index: only articles that have had a live check are read. */
  async countNotLive(): Promise<number> {
    const [row] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(articles)
      .where(eq(articles.liveState, 'not_live'));
    return Number(row?.count ?? 0);
  }

  async countCreatedSince(days: number): Promise<number> {
    const [row] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(articles)
      .where(gte(articles.createdAt, sql`now() - ${days} * interval '1 day'`));
    return Number(row?.count ?? 0);
  }

  /**
   * Articles per calendar day in a time zone for the last `days` days, today included, oldest
   * first, zeros included. Each day is one range count on the created_at index, so no function
   * runs per article (converting every row's time zone cost more than the counting).
   */
  async countsPerDay(days: number, timeZone: string): Promise<{ date: string; count: number }[]> {
    // Typed parameters: untyped ones make `at time zone` and date arithmetic ambiguous to PostgreSQL.
    const zone = sql`${timeZone}::text`;
    const result = await this.db.execute(sql`
      SELECT to_char(day, 'YYYY-MM-DD') AS date,
             (SELECT count(*)::int FROM ${articles}
               WHERE ${articles.createdAt} >= (day::timestamp AT TIME ZONE ${zone})
                 AND ${articles.createdAt} < ((day + 1)::timestamp AT TIME ZONE ${zone})) AS count
      FROM generate_series(0, ${days - 1}::int) AS back,
           LATERAL (SELECT (now() AT TIME ZONE ${zone})::date - back AS day) AS d
      ORDER BY day`);
    return rowsOf<{ date: string; count: number }>(result).map((row) => ({ date: row.date, count: Number(row.count) }));
  }
}
