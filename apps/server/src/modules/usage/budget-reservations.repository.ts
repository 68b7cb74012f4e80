import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import { rowsOf } from '../../db/raw-rows.js';
import { budgetReservations, modelCalls } from '../../db/schema/index.js';

// Taken by every reservation, in every process: two units never judge the same room at once.
const RESERVATION_LOCK_ID = 7_314_031;

/** The month's spend and the other units' reservations, for all sites and for one site (nano-dollars). */
export interface CommittedSums {
  spentAll: number;
  spentSite: number;
  reservedAll: number;
  reservedSite: number;
  unitsAll: number;
  unitsSite: number;
}

/** Reservations of the articles being written (budget_reservations), owned by the usage module. */
export class BudgetReservationsRepository {
  constructor(private readonly db: Database) {}

  /** Runs `work` in a transaction holding the reservations' lock (released at its end, also by a dying connection). */
  locked<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${RESERVATION_LOCK_ID})`);
      return work(tx);
    });
  }

  /** Spend since `monthStart` and live reservations other than `exceptHolder`'s. */
  async committed(tx: Tx, siteId: number | null, monthStart: Date, exceptHolder: string): Promise<CommittedSums> {
    const result = await tx.execute(sql`
      SELECT
        (SELECT coalesce(sum(cost_nanos), 0)::float8 FROM ${modelCalls} WHERE created_at >= ${monthStart}) AS spent_all,
        (SELECT coalesce(sum(cost_nanos), 0)::float8 FROM ${modelCalls} WHERE created_at >= ${monthStart} AND site_id IS NOT DISTINCT FROM ${siteId}::int) AS spent_site,
        coalesce(sum(r.cost_nanos), 0)::float8 AS reserved_all,
        coalesce(sum(r.cost_nanos) FILTER (WHERE r.site_id IS NOT DISTINCT FROM ${siteId}::int), 0)::float8 AS reserved_site,
        count(r.holder)::int AS units_all,
        (count(r.holder) FILTER (WHERE r.site_id IS NOT DISTINCT FROM ${siteId}::int))::int AS units_site
      FROM ${budgetReservations} r
      WHERE r.expires_at > now() AND r.holder <> ${exceptHolder}`);
    const [row] = rowsOf<Record<string, number | string>>(result);
    const n = (key: string) => Number(row?.[key] ?? 0);
    return {
      spentAll: n('spent_all'),
      spentSite: n('spent_site'),
      reservedAll: n('reserved_all'),
      reservedSite: n('reserved_site'),
      unitsAll: n('units_all'),
      unitsSite: n('units_site'),
    };
  }

  /** Stores the unit's reservation (a run after a crash takes over its unit's old one). */
  async put(
    tx: Tx,
    entry: { holder: string; token: string; siteId: number | null; costNanos: number; ttlSeconds: number },
  ): Promise<void> {
    const expiresAt = sql`now() + make_interval(secs => ${entry.ttlSeconds})`;
    await tx
      .insert(budgetReservations)
      .values({
        holder: entry.holder,
        token: entry.token,
        siteId: entry.siteId,
        costNanos: Math.round(entry.costNanos),
        expiresAt,
      })
      .onConflictDoUpdate({
        target: budgetReservations.holder,
        set: {
          token: entry.token,
          siteId: entry.siteId,
          costNanos: Math.round(entry.costNanos),
          createdAt: sql`now()`,
          expiresAt,
        },
      });
  }

  /** Removes lapsed reservations (their process died). */
  async dropExpired(tx: Tx): Promise<void> {
    await tx.delete(budgetReservations).where(lt(budgetReservations.expiresAt, sql`now()`));
  }

  async release(holder: string, token: string): Promise<void> {
    await this.db
      .delete(budgetReservations)
      .where(and(eq(budgetReservations.holder, holder), eq(budgetReservations.token, token)));
  }

  /** Pushes the expiry of reservations still held. */
  async extend(tokens: readonly string[], ttlSeconds: number): Promise<void> {
    if (tokens.length === 0) return;
    await this.db
      .update(budgetReservations)
      .set({ expiresAt: sql`now() + make_interval(secs => ${ttlSeconds})` })
      .where(inArray(budgetReservations.token, [...tokens]));
  }

  /** Every reservation (the embedded database at start: the process that held them is gone). */
  async releaseAll(): Promise<void> {
    await this.db.delete(budgetReservations);
  }
}
