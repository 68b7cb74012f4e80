import { and, asc, desc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { articles, backlinkProposals } from '../../db/schema/index.js';
import type { BacklinkSpot } from './backlink-placement.js';

export type BacklinkRow = typeof backlinkProposals.$inferSelect;

/** Backlink proposals, and what they read of their article. */
export class BacklinksRepository {
  constructor(private readonly db: Database) {}

  async findArticle(id: number) {
    const [row] = await this.db
      .select({
        id: articles.id,
        siteId: articles.siteId,
        title: articles.title,
        keywords: articles.keywords,
        wordpressPostId: articles.wordpressPostId,
        permalink: articles.wordpressPermalink,
        liveState: articles.liveState,
      })
      .from(articles)
      .where(eq(articles.id, id))
      .limit(1);
    return row ?? null;
  }

  list(articleId: number): Promise<BacklinkRow[]> {
    return this.db
      .select()
      .from(backlinkProposals)
      .where(eq(backlinkProposals.articleId, articleId))
      .orderBy(asc(backlinkProposals.id));
  }

  /** The site's proposals between existing posts (Link orphan posts), oldest first. */
  listBetweenPosts(siteId: number): Promise<BacklinkRow[]> {
    return this.db
      .select()
      .from(backlinkProposals)
      .where(and(eq(backlinkProposals.siteId, siteId), isNull(backlinkProposals.articleId)))
      .orderBy(asc(backlinkProposals.id));
  }

  /** A link from one existing post to another (an orphan); a fresh spot for one still only proposed. */
  async proposeBetweenPosts(
    values: {
      siteId: number;
      targetWpId: number;
      targetTitle: string;
      targetLink: string;
      sourceWpId: number;
      sourceTitle: string;
      sourceLink: string;
    } & BacklinkSpot,
  ): Promise<void> {
    const now = new Date();
    await this.db
      .insert(backlinkProposals)
      .values({ ...values, articleId: null, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: [backlinkProposals.siteId, backlinkProposals.targetWpId, backlinkProposals.sourceWpId],
        set: {
          paragraphIndex: values.paragraphIndex,
          paragraphText: values.paragraphText,
          anchor: values.anchor,
          updatedAt: now,
        },
        setWhere: sql`${backlinkProposals.state} = 'proposed'`,
      });
  }

  async find(id: number): Promise<BacklinkRow | null> {
    const [row] = await this.db.select().from(backlinkProposals).where(eq(backlinkProposals.id, id)).limit(1);
    return row ?? null;
  }

  /** A new proposal, or a fresh spot for one still only proposed (an applied or dismissed one stays as it is). */
  async propose(
    values: {
      siteId: number;
      articleId: number;
      sourceWpId: number;
      sourceTitle: string;
      sourceLink: string;
    } & BacklinkSpot,
  ): Promise<void> {
    const now = new Date();
    await this.db
      .insert(backlinkProposals)
      .values({ ...values, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: [backlinkProposals.articleId, backlinkProposals.sourceWpId],
        set: {
          paragraphIndex: values.paragraphIndex,
          paragraphText: values.paragraphText,
          anchor: values.anchor,
          sourceTitle: values.sourceTitle,
          sourceLink: values.sourceLink,
          updatedAt: now,
        },
        setWhere: sql`${backlinkProposals.state} = 'proposed'`,
      });
  }

  /** Moves a proposal from one state to another; false when it was no longer in `from` (a second click, another tab). */
  async transition(
    id: number,
    from: BacklinkRow['state'],
    change: Partial<Pick<BacklinkRow, 'state' | 'previousContent' | 'appliedContent' | 'appliedAt'>>,
  ): Promise<boolean> {
    const rows = await this.db
      .update(backlinkProposals)
      .set({ ...change, updatedAt: new Date() })
      .where(and(eq(backlinkProposals.id, id), eq(backlinkProposals.state, from)))
      .returning({ id: backlinkProposals.id });
    return rows.length > 0;
  }

  /**
   * Proposals still waiting for a decision, across sites (the Review inbox, issue #33), oldest or
   * newest first, with the title of the article a backlink points to.
   */
  async listWaiting(
    filter: WaitingProposalFilter,
    order: 'oldest' | 'newest',
    limit: number,
  ): Promise<Array<BacklinkRow & { articleTitle: string | null }>> {
    const rows = await this.db
      .select({ proposal: backlinkProposals, articleTitle: articles.title })
      .from(backlinkProposals)
      .leftJoin(articles, eq(articles.id, backlinkProposals.articleId))
      .where(waitingWhere(filter))
      .orderBy(
        ...(order === 'oldest'
          ? [asc(backlinkProposals.createdAt), asc(backlinkProposals.id)]
          : [desc(backlinkProposals.createdAt), desc(backlinkProposals.id)]),
      )
      .limit(limit);
    return rows.map((row) => ({ ...row.proposal, articleTitle: row.articleTitle }));
  }

  /** How many proposals wait, and since when the oldest does. */
  async waitingSummary(filter: WaitingProposalFilter): Promise<{ count: number; oldest: Date | null }> {
    const [row] = await this.db
      .select({ count: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${backlinkProposals.createdAt})` })
      .from(backlinkProposals)
      .where(waitingWhere(filter));
    return { count: Number(row?.count ?? 0), oldest: row?.oldest ? new Date(row.oldest) : null };
  }
}

/** Which waiting proposals: of one site, and backlinks to articles or links between existing posts. */
export interface WaitingProposalFilter {
  siteId?: number | undefined;
  kind?: 'backlink' | 'link_report' | undefined;
}

function waitingWhere(filter: WaitingProposalFilter): SQL | undefined {
  return and(
    eq(backlinkProposals.state, 'proposed'),
    filter.siteId === undefined ? undefined : eq(backlinkProposals.siteId, filter.siteId),
    filter.kind === 'backlink'
      ? isNotNull(backlinkProposals.articleId)
      : filter.kind === 'link_report'
        ? isNull(backlinkProposals.articleId)
        : undefined,
  );
}
