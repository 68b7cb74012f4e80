import type { ArticleStatus, LiveState, QualityReport } from '@abp/contracts';
import { and, eq, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { articleImages, articles, DELETED_POST_STATUS, siteInventoryItems } from '../../db/schema/index.js';

export interface PublishedPost {
  /** The article's status now that WordPress has the post (publish made it public: 'published'). */
  status: ArticleStatus;
  postId: number;
  permalink: string | null;
  /** Set when WordPress made the post public (status publish). */
  nowPublished: boolean;
  /** The post's status as WordPress answered it (publish, future, pending, draft). */
  postStatus: string;
  featuredImageUrl?: string;
}

/** Queries of the publish path: the article, its lease, marker, image and the stored outcome. */
export class PublishingRepository {
  constructor(private readonly db: Database) {}

  async findArticle(id: number) {
    const [row] = await this.db
      .select({
        id: articles.id,
        title: articles.title,
        content: articles.content,
        status: articles.status,
        siteId: articles.siteId,
        keywords: articles.keywords,
        tags: articles.tags,
        writtenOffline: articles.writtenOffline,
        metaDescription: articles.metaDescription,
        targetWordCount: articles.targetWordCount,
        scheduledAt: articles.scheduledAt,
        publishedAt: articles.publishedAt,
        wordpressPostId: articles.wordpressPostId,
        publishMarker: articles.publishMarker,
        publishCreatePending: articles.publishCreatePending,
        // The article's own choice, else its site's blog configuration's (the scheduler, trend
        // monitor, SEO suite and bulk jobs write for the site and take its configuration's).
        // Table names written out: drizzle leaves columns unqualified here, and inside the subquery an
        // unqualified site_id would be the configuration's own.
        wpCategoryIds: sql<
          number[]
        >`case when jsonb_array_length("articles"."wp_category_ids") > 0 then "articles"."wp_category_ids"
          else coalesce((select bc.wp_category_ids from blog_configs bc where bc.site_id = "articles"."site_id"), '[]'::jsonb) end`,
        wpAuthorId: sql<
          number | null
        >`coalesce("articles"."wp_author_id", (select bc.wp_author_id from blog_configs bc where bc.site_id = "articles"."site_id"))`,
        // The site's blog configuration may turn tags off for every post of the site.
        addTags: sql<boolean>`coalesce((select bc.add_tags from blog_configs bc where bc.site_id = "articles"."site_id"), true)`,
      })
      .from(articles)
      .where(eq(articles.id, id))
      .limit(1);
    return row ?? null;
  }

  /**
   * Takes the article's publish lease unless another publish holds a live one. A single UPDATE
   * with the condition in its WHERE is atomic on both drivers, across processes too.
   */
  async acquireLease(id: number, token: string, leaseMs: number): Promise<boolean> {
    const rows = await this.db
      .update(articles)
      .set({ publishLockToken: token, publishLockExpiresAt: sql`now() + ${leaseMs} * interval '1 millisecond'` })
      .where(
        and(eq(articles.id, id), or(isNull(articles.publishLockToken), lt(articles.publishLockExpiresAt, sql`now()`))),
      )
      .returning({ id: articles.id });
    return rows.length === 1;
  }

  async renewLease(id: number, token: string, leaseMs: number): Promise<void> {
    await this.db
      .update(articles)
      .set({ publishLockExpiresAt: sql`now() + ${leaseMs} * interval '1 millisecond'` })
      .where(and(eq(articles.id, id), eq(articles.publishLockToken, token)));
  }

  /**
   * Frees every publish lease: at a start on the embedded database, which only one process can
   * open, each lease still held belongs to a publish that died with its process.
   */
  async releaseAllLeases(): Promise<number> {
    const rows = await this.db
      .update(articles)
      .set({ publishLockToken: null, publishLockExpiresAt: null })
      .where(isNotNull(articles.publishLockToken))
      .returning({ id: articles.id });
    return rows.length;
  }

  async releaseLease(id: number, token: string): Promise<void> {
    await this.db
      .update(articles)
      .set({ publishLockToken: null, publishLockExpiresAt: null })
      .where(and(eq(articles.id, id), eq(articles.publishLockToken, token)));
  }

  /** Keeps the marker chosen first: a later attempt must look for the same one. */
  async assignMarker(id: number, candidate: string): Promise<string> {
    const [row] = await this.db
      .update(articles)
      .set({ publishMarker: sql`coalesce(${articles.publishMarker}, ${candidate})` })
      .where(eq(articles.id, id))
      .returning({ marker: articles.publishMarker });
    return row?.marker ?? candidate;
  }

  async setCreatePending(id: number, pending: boolean): Promise<void> {
    await this.db.update(articles).set({ publishCreatePending: pending }).where(eq(articles.id, id));
  }

  /**
   * Titles of the site's other articles that may equal this one once punctuation and case are
   * ignored (the quality gate makes the exact comparison); avoids loading every title of the site.
   */
  async similarTitlesOnSite(siteId: number, excludeId: number, title: string): Promise<string[]> {
    const normalised = (value: unknown) => sql`btrim(regexp_replace(lower(${value}), '[^[:alnum:]]+', ' ', 'g'))`;
    const rows = await this.db
      .select({ title: articles.title })
      .from(articles)
      .where(
        and(
          eq(articles.siteId, siteId),
          ne(articles.id, excludeId),
          sql`${normalised(articles.title)} = ${normalised(title)}`,
        ),
      )
      .limit(20);
    return rows.map((row) => row.title);
  }

  /**
   * Posts the site already has (its content inventory) titled as one of the phrases (the article's
   * title, its primary keyword) once punctuation and case are ignored, or with the slug WordPress
   * would give one of them; the article's own post excepted.
   */
  async postsOnSiteLike(
    siteId: number,
    phrases: readonly string[],
    ownPostId: number | null,
  ): Promise<Array<{ title: string; link: string }>> {
    const normalised = (value: unknown) => sql`btrim(regexp_replace(lower(${value}), '[^[:alnum:]]+', ' ', 'g'))`;
    const slugOf = (phrase: string) => sql`btrim(regexp_replace(lower(${phrase}), '[^[:alnum:]]+', '-', 'g'), '-')`;
    const matches = phrases
      .filter((phrase) => phrase.trim() !== '')
      .flatMap((phrase) => [
        sql`${normalised(siteInventoryItems.title)} = ${normalised(phrase)}`,
        sql`${siteInventoryItems.slug} = ${slugOf(phrase)}`,
      ]);
    return this.db
      .select({ title: siteInventoryItems.title, link: siteInventoryItems.link })
      .from(siteInventoryItems)
      .where(
        and(
          eq(siteInventoryItems.siteId, siteId),
          eq(siteInventoryItems.kind, 'post'),
          ownPostId === null ? undefined : ne(siteInventoryItems.wpId, ownPostId),
          or(...matches),
        ),
      )
      .limit(5);
  }

  /** The post is gone from WordPress: the article is no longer published anywhere (a draft again). */
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

  /** Why the last publish failed, kept on the article; its status stays as it was. */
  async recordPublishFailure(id: number, reason: string): Promise<void> {
    await this.db
      .update(articles)
      .set({ failureReason: `Publishing failed: ${reason}`.slice(0, 2000), updatedAt: new Date() })
      .where(eq(articles.id, id));
  }

  async saveQualityReport(id: number, report: QualityReport): Promise<void> {
    await this.db.update(articles).set({ qualityReport: report }).where(eq(articles.id, id));
  }

  async findImage(articleId: number) {
    const [row] = await this.db.select().from(articleImages).where(eq(articleImages.articleId, articleId)).limit(1);
    return row ?? null;
  }

  async setImageMediaId(articleId: number, mediaId: number): Promise<void> {
    await this.db
      .update(articleImages)
      .set({ wordpressMediaId: mediaId })
      .where(eq(articleImages.articleId, articleId));
  }

  /**
   * Stores the post and the article's new status in one statement, so "post id known", "no create
   * pending" and the status never disagree. The only place an article's status changes after a publish.
   */
  async storePublished(id: number, post: PublishedPost): Promise<ArticleStatus> {
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
        updatedAt: new Date(),
      })
      .where(eq(articles.id, id))
      .returning({ status: articles.status });
    return row?.status ?? 'published';
  }
}

export type LiveCheckArticleRow = NonNullable<Awaited<ReturnType<LiveCheckRepository['findForLiveCheck']>>>;

/** The live checks of published posts: what they read of the article, and where they store the verdict. */
export class LiveCheckRepository {
  constructor(private readonly db: Database) {}

  async findForLiveCheck(id: number) {
    const [row] = await this.db
      .select({
        id: articles.id,
        title: articles.title,
        status: articles.status,
        siteId: articles.siteId,
        wordpressPostId: articles.wordpressPostId,
        publishMarker: articles.publishMarker,
        imageMediaId: articleImages.wordpressMediaId,
      })
      .from(articles)
      .leftJoin(articleImages, eq(articleImages.articleId, articles.id))
      .where(eq(articles.id, id))
      .limit(1);
    return row ?? null;
  }

  /**
   * Stores the verdict. A post found live that the article still had as scheduled (WordPress
   * published it at its time, or we did after a missed schedule) makes the article 'published'.
   */
  async storeLiveCheck(
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
   * After a content sync of the site: articles whose post the site still has but no longer public
   * (a draft, pending or private now) are flagged as not live, with that status. Returns how many.
   * Posts missing from the inventory are not judged here (a sync that stopped at a cap did not read
   * them all): `absentPosts` lists them for WordPress to be asked.
   */
  async flagVanishedPosts(siteId: number): Promise<number> {
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
          inArray(articles.liveState, ['live', 'scheduled']),
          sql`exists (${inventoryOf})`,
          sql`not exists (${inventoryOf} and i.status in ('publish', 'future'))`,
        ),
      )
      .returning({ id: articles.id });
    return flagged.length;
  }

  /**
   * Articles of the site whose post the content inventory does not have, and that are not known
   * to be trashed or deleted yet: deleted or trashed on WordPress, or merely not read (a capped
   * sync). At most `limit`, the most recently published first.
   */
  absentPosts(siteId: number, limit: number): Promise<Array<{ id: number; postId: number }>> {
    return this.db
      .select({ id: articles.id, postId: sql<number>`${articles.wordpressPostId}` })
      .from(articles)
      .where(
        and(
          eq(articles.siteId, siteId),
          isNotNull(articles.wordpressPostId),
          or(
            isNull(articles.wordpressStatus),
            sql`${articles.wordpressStatus} not in ('trash', ${DELETED_POST_STATUS})`,
          ),
          sql`not exists (select 1 from ${siteInventoryItems} i where i.site_id = ${siteId} and i.kind = 'post' and i.wp_id = ${articles.wordpressPostId})`,
        ),
      )
      .orderBy(sql`${articles.publishedAt} desc nulls last`, sql`${articles.id} desc`)
      .limit(limit);
  }

  /** WordPress said the article's post is in its trash, or gone: its WordPress state says so, and it is not live. */
  async storePostGone(id: number, gone: 'trash' | 'deleted', reason: string): Promise<void> {
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
}

export type PublishArticleRow = NonNullable<Awaited<ReturnType<PublishingRepository['findArticle']>>>;
