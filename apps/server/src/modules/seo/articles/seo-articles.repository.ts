import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { type ArticleStatus, articles, seoProjectArticles } from '../../../db/schema/index.js';

export type SeoArticleRow = typeof seoProjectArticles.$inferSelect;
export type NewSeoArticleRow = Omit<typeof seoProjectArticles.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** A drizzle transaction on either driver. */
import type { Tx } from '../../../db/client.js';
import type {
  ArticleRemovals,
  ContentChangeReason,
  ContentChanges,
  ContentRevisions,
} from '../../articles/article-store.js';

export type { Tx };

/** A planned article with the stored article's fields the SEO suite reads and edits. */
export interface ProjectArticle extends SeoArticleRow {
  article: {
    status: ArticleStatus;
    content: string;
    wordCount: number;
    writtenOffline: boolean;
    wordpressPostId: number | null;
    wordpressPermalink: string | null;
    featuredImageUrl: string | null;
    publishedAt: Date | null;
    createdAt: Date;
    updatedAt: Date;
  } | null;
}

export class SeoArticlesRepository {
  constructor(
    private readonly db: Database,
    /** The articles module: the plan's changes to its articles, and the failed ones a requeue drops. */
    private readonly articleStore: ContentRevisions & Pick<ArticleRemovals, 'discardFailed'>,
  ) {}

  async list(projectId: number, ids?: number[]): Promise<ProjectArticle[]> {
    const where = ids
      ? and(eq(seoProjectArticles.projectId, projectId), inArray(seoProjectArticles.id, ids))
      : eq(seoProjectArticles.projectId, projectId);
    const rows = await this.db
      .select({
        item: seoProjectArticles,
        status: articles.status,
        content: articles.content,
        wordCount: articles.wordCount,
        writtenOffline: articles.writtenOffline,
        wordpressPostId: articles.wordpressPostId,
        wordpressPermalink: articles.wordpressPermalink,
        featuredImageUrl: articles.featuredImageUrl,
        publishedAt: articles.publishedAt,
        createdAt: articles.createdAt,
        updatedAt: articles.updatedAt,
      })
      .from(seoProjectArticles)
      .leftJoin(articles, eq(articles.id, seoProjectArticles.articleId))
      .where(where)
      .orderBy(asc(seoProjectArticles.id));
    return rows.map(
      ({
        item,
        status,
        content,
        wordCount,
        writtenOffline,
        wordpressPostId,
        wordpressPermalink,
        featuredImageUrl,
        publishedAt,
        createdAt,
        updatedAt,
      }) => ({
        ...item,
        article:
          status === null || content === null || createdAt === null || updatedAt === null
            ? null
            : {
                status,
                content,
                wordCount: wordCount ?? 0,
                writtenOffline: writtenOffline ?? false,
                wordpressPostId,
                wordpressPermalink,
                featuredImageUrl,
                publishedAt,
                createdAt,
                updatedAt,
              },
      }),
    );
  }

  /** The project a planned article belongs to, read on the caller's transaction. */
  async projectOf(id: number, tx: Tx): Promise<number | null> {
    const [row] = await tx
      .select({ projectId: seoProjectArticles.projectId })
      .from(seoProjectArticles)
      .where(eq(seoProjectArticles.id, id))
      .limit(1);
    return row?.projectId ?? null;
  }

  async find(id: number): Promise<SeoArticleRow | null> {
    const [row] = await this.db.select().from(seoProjectArticles).where(eq(seoProjectArticles.id, id)).limit(1);
    return row ?? null;
  }

  insert(tx: Tx, rows: NewSeoArticleRow[]): Promise<SeoArticleRow[]> {
    if (rows.length === 0) return Promise.resolve([]);
    return tx.insert(seoProjectArticles).values(rows).returning();
  }

  /** Puts failed or cancelled items back in the queue; their failed article records go. */
  async requeue(tx: Tx, ids: number[], wordCount: number): Promise<SeoArticleRow[]> {
    if (ids.length === 0) return [];
    const old = await tx
      .select({ articleId: seoProjectArticles.articleId })
      .from(seoProjectArticles)
      .where(inArray(seoProjectArticles.id, ids));
    const rows = await tx
      .update(seoProjectArticles)
      .set({ generationStatus: 'queued', error: null, articleId: null, wordCount, updatedAt: new Date() })
      .where(inArray(seoProjectArticles.id, ids))
      .returning();
    const failedArticles = old.map((o) => o.articleId).filter((id): id is number => id !== null);
    await this.articleStore.discardFailed(failedArticles, tx);
    return rows;
  }

  transaction<T>(run: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(run);
  }

  /** Takes a queued item (or one left 'generating' by a run that died) for writing. */
  async claim(id: number): Promise<SeoArticleRow | null> {
    const [row] = await this.db
      .update(seoProjectArticles)
      .set({ generationStatus: 'generating', updatedAt: new Date() })
      .where(and(eq(seoProjectArticles.id, id), inArray(seoProjectArticles.generationStatus, ['queued', 'generating'])))
      .returning();
    return row ?? null;
  }

  /** Links the written article; false when the item was deleted or cancelled meanwhile. */
  async finish(
    id: number,
    outcome: { articleId: number; status: 'generated' | 'failed'; error: string | null },
    tx: Tx | Database = this.db,
  ): Promise<boolean> {
    const rows = await tx
      .update(seoProjectArticles)
      .set({
        articleId: outcome.articleId,
        generationStatus: outcome.status,
        error: outcome.error,
        updatedAt: new Date(),
      })
      .where(and(eq(seoProjectArticles.id, id), eq(seoProjectArticles.generationStatus, 'generating')))
      .returning({ id: seoProjectArticles.id });
    return rows.length > 0;
  }

  async fail(id: number, error: string, tx: Tx | Database = this.db): Promise<void> {
    await tx
      .update(seoProjectArticles)
      .set({ generationStatus: 'failed', error, updatedAt: new Date() })
      .where(
        and(eq(seoProjectArticles.id, id), inArray(seoProjectArticles.generationStatus, ['queued', 'generating'])),
      );
  }

  /** Stops what has not been written yet (force delete); running writers find their item gone. */
  async cancelActive(projectId: number): Promise<void> {
    await this.db
      .update(seoProjectArticles)
      .set({ generationStatus: 'cancelled', updatedAt: new Date() })
      .where(
        and(
          eq(seoProjectArticles.projectId, projectId),
          inArray(seoProjectArticles.generationStatus, ['queued', 'generating']),
        ),
      );
  }

  async counts(
    projectId: number,
    tx: Tx | Database = this.db,
  ): Promise<{ total: number; generated: number; active: number; failed: number }> {
    const [row] = await tx
      .select({
        total: sql<number>`count(*)::int`,
        generated: sql<number>`count(*) filter (where ${seoProjectArticles.generationStatus} = 'generated')::int`,
        active: sql<number>`count(*) filter (where ${seoProjectArticles.generationStatus} in ('queued', 'generating'))::int`,
        failed: sql<number>`count(*) filter (where ${seoProjectArticles.generationStatus} = 'failed')::int`,
      })
      .from(seoProjectArticles)
      .where(eq(seoProjectArticles.projectId, projectId));
    return row ?? { total: 0, generated: 0, active: 0, failed: 0 };
  }

  async update(id: number, changes: Partial<NewSeoArticleRow>): Promise<void> {
    await this.db
      .update(seoProjectArticles)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(seoProjectArticles.id, id));
  }

  /**
   * An SEO step replaces the article's title, text or meta description (the articles module writes
   * it; the reason says which fields it may change). Never the status: publishing owns it.
   */
  reviseArticle<R extends ContentChangeReason>(
    articleId: number,
    reason: R,
    change: ContentChanges[R],
    tx?: Tx | Database,
  ): Promise<void> {
    return this.articleStore.replaceContent(articleId, reason, change, tx);
  }

  async articleWordCount(articleId: number | null): Promise<number | null> {
    if (articleId === null) return null;
    const [row] = await this.db
      .select({ words: articles.wordCount })
      .from(articles)
      .where(eq(articles.id, articleId))
      .limit(1);
    return row?.words ?? null;
  }
}
