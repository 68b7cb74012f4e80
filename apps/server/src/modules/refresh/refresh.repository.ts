import type { RefreshListQuery, RefreshReasonKind } from '@abp/contracts';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rowsOf } from '../../db/raw-rows.js';
import { refreshLinkChecks, refreshPostLinks, refreshScores, sites } from '../../db/schema/index.js';
import type { LinkCheckResult } from './link-checker.js';

export type RefreshScoreRow = typeof refreshScores.$inferSelect;
export type NewRefreshScore = Omit<typeof refreshScores.$inferInsert, 'siteId'>;
export type LinkCheckRow = typeof refreshLinkChecks.$inferSelect;

const CHUNK = 1_000;

/** The dead links (and dead-ish: 5xx on two checks in a row) of the site's posts, per post. */
const DEAD = sql`(${refreshLinkChecks.outcome} = 'dead' or (${refreshLinkChecks.outcome} = 'server_error' and ${refreshLinkChecks.serverErrors} >= 2))`;

export class RefreshRepository {
  constructor(private readonly db: Database) {}

  /** Replaces the site's scores with these (one scoring is one truth: posts gone from the inventory go too). */
  async replaceScores(siteId: number, rows: readonly NewRefreshScore[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(refreshScores).where(eq(refreshScores.siteId, siteId));
      for (let start = 0; start < rows.length; start += CHUNK) {
        await tx.insert(refreshScores).values(rows.slice(start, start + CHUNK).map((row) => ({ ...row, siteId })));
      }
    });
  }

  /** Replaces which of the site's posts link where (read from the inventory at each scoring). */
  async replacePostLinks(siteId: number, rows: ReadonlyArray<{ wpId: number; url: string }>): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(refreshPostLinks).where(eq(refreshPostLinks.siteId, siteId));
      for (let start = 0; start < rows.length; start += CHUNK) {
        await tx
          .insert(refreshPostLinks)
          .values(rows.slice(start, start + CHUNK).map((row) => ({ ...row, siteId })))
          .onConflictDoNothing();
      }
    });
  }

  /** The site's posts' dead links as the cache has them. */
  async deadLinks(siteId: number): Promise<Array<{ wpId: number; check: LinkCheckRow }>> {
    const rows = await this.db
      .select({ wpId: refreshPostLinks.wpId, check: refreshLinkChecks })
      .from(refreshPostLinks)
      .innerJoin(refreshLinkChecks, eq(refreshLinkChecks.url, refreshPostLinks.url))
      .where(and(eq(refreshPostLinks.siteId, siteId), DEAD))
      .orderBy(asc(refreshPostLinks.url));
    return rows;
  }

  /**
   * The site's linked addresses due for a check: never checked, checked before `before`, or with
   * one 5xx before `serverErrorBefore` (the second look that decides dead-ish comes sooner). At most `max`.
   */
  async dueLinks(
    siteId: number,
    before: Date,
    serverErrorBefore: Date,
    max: number,
  ): Promise<Array<{ url: string; serverErrors: number }>> {
    const rows = await this.db
      .selectDistinct({ url: refreshPostLinks.url, serverErrors: refreshLinkChecks.serverErrors })
      .from(refreshPostLinks)
      .leftJoin(refreshLinkChecks, eq(refreshLinkChecks.url, refreshPostLinks.url))
      .where(
        and(
          eq(refreshPostLinks.siteId, siteId),
          sql`(${refreshLinkChecks.url} is null or ${refreshLinkChecks.checkedAt} < ${before.toISOString()} or (${refreshLinkChecks.outcome} = 'server_error' and ${refreshLinkChecks.serverErrors} < 2 and ${refreshLinkChecks.checkedAt} < ${serverErrorBefore.toISOString()}))`,
        ),
      )
      .orderBy(asc(refreshPostLinks.url))
      .limit(max);
    return rows.map((row) => ({ url: row.url, serverErrors: row.serverErrors ?? 0 }));
  }

  async saveChecks(results: readonly LinkCheckResult[]): Promise<void> {
    const excluded = (column: string) => sql.raw(`excluded.${column}`);
    for (let start = 0; start < results.length; start += CHUNK) {
      const now = new Date();
      await this.db
        .insert(refreshLinkChecks)
        .values(
          results.slice(start, start + CHUNK).map((result) => ({
            url: result.url,
            outcome: result.outcome,
            status: result.status,
            finalUrl: result.finalUrl,
            error: result.error?.slice(0, 500) ?? null,
            serverErrors: result.serverErrors,
            checkedAt: now,
          })),
        )
        .onConflictDoUpdate({
          target: refreshLinkChecks.url,
          set: {
            outcome: excluded('outcome'),
            status: excluded('status'),
            finalUrl: excluded('final_url'),
            error: excluded('error'),
            serverErrors: excluded('server_errors'),
            checkedAt: excluded('checked_at'),
          },
        });
    }
  }

  async checkOf(url: string): Promise<LinkCheckRow | null> {
    const [row] = await this.db.select().from(refreshLinkChecks).where(eq(refreshLinkChecks.url, url));
    return row ?? null;
  }

  /** One page of scored posts, highest score first (all sites, or one), with the site's name. */
  async list(query: RefreshListQuery): Promise<{ rows: Array<RefreshScoreRow & { siteName: string }>; total: number }> {
    const conditions: SQL[] = [];
    if (query.site_id !== undefined) conditions.push(eq(refreshScores.siteId, query.site_id));
    if (query.reason) conditions.push(sql`${refreshScores.reasonKinds} @> array[${query.reason}]::text[]`);
    const where = conditions.length > 0 ? and(...conditions) : undefined;
    const [rows, [count]] = await Promise.all([
      this.db
        .select({ score: refreshScores, siteName: sites.name })
        .from(refreshScores)
        .innerJoin(sites, eq(sites.id, refreshScores.siteId))
        .where(where)
        .orderBy(desc(refreshScores.score), asc(refreshScores.siteId), desc(refreshScores.wpId))
        .limit(query.limit)
        .offset(query.offset),
      this.db.select({ n: sql<number>`count(*)::int` }).from(refreshScores).where(where),
    ]);
    return { rows: rows.map((row) => ({ ...row.score, siteName: row.siteName })), total: Number(count?.n ?? 0) };
  }

  /** Per site (every site, scored or not): posts scored, of them at or above `staleScore`, per reason, dead links. */
  async summary(staleScore: number): Promise<
    Array<{
      siteId: number;
      siteName: string;
      scored: number;
      stale: number;
      computedAt: Date | null;
      reasons: Partial<Record<RefreshReasonKind, number>>;
      deadLinks: number;
    }>
  > {
    const [siteRows, reasonRows, deadRows] = await Promise.all([
      this.db
        .select({
          siteId: sites.id,
          siteName: sites.name,
          scored: sql<number>`count(${refreshScores.wpId})::int`,
          stale: sql<number>`count(${refreshScores.wpId}) filter (where ${refreshScores.score} >= ${staleScore})::int`,
          computedAt: sql<string | null>`max(${refreshScores.computedAt})`,
        })
        .from(sites)
        .leftJoin(refreshScores, eq(refreshScores.siteId, sites.id))
        .groupBy(sites.id, sites.name)
        .orderBy(asc(sites.name), asc(sites.id)),
      this.db.execute(
        sql`select site_id, kind, count(*)::int as n from (select site_id, unnest(reason_kinds) as kind from refresh_scores) k group by site_id, kind`,
      ),
      this.db
        .select({ siteId: refreshPostLinks.siteId, n: sql<number>`count(distinct ${refreshPostLinks.url})::int` })
        .from(refreshPostLinks)
        .innerJoin(refreshLinkChecks, eq(refreshLinkChecks.url, refreshPostLinks.url))
        .where(DEAD)
        .groupBy(refreshPostLinks.siteId),
    ]);
    const reasons = new Map<number, Partial<Record<RefreshReasonKind, number>>>();
    for (const row of rowsOf<{ site_id: number; kind: string; n: number }>(reasonRows)) {
      const site = reasons.get(Number(row.site_id)) ?? {};
      site[row.kind as RefreshReasonKind] = Number(row.n);
      reasons.set(Number(row.site_id), site);
    }
    const dead = new Map(deadRows.map((row) => [row.siteId, Number(row.n)]));
    return siteRows.map((row) => ({
      siteId: row.siteId,
      siteName: row.siteName,
      scored: Number(row.scored),
      stale: Number(row.stale),
      computedAt: row.computedAt ? new Date(row.computedAt) : null,
      reasons: reasons.get(row.siteId) ?? {},
      deadLinks: dead.get(row.siteId) ?? 0,
    }));
  }

  /** Sites that exist (a job for a deleted site has nothing to do). */
  async siteExists(siteId: number): Promise<boolean> {
    const rows = await this.db
      .select({ id: sites.id })
      .from(sites)
      .where(inArray(sites.id, [siteId]));
    return rows.length > 0;
  }
}
