import type { RefreshProposalListQuery } from '@abp/contracts';
import { and, asc, count, desc, eq, gte, inArray, isNotNull, lt, min, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  refreshLinkChecks,
  refreshProposals,
  refreshScores,
  refreshSiteSettings,
  sites,
} from '../../db/schema/index.js';

export type RefreshProposalRow = typeof refreshProposals.$inferSelect & { siteName: string };
export type NewRefreshProposal = typeof refreshProposals.$inferInsert;
export type RefreshSettingsRow = typeof refreshSiteSettings.$inferSelect;

/** Which waiting proposals the Review inbox asks for. */
export interface WaitingRefreshFilter {
  siteId?: number;
}

export class RefreshProposalsRepository {
  constructor(private readonly db: Database) {}

  async insert(row: NewRefreshProposal): Promise<number> {
    const [inserted] = await this.db.insert(refreshProposals).values(row).returning({ id: refreshProposals.id });
    return inserted!.id;
  }

  async find(id: number): Promise<RefreshProposalRow | null> {
    const [row] = await this.db
      .select({ proposal: refreshProposals, siteName: sites.name })
      .from(refreshProposals)
      .innerJoin(sites, eq(sites.id, refreshProposals.siteId))
      .where(eq(refreshProposals.id, id));
    return row ? { ...row.proposal, siteName: row.siteName } : null;
  }

  async list(query: RefreshProposalListQuery): Promise<{ rows: RefreshProposalRow[]; total: number }> {
    const conditions: SQL[] = [];
    if (query.site_id !== undefined) conditions.push(eq(refreshProposals.siteId, query.site_id));
    if (query.wp_id !== undefined) conditions.push(eq(refreshProposals.wpId, query.wp_id));
    if (query.state !== undefined) conditions.push(eq(refreshProposals.state, query.state));
    const where = conditions.length > 0 ? and(...conditions) : undefined;
    const [rows, [total]] = await Promise.all([
      this.db
        .select({ proposal: refreshProposals, siteName: sites.name })
        .from(refreshProposals)
        .innerJoin(sites, eq(sites.id, refreshProposals.siteId))
        .where(where)
        .orderBy(desc(refreshProposals.createdAt), desc(refreshProposals.id))
        .limit(query.limit)
        .offset(query.offset),
      this.db.select({ n: count() }).from(refreshProposals).where(where),
    ]);
    return { rows: rows.map((row) => ({ ...row.proposal, siteName: row.siteName })), total: Number(total?.n ?? 0) };
  }

  /** The post's proposal waiting for a decision, if any. */
  async waitingFor(siteId: number, wpId: number): Promise<number | null> {
    const [row] = await this.db
      .select({ id: refreshProposals.id })
      .from(refreshProposals)
      .where(
        and(
          eq(refreshProposals.siteId, siteId),
          eq(refreshProposals.wpId, wpId),
          eq(refreshProposals.state, 'proposed'),
        ),
      );
    return row?.id ?? null;
  }

  /** When the post's last refresh was applied (undone ones included: the post was touched then). */
  async lastAppliedAt(siteId: number, wpId: number): Promise<Date | null> {
    const [row] = await this.db
      .select({ at: sql<string | null>`max(${refreshProposals.appliedAt})` })
      .from(refreshProposals)
      .where(
        and(
          eq(refreshProposals.siteId, siteId),
          eq(refreshProposals.wpId, wpId),
          isNotNull(refreshProposals.appliedAt),
          inArray(refreshProposals.state, ['applied']),
        ),
      );
    return row?.at ? new Date(row.at) : null;
  }

  /** Compare-and-set on the state: false when another decision came first. */
  async transition(id: number, from: string, patch: Partial<typeof refreshProposals.$inferInsert>): Promise<boolean> {
    const rows = await this.db
      .update(refreshProposals)
      .set(patch)
      .where(and(eq(refreshProposals.id, id), eq(refreshProposals.state, from)))
      .returning({ id: refreshProposals.id });
    return rows.length > 0;
  }

  /**
   * A claim ('applying' since `decided_at`, 'undoing' since `undone_at`) older than `before` lost its
   * process mid-write: the proposal goes back to what it was. Safe either way: applying again merges
   * against what WordPress has (a write that did happen makes every change meet it: refused), and an
   * undo again writes back only while WordPress still holds the refresh.
   */
  async releaseStaleClaim(id: number, before: Date): Promise<void> {
    await this.db
      .update(refreshProposals)
      .set({ state: 'proposed', decidedAt: null })
      .where(
        and(
          eq(refreshProposals.id, id),
          eq(refreshProposals.state, 'applying'),
          lt(refreshProposals.decidedAt, before),
        ),
      );
    await this.db
      .update(refreshProposals)
      .set({ state: 'applied', undoneAt: null })
      .where(
        and(eq(refreshProposals.id, id), eq(refreshProposals.state, 'undoing'), lt(refreshProposals.undoneAt, before)),
      );
  }

  async update(id: number, patch: Partial<typeof refreshProposals.$inferInsert>): Promise<void> {
    await this.db.update(refreshProposals).set(patch).where(eq(refreshProposals.id, id));
  }

  /** The link cache's rows for these addresses. */
  async linkChecks(urls: readonly string[]): Promise<Array<typeof refreshLinkChecks.$inferSelect>> {
    if (urls.length === 0) return [];
    return this.db
      .select()
      .from(refreshLinkChecks)
      .where(inArray(refreshLinkChecks.url, [...new Set(urls)]));
  }

  async settings(siteId: number): Promise<RefreshSettingsRow | null> {
    const [row] = await this.db.select().from(refreshSiteSettings).where(eq(refreshSiteSettings.siteId, siteId));
    return row ?? null;
  }

  async saveSettings(
    siteId: number,
    values: { weeklyProposals: number; autoApplyDeadLinks: boolean; cooldownDays: number },
  ): Promise<void> {
    const now = new Date();
    await this.db
      .insert(refreshSiteSettings)
      .values({ siteId, ...values, updatedAt: now })
      .onConflictDoUpdate({ target: refreshSiteSettings.siteId, set: { ...values, updatedAt: now } });
  }

  /** Sites with a weekly budget of scheduled proposals. */
  async budgetedSites(): Promise<RefreshSettingsRow[]> {
    return this.db
      .select()
      .from(refreshSiteSettings)
      .where(sql`${refreshSiteSettings.weeklyProposals} > 0`)
      .orderBy(asc(refreshSiteSettings.siteId));
  }

  /** Scheduled proposals of the site made since `since` (what the week's budget has used). */
  async scheduledSince(siteId: number, since: Date): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(refreshProposals)
      .where(
        and(
          eq(refreshProposals.siteId, siteId),
          eq(refreshProposals.origin, 'schedule'),
          gte(refreshProposals.createdAt, since),
        ),
      );
    return Number(row?.n ?? 0);
  }

  /** The site's posts by refresh score, highest first, at or above `minScore`. */
  async topScored(siteId: number, minScore: number, limit: number): Promise<Array<{ wpId: number; score: number }>> {
    return this.db
      .select({ wpId: refreshScores.wpId, score: refreshScores.score })
      .from(refreshScores)
      .where(and(eq(refreshScores.siteId, siteId), gte(refreshScores.score, minScore)))
      .orderBy(desc(refreshScores.score), desc(refreshScores.wpId))
      .limit(limit);
  }

  /** Posts of the site with a proposal waiting, or refreshed since `since` (not to be proposed now). */
  async busyPosts(siteId: number, since: Date): Promise<Set<number>> {
    const rows = await this.db
      .select({ wpId: refreshProposals.wpId })
      .from(refreshProposals)
      .where(
        and(
          eq(refreshProposals.siteId, siteId),
          sql`(${refreshProposals.state} = 'proposed' or (${refreshProposals.state} = 'applied' and ${refreshProposals.appliedAt} >= ${since.toISOString()}))`,
        ),
      );
    return new Set(rows.map((row) => row.wpId));
  }

  /** Waiting proposals for the Review inbox, by waiting time. */
  async waiting(
    filter: WaitingRefreshFilter,
    order: 'oldest' | 'newest',
    limit: number,
  ): Promise<RefreshProposalRow[]> {
    const where = and(
      eq(refreshProposals.state, 'proposed'),
      filter.siteId !== undefined ? eq(refreshProposals.siteId, filter.siteId) : undefined,
    );
    const rows = await this.db
      .select({ proposal: refreshProposals, siteName: sites.name })
      .from(refreshProposals)
      .innerJoin(sites, eq(sites.id, refreshProposals.siteId))
      .where(where)
      .orderBy(
        order === 'oldest' ? asc(refreshProposals.createdAt) : desc(refreshProposals.createdAt),
        asc(refreshProposals.id),
      )
      .limit(limit);
    return rows.map((row) => ({ ...row.proposal, siteName: row.siteName }));
  }

  async waitingSummary(filter: WaitingRefreshFilter): Promise<{ count: number; oldest: Date | null }> {
    const [row] = await this.db
      .select({ n: count(), oldest: min(refreshProposals.createdAt) })
      .from(refreshProposals)
      .where(
        and(
          eq(refreshProposals.state, 'proposed'),
          filter.siteId !== undefined ? eq(refreshProposals.siteId, filter.siteId) : undefined,
        ),
      );
    return { count: Number(row?.n ?? 0), oldest: row?.oldest ? new Date(row.oldest) : null };
  }
}
