import type { ArticleStatus, LiveState, QualityReport, ReviewReason } from '@abp/contracts';
import { and, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import {
  articleImages,
  articles,
  articleTrendSources,
  DELETED_POST_STATUS,
  generationLogs,
  siteInventoryItems,
} from '../../db/schema/index.js';
import type {
  ArticleRemovals,
  ContentChangeReason,
  ContentChanges,
  ContentRevisions,
  GeneratedArticleRecord,
  GeneratedArticles,
  LiveCheckRecords,
  PublishedPost,
  PublishRecords,
  ReviewRecords,
  ScheduleMoves,
  SiteArticleCopies,
} from './article-store.js';

/** The fields each reason may change (checked at run time too: a caller outside TypeScript's view). */
const CHANGEABLE: { [R in ContentChangeReason]: ReadonlyArray<keyof ContentChanges[R]> } = {
  'trend sources': ['content', 'wordCount'],
  'seo plan title': ['title'],
  'seo meta description': ['metaDescription'],
  'seo internal links': ['content'],
  'seo schema markup': ['content'],
};

/** The writes other modules make to articles, as named operations (see article-store.ts). */
export class ArticleStore
  implements
    GeneratedArticles,
    PublishRecords,
    LiveCheckRecords,
    ContentRevisions,
    ArticleRemovals,
    SiteArticleCopies,
    ReviewRecords,
    ScheduleMoves
{
  constructor(private readonly db: Database) {}

  async storeGenerated(record: GeneratedArticleRecord): Promise<number> {
    return this.db.transaction(async (tx) => {
      const key = record.article.originKey;
      if (key)
        await tx
          .update(articles)
          .set({ originKey: null })
          .where(and(eq(articles.originKey, key), eq(articles.status, 'failed')));
      const [row] = await tx
        .insert(articles)
        .values(record.article)
        .onConflictDoNothing({ target: articles.originKey })
        .returning({ id: articles.id });
      if (!row) {
        const [holder] = await tx
          .select({ id: articles.id })
          .from(articles)
          .where(eq(articles.originKey, key!))
          .limit(1);
        return holder!.id;
      }
      const articleId = row.id;
      await tx.insert(generationLogs).values({ articleId, log: record.log });
      if (record.image) {
        await tx.insert(articleImages).values({
          articleId,
          png: record.image.png.toString('base64'),
          altText: record.image.alt,
          filename: record.image.filename,
        });
      }
      if (record.trendSources.length > 0) {
        await tx.insert(articleTrendSources).values(record.trendSources.map((source) => ({ articleId, ...source })));
      }
      return articleId;
    });
  }

  // --- publishing -------------------------------------------------------------------------------

  async acquirePublishLease(id: number, token: string, leaseMs: number): Promise<boolean> {
    const rows = await this.db
      .update(articles)
      .set({ publishLockToken: token, publishLockExpiresAt: sql`now() + ${leaseMs} * interval '1 millisecond'` })
      .where(
        and(eq(articles.id, id), or(isNull(articles.publishLockToken), lt(articles.publishLockExpiresAt, sql`now()`))),
      )
      .returning({ id: articles.id });
    return rows.length === 1;
  }

  async renewPublishLease(id: number, token: string, leaseMs: number): Promise<void> {
    await this.db
      .update(articles)
      .set({ publishLockExpiresAt: sql`now() + ${leaseMs} * interval '1 millisecond'` })
      .where(and(eq(articles.id, id), eq(articles.publishLockToken, token)));
  }

  async releaseAllPublishLeases(): Promise<number> {
    const rows = await this.db
      .update(articles)
      .set({ publishLockToken: null, publishLockExpiresAt: null })
      .where(isNotNull(articles.publishLockToken))
      .returning({ id: articles.id });
    return rows.length;
  }

  async releasePublishLease(id: number, token: string): Promise<void> {
    await this.db
      .update(articles)
      .set({ publishLockToken: null, publishLockExpiresAt: null })
      .where(and(eq(articles.id, id), eq(articles.publishLockToken, token)));
  }

  async assignPublishMarker(id: number, candidate: string): Promise<string> {
    const [row] = await this.db
      .update(articles)
      .set({ publishMarker: sql`coalesce(${articles.publishMarker}, ${candidate})` })
      .where(eq(articles.id, id))
      .returning({ marker: articles.publishMarker });
    return row?.marker ?? candidate;
  }

  async setPublishCreatePending(id: number, pending: boolean): Promise<void> {
    await this.db.update(articles).set({ publishCreatePending: pending }).where(eq(articles.id, id));
  }

  async forgetPost(id: number): Promise<void> {
    await this.db
      .update(articles)
      .set({
        wordpressPostId: null,
        wordpressPermalink: null,
        wordpressStatus: null,
        status: sql`case when ${articles.status} in ('published', 'scheduled') then 'draft' else ${articles.status} end`,
        updatedAt: new Date(),
      })
      .where(eq(articles.id, id));
  }

  async markWaiting(
    id: number,
    reason: ReviewReason,
    options: { releaseAt?: Date | null } = {},
    tx: Tx | Database = this.db,
  ): Promise<void> {
    const now = new Date();
    await tx
      .update(articles)
      .set({
        reviewReason: reason,
        // An article already waiting keeps its place in the queue (the oldest stays the oldest).
        reviewSince: sql`coalesce(${articles.reviewSince}, ${now.toISOString()}::timestamptz)`,
        releaseAt: options.releaseAt ?? null,
        updatedAt: now,
      })
      .where(eq(articles.id, id));
  }

  async claimRelease(id: number, now: Date): Promise<boolean> {
    // The release time goes with the claim: a second run (or a move) finds nothing due any more.
    const claimed = await this.db
      .update(articles)
      .set({ releaseAt: null, updatedAt: now })
      .where(and(eq(articles.id, id), eq(articles.reviewReason, 'delayed'), lte(articles.releaseAt, now)))
      .returning({ id: articles.id });
    return claimed.length > 0;
  }

  async clearWaiting(id: number, options: { note?: string | null } = {}, tx: Tx | Database = this.db): Promise<void> {
    await tx
      .update(articles)
      .set({
        reviewReason: null,
        reviewSince: null,
        releaseAt: null,
        ...(options.note !== undefined ? { reviewNote: options.note } : {}),
        updatedAt: new Date(),
      })
      .where(eq(articles.id, id));
  }

  async recordPublishFailure(id: number, reason: string): Promise<void> {
    await this.db
      .update(articles)
      .set({ failureReason: `Publishing failed: ${reason}`.slice(0, 2000), updatedAt: new Date() })
      .where(eq(articles.id, id));
  }

  async recordQualityReport(id: number, report: QualityReport): Promise<void> {
    await this.db.update(articles).set({ qualityReport: report }).where(eq(articles.id, id));
  }

  async recordFeaturedMedia(articleId: number, mediaId: number): Promise<void> {
    await this.db
      .update(articleImages)
      .set({ wordpressMediaId: mediaId })
      .where(eq(articleImages.articleId, articleId));
  }

  async recordPublished(id: number, post: PublishedPost): Promise<ArticleStatus> {
    const [row] = await this.db
      .update(articles)
      .set({
        wordpressPostId: post.postId,
        wordpressPermalink: post.permalink,
        wordpressStatus: post.postStatus,
        publishCreatePending: false,
        failureReason: null,
        status: post.nowPublished ? 'published' : post.status,
        ...(post.featuredImageUrl ? { featuredImageUrl: post.featuredImageUrl } : {}),
        ...(post.nowPublished ? { publishedAt: sql`coalesce(${articles.publishedAt}, now())` } : {}),
        // Live or scheduled on WordPress, by whatever path (the inbox, the editor, the release job):
        // nothing waits for the operator any more. A draft (a held article's preview) keeps its marks.
        ...(post.postStatus === 'publish' || post.postStatus === 'future'
          ? { reviewReason: null, reviewSince: null, releaseAt: null }
          : {}),
        updatedAt: new Date(),
      })
      .where(eq(articles.id, id))
      .returning({ status: articles.status });
    return row?.status ?? 'published';
  }

  // --- live checks ------------------------------------------------------------------------------

  async recordLiveCheck(
    id: number,
    verdict: { state: LiveState; reason: string | null },
    permalink?: string,
    wordpressStatus?: string,
  ): Promise<void> {
    const becamePublished = sql`${verdict.state === 'live'} and ${articles.status} = 'scheduled'`;
    await this.db
      .update(articles)
      .set({
        liveState: verdict.state,
        liveReason: verdict.reason,
        liveCheckedAt: new Date(),
        ...(permalink ? { wordpressPermalink: permalink } : {}),
        // Proven live: WordPress has it public now (a scheduled post whose time came); else what the check found there.
        ...(verdict.state === 'live' ? { wordpressStatus: 'publish' } : wordpressStatus ? { wordpressStatus } : {}),
        status: sql`case when ${becamePublished} then 'published' else ${articles.status} end`,
        publishedAt: sql`case when ${becamePublished} then coalesce(${articles.publishedAt}, now()) else ${articles.publishedAt} end`,
      })
      .where(eq(articles.id, id));
  }

  /**
   * Posts missing from the inventory are not judged here (a sync that stopped at a cap did not read
   * them all): LiveCheckRepository.absentPosts lists them for WordPress to be asked.
   */
  async flagVanishedPosts(siteId: number, syncStartedAt: Date): Promise<number> {
    const post = (alias: string) => sql.raw(alias);
    const inventoryOf = sql`select ${post('i.status')} from ${siteInventoryItems} i where i.site_id = ${articles.siteId} and i.kind = 'post' and i.wp_id = ${articles.wordpressPostId}`;
    const flagged = await this.db
      .update(articles)
      .set({
        liveState: 'not_live',
        liveReason: sql`'the post is now "' || (${inventoryOf}) || '" on WordPress (found by the content sync)'`,
        liveCheckedAt: new Date(),
        wordpressStatus: sql`(${inventoryOf})`,
      })
      .where(
        and(
          eq(articles.siteId, siteId),
          isNotNull(articles.wordpressPostId),
          // Sent (or changed) after the sync began reading: what it read of the post may be older.
          lt(articles.updatedAt, syncStartedAt),
          inArray(articles.liveState, ['live', 'scheduled']),
          sql`exists (${inventoryOf})`,
          sql`not exists (${inventoryOf} and i.status in ('publish', 'future'))`,
        ),
      )
      .returning({ id: articles.id });
    return flagged.length;
  }

  async recordPostGone(id: number, gone: 'trash' | 'deleted', reason: string): Promise<void> {
    await this.db
      .update(articles)
      .set({
        wordpressStatus: gone === 'trash' ? 'trash' : DELETED_POST_STATUS,
        liveState: 'not_live',
        liveReason: reason,
        liveCheckedAt: new Date(),
      })
      .where(eq(articles.id, id));
  }

  // --- content revisions, removals, site copies -------------------------------------------------

  async replaceContent<R extends ContentChangeReason>(
    id: number,
    reason: R,
    change: ContentChanges[R],
    tx: Tx | Database = this.db,
  ): Promise<void> {
    const allowed: readonly string[] = CHANGEABLE[reason];
    const extra = Object.keys(change).filter((field) => !allowed.includes(field));
    if (extra.length > 0) throw new Error(`replaceContent('${reason}') may not change ${extra.join(', ')}`);
    await tx
      .update(articles)
      .set({ ...change, updatedAt: new Date() })
      .where(eq(articles.id, id));
  }

  async discardFailed(ids: readonly number[], tx: Tx | Database = this.db): Promise<void> {
    if (ids.length === 0) return;
    await tx.delete(articles).where(and(inArray(articles.id, [...ids]), eq(articles.status, 'failed')));
  }

  async deleteArticles(ids: readonly number[], tx: Tx | Database = this.db): Promise<number> {
    if (ids.length === 0) return 0;
    return (
      await tx
        .delete(articles)
        .where(inArray(articles.id, [...ids]))
        .returning({ id: articles.id })
    ).length;
  }

  async renameSiteCopies(siteId: number, siteName: string, tx: Tx | Database = this.db): Promise<void> {
    await tx.update(articles).set({ siteName }).where(eq(articles.siteId, siteId));
  }

  async deleteSiteArticles(siteId: number, limit: number): Promise<number> {
    const batch = this.db.select({ id: articles.id }).from(articles).where(eq(articles.siteId, siteId)).limit(limit);
    const deleted = await this.db.delete(articles).where(inArray(articles.id, batch)).returning({ id: articles.id });
    return deleted.length;
  }

  async moveScheduledAt(id: number, at: Date, expected: Date): Promise<boolean> {
    const moved = await this.db
      .update(articles)
      .set({ scheduledAt: at, updatedAt: new Date() })
      .where(and(eq(articles.id, id), eq(articles.status, 'scheduled'), eq(articles.scheduledAt, expected)))
      .returning({ id: articles.id });
    return moved.length > 0;
  }

  async moveReleaseAt(id: number, at: Date, expected: Date): Promise<boolean> {
    const moved = await this.db
      .update(articles)
      .set({ releaseAt: at, updatedAt: new Date() })
      .where(and(eq(articles.id, id), eq(articles.reviewReason, 'delayed'), eq(articles.releaseAt, expected)))
      .returning({ id: articles.id });
    return moved.length > 0;
  }
}
