import { and, eq, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { articleImages, articles, DELETED_POST_STATUS, siteInventoryItems } from '../../db/schema/index.js';

/** What the publish path reads: the article, its image, similar titles and posts (the articles module writes: PublishRecords). */
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
        // Its last report: what the AI-tell rewrite did when it was written is carried into the next one.
        qualityReport: articles.qualityReport,
        metaDescription: articles.metaDescription,
        slug: articles.slug,
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

  async findImage(articleId: number) {
    const [row] = await this.db.select().from(articleImages).where(eq(articleImages.articleId, articleId)).limit(1);
    return row ?? null;
  }
}

export type LiveCheckArticleRow = NonNullable<Awaited<ReturnType<LiveCheckRepository['findForLiveCheck']>>>;

/** What the live checks of published posts read (the articles module stores the verdict: LiveCheckRecords). */
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
}

export type PublishArticleRow = NonNullable<Awaited<ReturnType<PublishingRepository['findArticle']>>>;
