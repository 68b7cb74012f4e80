import { and, inArray, isNotNull, sql } from 'drizzle-orm';
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

  /**
   * Articles on WordPress (any site) whose stored fingerprint shares an LSH band with these. Two
   * index-driven steps: the planner joins the GIN lookup with a scan of all articles otherwise
   * (it guesses 1.5 % of rows match), and with a LIMIT it skips the GIN index altogether.
   */
  async candidates(excludeArticleId: number, bands: readonly number[]): Promise<FingerprintCandidate[]> {
    // The keys as one bigint[] literal: the GIN index serves `bigint[] && bigint[]` only.
    const keys = `{${bands.map((b) => Math.trunc(b)).join(',')}}`;
    const matches = await this.db
      .select({ articleId: articleFingerprints.articleId, signature: articleFingerprints.signature })
      .from(articleFingerprints)
      .where(sql`${articleFingerprints.bands} && ${keys}::bigint[]`);
    const ids = matches.map((m) => m.articleId).filter((id) => id !== excludeArticleId);
    if (ids.length === 0) return [];
    const rows = await this.db
      .select({
        articleId: articles.id,
        title: articles.title,
        siteId: articles.siteId,
        siteName: articles.siteName,
        permalink: articles.wordpressPermalink,
      })
      .from(articles)
      .where(and(inArray(articles.id, ids), isNotNull(articles.wordpressPostId)));
    const signatures = new Map(matches.map((m) => [m.articleId, m.signature]));
    return rows.map((row) => ({ ...row, signature: signatures.get(row.articleId)! }));
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
      .where(
        and(
          isNotNull(articles.wordpressPostId),
          sql`not exists (select 1 from ${articleFingerprints} where ${articleFingerprints.articleId} = ${articles.id})`,
        ),
      )
      .orderBy(articles.id)
      .limit(limit);
  }
}
