import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { articles, siteInventoryItems } from '../../db/schema/index.js';

/** A recent post of a site as the sameness check reads it. */
export interface RecentPost {
  /** "article:<id>" or "post:<wp id>". */
  key: string;
  title: string;
  link: string | null;
  /** The app's article: its HTML. */
  html: string | null;
  /** An inventory post: its headings (one per line) and plain body text. */
  headings: string | null;
  body: string | null;
  wordCount: number | null;
  at: Date | null;
  /** The WordPress post it is (an app article that was published), to not count it twice. */
  wpId: number | null;
}

/** The inventory keeps at most this many characters of a post's body: a body that long was cut, its length unknown. */
const INVENTORY_BODY_MAX = 20_000;

export class SamenessRepository {
  constructor(private readonly db: Database) {}

  /** The site's newest articles written by the app (not failed), `exceptId` left out. */
  async recentArticles(siteId: number, limit: number, exceptId?: number): Promise<RecentPost[]> {
    const rows = await this.db
      .select({
        id: articles.id,
        title: articles.title,
        content: articles.content,
        wordCount: articles.wordCount,
        link: articles.wordpressPermalink,
        wpId: articles.wordpressPostId,
        at: articles.createdAt,
      })
      .from(articles)
      .where(
        and(
          eq(articles.siteId, siteId),
          ne(articles.status, 'failed'),
          ne(articles.content, ''),
          ...(exceptId ? [ne(articles.id, exceptId)] : []),
        ),
      )
      .orderBy(desc(articles.createdAt), desc(articles.id))
      .limit(limit);
    return rows.map((row) => ({
      key: `article:${row.id}`,
      title: row.title,
      link: row.link,
      html: row.content,
      headings: null,
      body: null,
      wordCount: row.wordCount,
      at: row.at,
      wpId: row.wpId,
    }));
  }

  /** The site's newest WordPress posts from its content inventory. */
  async recentInventoryPosts(siteId: number, limit: number): Promise<RecentPost[]> {
    const rows = await this.db
      .select({
        wpId: siteInventoryItems.wpId,
        title: siteInventoryItems.title,
        link: siteInventoryItems.link,
        headings: siteInventoryItems.headings,
        body: siteInventoryItems.body,
        at: siteInventoryItems.publishedAt,
      })
      .from(siteInventoryItems)
      .where(and(eq(siteInventoryItems.siteId, siteId), eq(siteInventoryItems.kind, 'post')))
      .orderBy(sql`${siteInventoryItems.publishedAt} DESC NULLS LAST`, desc(siteInventoryItems.wpId))
      .limit(limit);
    return rows.map((row) => ({
      key: `post:${row.wpId}`,
      title: row.title,
      link: row.link,
      html: null,
      headings: row.headings,
      body: row.body,
      wordCount: row.body.length >= INVENTORY_BODY_MAX - 100 ? null : row.body.split(/\s+/).filter(Boolean).length,
      at: row.at,
      wpId: row.wpId,
    }));
  }
}
