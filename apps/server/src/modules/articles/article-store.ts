import type { ArticleStatus, GenerationLog, LiveState, QualityReport, ReviewReason } from '@abp/contracts';
import type { Database, Tx } from '../../db/client.js';
import type { articles } from '../../db/schema/index.js';

/**
 * What other modules may do to an article (issue #34: one owner per table write). The articles
 * module is the only one that writes `articles`, `article_images`, `generation_logs` and
 * `article_trend_sources` (a lint rule, eslint-rules/table-writes-by-owner.js, holds it); every
 * other module receives one of these interfaces through its constructor (container.ts) and calls
 * its named operations. `ArticleStore` (article-store.repository.ts) implements them all.
 */

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

/** Generation: a written (or failed) article, stored with its log, image and trend sources. */
export interface GeneratedArticles {
  /**
   * All or nothing. With an origin key, a failed article holding the key gives it up, and if a live
   * one holds it (two runs of one unit raced past their checks) that one's id is returned and
   * nothing is stored.
   */
  storeGenerated(record: GeneratedArticleRecord): Promise<number>;
}

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

/** Publishing: its lease, marker and create-pending flag on the article, and the outcome of a publish. */
export interface PublishRecords {
  /**
   * Takes the article's publish lease unless another publish holds a live one. A single UPDATE
   * with the condition in its WHERE is atomic on both drivers, across processes too.
   */
  acquirePublishLease(id: number, token: string, leaseMs: number): Promise<boolean>;
  renewPublishLease(id: number, token: string, leaseMs: number): Promise<void>;
  releasePublishLease(id: number, token: string): Promise<void>;
  /**
   * Frees every publish lease: at a start on the embedded database, which only one process can
   * open, each lease still held belongs to a publish that died with its process.
   */
  releaseAllPublishLeases(): Promise<number>;
  /** Keeps the marker chosen first: a later attempt must look for the same one. */
  assignPublishMarker(id: number, candidate: string): Promise<string>;
  setPublishCreatePending(id: number, pending: boolean): Promise<void>;
  /**
   * Stores the post and the article's new status in one statement, so "post id known", "no create
   * pending" and the status never disagree. The only place an article's status changes after a publish.
   */
  recordPublished(id: number, post: PublishedPost): Promise<ArticleStatus>;
  /** Why the last publish failed, kept on the article; its status stays as it was. */
  recordPublishFailure(id: number, reason: string): Promise<void>;
  recordQualityReport(id: number, report: QualityReport): Promise<void>;
  /** The WordPress media item the article's image was uploaded as. */
  recordFeaturedMedia(id: number, mediaId: number): Promise<void>;
  /** The post is gone from WordPress: the article is no longer published anywhere (a draft again). */
  forgetPost(id: number): Promise<void>;
}

/** Live checks: the verdict on a published post. */
export interface LiveCheckRecords {
  /**
   * Stores the verdict. A post found live that the article still had as scheduled (WordPress
   * published it at its time, or we did after a missed schedule) makes the article 'published'.
   */
  recordLiveCheck(
    id: number,
    verdict: { state: LiveState; reason: string | null },
    permalink?: string,
    wordpressStatus?: string,
  ): Promise<void>;
  /**
   * After a content sync of the site: articles whose post the site still has but no longer public
   * (a draft, pending or private now) are flagged as not live, with that status. Returns how many.
   */
  flagVanishedPosts(siteId: number, syncStartedAt: Date): Promise<number>;
  /** WordPress said the article's post is in its trash, or gone: its WordPress state says so, and it is not live. */
  recordPostGone(id: number, gone: 'trash' | 'deleted', reason: string): Promise<void>;
}

/**
 * Why stored content is replaced, and what each reason may change. Never the status (publishing
 * owns it) and never anything the reason does not name.
 */
export interface ContentChanges {
  /** The trend monitor appends the Sources section (the word count follows). */
  'trend sources': { content: string; wordCount: number };
  /** The SEO plan's title replaces the one the writer chose. */
  'seo plan title': { title: string };
  /** SEO optimisation: the meta description. */
  'seo meta description': { metaDescription: string };
  /** SEO optimisation: internal links placed, or their targets rewritten to the published permalinks. */
  'seo internal links': { content: string };
  /** SEO optimisation: the JSON-LD block added, renewed or taken out. */
  'seo schema markup': { content: string };
}
export type ContentChangeReason = keyof ContentChanges;

/** Other modules that rewrite an article's stored text (trends, the SEO suite). */
export interface ContentRevisions {
  replaceContent<R extends ContentChangeReason>(
    id: number,
    reason: R,
    change: ContentChanges[R],
    tx?: Tx | Database,
  ): Promise<void>;
}

/** Articles that go with their producer's records (the pipeline, the SEO suite). */
export interface ArticleRemovals {
  /** Only failed ones: a failed attempt's article that will be written again, or a requeued plan item's. */
  discardFailed(ids: readonly number[], tx?: Tx | Database): Promise<void>;
  /** Deletes the articles (their images, logs and trend sources go by foreign key); returns how many. */
  deleteArticles(ids: readonly number[], tx?: Tx | Database): Promise<number>;
}

/** The sites module: the site's name copied onto its articles, and its articles deleted with it. */
export interface SiteArticleCopies {
  /** The articles keep the site's name (site_name) when the site goes: refreshed to its current name. */
  renameSiteCopies(siteId: number, siteName: string, tx?: Tx | Database): Promise<void>;
  /**
   * Deletes up to `limit` of the site's articles (their images, logs and trend sources go with
   * them by foreign key); returns how many. Small batches keep each transaction short on a big site.
   */
  deleteSiteArticles(siteId: number, limit: number): Promise<number>;
}

/**
 * The Review inbox's marks on an article (issue #33): the pipeline puts an article in the inbox
 * (held, delayed, refused by the quality gate, stopped by a budget, drafted by an assistant); a
 * decision takes it out.
 */
export interface ReviewRecords {
  /** The article waits for the operator for this reason (a delayed one goes out at `releaseAt`). */
  markWaiting(
    id: number,
    reason: ReviewReason,
    options?: { releaseAt?: Date | null },
    tx?: Tx | Database,
  ): Promise<void>;
  /**
   * Takes a delayed article whose time has come for its release, if it still is one (the operator may
   * have held, rejected or moved it since the release job read it): true when this caller may publish it.
   */
  claimRelease(id: number, now: Date): Promise<boolean>;
  /** The article no longer waits (approved, rejected, released); `note` keeps the operator's words. */
  clearWaiting(id: number, options?: { note?: string | null }, tx?: Tx | Database): Promise<void>;
}

/**
 * The calendar's moves (issue #33): a scheduled article to another time, a delayed article's release
 * to another time. `expected` is the time read before: a move that lost a race with another change
 * (published, released, moved) changes nothing and answers false.
 */
export interface ScheduleMoves {
  moveScheduledAt(id: number, at: Date, expected: Date): Promise<boolean>;
  moveReleaseAt(id: number, at: Date, expected: Date): Promise<boolean>;
}
