import { and, arrayOverlaps, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { articleFingerprints, articles } from '../../db/schema/index.js';
import type { ContentFingerprint } from '../../lib/text/near-duplicate.js';

export interface FingerprintCandidate {
  articleId: number;
  title: string;
  siteId: number | null;
  siteName: string;
  permalink: string | null;
  signature: number[];
}

/** The stored fingerprints of published article bodies (near-duplicate detection). */
export class ContentFingerprintsRepository {
  constructor(private readonly db: Database) {}

  /** Articles on WordPress (any site) whose stored fingerprint shares an LSH band with these. */
  async candidates(excludeArticleId: number, bands: readonly number[], limit = 50): Promise<FingerprintCandidate[]> {
    return this.db
      .select({
        articleId: articles.id,
        title: articles.title,
        siteId: articles.siteId,
        siteName: articles.siteName,
        permalink: articles.wordpressPermalink,
        signature: articleFingerprints.signature,
      })
      .from(articleFingerprints)
      .innerJoin(articles, eq(articles.id, articleFingerprints.articleId))
      .where(and(arrayOverlaps(articleFingerprints.bands, [...bands]), ne(articles.id, excludeArticleId), isNotNull(articles.wordpressPostId)))
      .limit(limit);
  }

  async save(articleId: number, fingerprint: ContentFingerprint): Promise<void> {
    const values = { signature: fingerprint.signature, bands: fingerprint.bands, computedAt: new Date() };
    await this.db
      .insert(articleFingerprints)
      .values({ articleId, ...values })
      .onConflictDoUpdate({ target: articleFingerprints.articleId, set: values });
  }

  /** Published articles stored before fingerprints existed (or whose store failed). */
  async withoutFingerprint(limit: number): Promise<Array<{ id: number; content: string }>> {
    return this.db
      .select({ id: articles.id, content: articles.content })
      .from(articles)
      .where(and(isNotNull(articles.wordpressPostId), sql`not exists (select 1 from ${articleFingerprints} where ${articleFingerprints.articleId} = ${articles.id})`))
      .orderBy(articles.id)
      .limit(limit);
  }
}
