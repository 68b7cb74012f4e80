import { and, count, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import {
  articles,
  seoKeywords,
  seoPages,
  seoProjectArticles,
  seoProjectLogs,
  seoProjects,
} from '../../../db/schema/index.js';
import type { ArticleRemovals } from '../../articles/article-store.js';

export interface ProjectFootprint {
  seo_project_articles: number;
  generated_articles: number;
  seo_project_logs: number;
  keyword_research: number;
  seo_pages: number;
  wordpress_posts: number;
  wordpress_pages: number;
  wordpress_media: number;
}

export class DeletionRepository {
  constructor(
    private readonly db: Database,
    /** The articles module deletes the project's articles (in the project's transaction). */
    private readonly articleStore: Pick<ArticleRemovals, 'deleteArticles'>,
  ) {}

  async footprint(projectId: number): Promise<ProjectFootprint> {
    const n = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0;
    const linked = and(eq(seoProjectArticles.projectId, projectId), isNotNull(seoProjectArticles.articleId));
    return {
      seo_project_articles: await n(
        this.db.select({ n: count() }).from(seoProjectArticles).where(eq(seoProjectArticles.projectId, projectId)),
      ),
      generated_articles: await n(this.db.select({ n: count() }).from(seoProjectArticles).where(linked)),
      seo_project_logs: await n(
        this.db.select({ n: count() }).from(seoProjectLogs).where(eq(seoProjectLogs.projectId, projectId)),
      ),
      keyword_research: await n(
        this.db.select({ n: count() }).from(seoKeywords).where(eq(seoKeywords.projectId, projectId)),
      ),
      seo_pages: await n(this.db.select({ n: count() }).from(seoPages).where(eq(seoPages.projectId, projectId))),
      wordpress_posts: await n(
        this.db
          .select({ n: count() })
          .from(seoProjectArticles)
          .innerJoin(articles, eq(articles.id, seoProjectArticles.articleId))
          .where(and(eq(seoProjectArticles.projectId, projectId), isNotNull(articles.wordpressPostId))),
      ),
      wordpress_pages: await n(
        this.db
          .select({ n: count() })
          .from(seoPages)
          .where(and(eq(seoPages.projectId, projectId), isNotNull(seoPages.wordpressPageId))),
      ),
      wordpress_media: await n(
        this.db
          .select({ n: count() })
          .from(seoProjectArticles)
          .innerJoin(articles, eq(articles.id, seoProjectArticles.articleId))
          .where(
            and(
              eq(seoProjectArticles.projectId, projectId),
              isNotNull(articles.wordpressPostId),
              isNotNull(articles.featuredImageUrl),
            ),
          ),
      ),
    };
  }

  /** The project's articles that exist in WordPress. */
  wordpressPosts(projectId: number): Promise<{ articleId: number; postId: number }[]> {
    return this.db
      .select({ articleId: articles.id, postId: sql<number>`${articles.wordpressPostId}` })
      .from(seoProjectArticles)
      .innerJoin(articles, eq(articles.id, seoProjectArticles.articleId))
      .where(and(eq(seoProjectArticles.projectId, projectId), isNotNull(articles.wordpressPostId)));
  }

  wordpressPages(projectId: number): Promise<{ pageId: number; wpId: number }[]> {
    return this.db
      .select({ pageId: seoPages.id, wpId: sql<number>`${seoPages.wordpressPageId}` })
      .from(seoPages)
      .where(and(eq(seoPages.projectId, projectId), isNotNull(seoPages.wordpressPageId)));
  }

  async forgetPage(pageId: number): Promise<void> {
    await this.db
      .update(seoPages)
      .set({ wordpressPageId: null, wordpressPermalink: null, status: 'generated' })
      .where(eq(seoPages.id, pageId));
  }

  /** Deletes the project (its keywords, outline, pages, plan and log go with it) and, if asked, its articles. */
  async deleteProject(projectId: number, withArticles: boolean): Promise<{ deleted: boolean; articles: number }> {
    return this.db.transaction(async (tx) => {
      let deletedArticles = 0;
      if (withArticles) {
        const linked = await tx
          .select({ id: seoProjectArticles.articleId })
          .from(seoProjectArticles)
          .where(and(eq(seoProjectArticles.projectId, projectId), isNotNull(seoProjectArticles.articleId)));
        const ids = linked.map((r) => r.id).filter((id): id is number => id !== null);
        deletedArticles = await this.articleStore.deleteArticles(ids, tx);
      }
      const rows = await tx.delete(seoProjects).where(eq(seoProjects.id, projectId)).returning({ id: seoProjects.id });
      return { deleted: rows.length > 0, articles: deletedArticles };
    });
  }
}
