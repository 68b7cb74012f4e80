import type { GenerationLog } from '@abp/contracts';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { articleImages, articles, articleTrendSources, generationLogs } from '../../db/schema/index.js';

type ArticleInsert = typeof articles.$inferInsert;

export interface StoredImage {
  png: Buffer;
  alt: string;
  filename: string;
}

export interface StoredTrendSource {
  topic: string;
  description: string;
  publishedDate: Date | null;
  trendUrl: string | null;
}

export interface GeneratedArticleRecord {
  article: Omit<ArticleInsert, 'id' | 'createdAt' | 'updatedAt' | 'hasSources'>;
  log: GenerationLog;
  image: StoredImage | null;
  trendSources: StoredTrendSource[];
}

/** An article an earlier run of the same unit of work already wrote (see articles.origin_key). */
export interface ReusableArticle {
  id: number;
  title: string;
  content: string;
  wordCount: number;
  attempts: number;
  refusalRecovered: boolean;
  refusalMatches: string[];
}

/** A title in SQL as the quality gate compares titles: lower case, runs of anything but letters and digits as one space. */
const normalisedTitle = (value: unknown) => sql`btrim(regexp_replace(lower(${value}), '[^[:alnum:]]+', ' ', 'g'))`;

/** Stores what one generation produced: the article with its log, image and trend sources, all or nothing. */
export class GenerationRepository {
  constructor(private readonly db: Database) {}

  /** The article stored under `originKey`, unless it has failed since (then it is no use). */
  async findReusable(originKey: string): Promise<ReusableArticle | null> {
    const [row] = await this.db
      .select({
        id: articles.id,
        title: articles.title,
        content: articles.content,
        wordCount: articles.wordCount,
        attempts: articles.attempts,
        refusalRecovered: articles.refusalRecovered,
        refusalMatches: articles.refusalMatches,
      })
      .from(articles)
      .where(and(eq(articles.originKey, originKey), ne(articles.status, 'failed')))
      .limit(1);
    return row ?? null;
  }

  /**
   * With an origin key, a failed article holding the key gives it up, and if a live one holds it
   * (two runs of one unit raced past their checks) that one's id is returned and nothing is stored.
   */
  async store(record: GeneratedArticleRecord): Promise<number> {
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

  /**
   * Titles on the site that mention the topic (as whole words, case and punctuation ignored),
   * newest first: the ones a new article on the topic is most likely to repeat. Failed articles
   * count, as they do for the publishing gate.
   */
  async titlesOnSiteAbout(siteId: number, topic: string, limit = 1000): Promise<string[]> {
    const padded = (value: unknown) => sql`' ' || ${normalisedTitle(value)} || ' '`;
    const rows = await this.db
      .select({ title: articles.title })
      .from(articles)
      .where(and(eq(articles.siteId, siteId), sql`strpos(${padded(articles.title)}, ${padded(topic)}) > 0`))
      .orderBy(desc(articles.id))
      .limit(limit);
    return [...new Set(rows.map((row) => row.title))];
  }

  /** Whether any article on the site, failed ones included (as for the publishing gate), has this title. */
  async isTitleInUse(siteId: number, title: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: articles.id })
      .from(articles)
      .where(and(eq(articles.siteId, siteId), sql`${normalisedTitle(articles.title)} = ${normalisedTitle(title)}`))
      .limit(1);
    return row !== undefined;
  }

  /** Titles on the site equal to `title` once case and punctuation are ignored (the duplicate check). */
  async sameTitlesOnSite(siteId: number, title: string): Promise<string[]> {
    const rows = await this.db
      .select({ title: articles.title })
      .from(articles)
      .where(
        and(
          eq(articles.siteId, siteId),
          sql`${articles.status} <> 'failed'`,
          sql`${normalisedTitle(articles.title)} = ${normalisedTitle(title)}`,
        ),
      )
      .limit(20);
    return rows.map((row) => row.title);
  }
}
