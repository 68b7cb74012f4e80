import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { articles } from '../../db/schema/index.js';

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

/** What generation reads of the stored articles (the articles module stores them: GeneratedArticles). */
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
