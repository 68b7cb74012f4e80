import { randomBytes, randomUUID } from 'node:crypto';
import {
  ARTICLE_MESSAGES,
  type ArticlePublishResult,
  type ArticleStatus,
  type PublishSendAs,
  type QualityReport,
} from '@abp/contracts';
import {
  PublishInProgressError,
  QualityGateBlockedError,
  SiteUnavailableError,
  WordPressStepError,
} from '../../domain-errors.js';
import { badRequest, notFound } from '../../errors.js';
import {
  type ContentInput,
  isWordPressError,
  type SeoFields,
  type WordPressClient,
  type WpPost,
} from '../../integrations/wordpress/index.js';
import { specBadRequest } from '../../lib/article-id.js';
import { toPlainText } from '../../lib/plain-text.js';
import { tagPhrases } from '../../lib/text/tag-phrases.js';
import type { PublishRecords } from '../articles/article-store.js';
import { runQualityGate } from '../quality-gate/index.js';
import type { DuplicateContentCheck } from './duplicate-content.js';
import { labelWordPressError, wordpressStep } from './publish-errors.js';
import type { PublishArticleRow, PublishingRepository } from './publishing.repository.js';
import type { SiteConnections } from './site-connections.js';
import { buildPostInput, wordpressStatusFor } from './wordpress-post-input.js';

/** A status an article can be published with (a failed article is never pushed). */
export type PublishableStatus = Exclude<ArticleStatus, 'failed'>;

export interface PublishOptions {
  /**
   * The status the article should have once WordPress has the post (it decides the post's status).
   * Set only when the push succeeds: a failed publish leaves the article's status as it was.
   * Without it, the article's current status is used (the Articles screen's Publish).
   */
  status?: PublishableStatus;
  /** Publish even when the quality gate blocks (the producer's declared policy; the report stays on the article). */
  force?: boolean;
  /** The site the caller believes the article belongs to; must match the article's. */
  siteId?: number | null;
  /**
   * The operator publishes it by hand (the Articles screen): an article written by the offline
   * writer then needs `force` to go live, like a blocking quality finding ("Publish anyway?").
   * Producers publish by their declared policy; their reports carry the finding as a warning.
   */
  byHand?: boolean;
  /**
   * Without `status`: 'published' (the Articles screen's Publish) makes the post live, or schedules
   * it for a scheduled article; 'draft' sends it without making it live (a review article as
   * pending). Absent: the article's current status decides (issue #17: Publish publishes).
   */
  sendAs?: PublishSendAs;
}

/** The status a publish gives the article when the caller did not name one. */
function statusToSend(current: ArticleStatus, sendAs: PublishSendAs | undefined): ArticleStatus {
  if (current === 'failed' || sendAs === undefined) return current;
  if (sendAs === 'draft') return current === 'review' ? 'review' : 'draft';
  return current === 'scheduled' ? 'scheduled' : 'published';
}

const SEO_FIELDS_TTL_MS = 60 * 60_000;

// Renewed before each slow step; a publish whose process died frees the article after this.
const LEASE_MS = 5 * 60_000;

type PostOutcome = { post: WpPost; action: ArticlePublishResult['action'] };

/**
 * The one place that publishes an article to WordPress and the one owner of an article's status
 * after a publish: the publish route, manual generation, bulk jobs, the scheduler, the trend
 * monitor and the SEO suite all call publishArticle(), with the status they want.
 *
 * The rule for a failed publish, the same for every producer: the article keeps the status it had
 * (a freshly written article stays a draft, so its Publish action is offered again) and its
 * failure reason says what went wrong; the producer's own record (bulk item, scheduler slot,
 * trend run, SEO results) says it too. A successful publish clears the reason.
 *
 * Idempotent: the post id is stored with the article and later publishes update that post. Before
 * a create is sent the article is flagged "create pending"; if the answer is lost (timeout, reset,
 * crash), the next attempt finds the post by the article's marker instead of creating another.
 * A per-article lease lets only one publish run at a time, across processes.
 */
/**
 * The image is uploaded before the post exists, so it is attached afterwards; otherwise the media
 * library lists it as "Unattached". The post is already stored and live by then, so a failure only
 * leaves the item unattached, and the next publish of the article attaches it again.
 */
async function attachImage(client: WordPressClient, mediaId: number, postId: number): Promise<void> {
  await client.media.attach(mediaId, postId).catch(() => undefined);
}

interface FeaturedImage {
  mediaId: number;
  url: string | null;
  /** The post the media item is attached to, when known. */
  attachedTo: number | null;
}

export class PublishingService {
  private readonly seoFieldsCache = new Map<number, { at: number; fields: SeoFields | null }>();
  /** Told of every post WordPress accepted (the live check queues itself here). A failure here never fails the publish. */
  onPublished: ((articleId: number, post: WpPost) => Promise<void>) | null = null;

  constructor(
    private readonly repo: PublishingRepository,
    /** The article's publish lease, marker and outcome are written by the articles module. */
    private readonly store: PublishRecords,
    private readonly sites: SiteConnections,
    private readonly now: () => Date = () => new Date(),
    /** Near-duplicate bodies on this and the operator's other sites; without it the gate skips that rule. */
    private readonly duplicates: DuplicateContentCheck | null = null,
  ) {}

  /** At a start on the embedded database: the publishes of the process that died hold no lease any more. */
  releaseLeasesOfDeadProcess(): Promise<number> {
    return this.store.releaseAllPublishLeases();
  }

  async publishArticle(articleId: number, options: PublishOptions = {}): Promise<ArticlePublishResult> {
    const lease = randomUUID();
    if (!(await this.store.acquirePublishLease(articleId, lease, LEASE_MS))) {
      if (!(await this.repo.findArticle(articleId))) throw notFound(ARTICLE_MESSAGES.notFound);
      throw new PublishInProgressError();
    }
    try {
      return await this.publishUnderLease(articleId, lease, options);
    } catch (error) {
      // Why the last publish failed stays on the article; its status does not change.
      if (error instanceof WordPressStepError || error instanceof QualityGateBlockedError) {
        await this.store.recordPublishFailure(articleId, error.message).catch(() => undefined);
      }
      throw error;
    } finally {
      await this.store.releasePublishLease(articleId, lease);
    }
  }

  private async publishUnderLease(
    articleId: number,
    lease: string,
    options: PublishOptions,
  ): Promise<ArticlePublishResult> {
    // Read under the lease: a publish that finished a moment ago has stored its post id by now.
    const article = await this.repo.findArticle(articleId);
    if (!article) throw notFound(ARTICLE_MESSAGES.notFound);
    const siteId = await this.checkSite(article, options.siteId ?? null);
    const targetStatus: ArticleStatus =
      article.status === 'failed' ? 'failed' : (options.status ?? statusToSend(article.status, options.sendAs));
    const wpStatus = wordpressStatusFor(targetStatus);
    if (!wpStatus)
      throw badRequest(
        'status',
        'a failed article cannot be published: edit it and choose draft, review, published or scheduled first',
      );
    if (wpStatus === 'future' && !article.scheduledAt)
      throw badRequest('scheduled_at', 'is required to publish a scheduled article');
    const demo = article.writtenOffline
      ? options.byHand && (wpStatus === 'publish' || wpStatus === 'future')
        ? 'confirm'
        : 'note'
      : null;
    const report = await this.checkQuality(article, siteId, options.force === true, demo);
    const client = await wordpressStep('connection', () => this.sites.getClientForSite(siteId));
    const marker = await this.store.assignPublishMarker(
      articleId,
      `abp-article-${articleId}-${randomBytes(4).toString('hex')}`,
    );
    const image = await this.ensureFeaturedImage(client, article, marker);
    const tagIds = await wordpressStep('tags', () => this.ensureTags(client, article.addTags ? article.tags : []));
    const seoFields = await this.seoFieldsOf(siteId, client);
    await this.store.renewPublishLease(articleId, lease, LEASE_MS);
    const extras = { marker, tagIds, featuredMediaId: image?.mediaId ?? null, now: this.now(), seoFields };
    const { post, action } = await this.createOrUpdate(client, article, marker, (existingPost) =>
      buildPostInput(article, wpStatus, { ...extras, existingPost }),
    );
    const articleStatus = await this.store.recordPublished(articleId, {
      status: targetStatus,
      postId: post.id,
      permalink: post.link || null,
      nowPublished: post.status === 'publish',
      postStatus: post.status,
      ...(image?.url ? { featuredImageUrl: image.url } : {}),
    });
    if (image && image.attachedTo !== post.id) await attachImage(client, image.mediaId, post.id);
    // Only after WordPress has it: a body that never went out must not block its own next attempt.
    await this.duplicates?.remember(articleId, article.content).catch(() => undefined);
    await this.onPublished?.(articleId, post).catch(() => undefined);
    return {
      success: true,
      message: action === 'created' ? createdMessage(post.status) : 'WordPress post updated',
      article_id: articleId,
      site_id: siteId,
      action,
      wordpress_post_id: post.id,
      wordpress_permalink: post.link || null,
      wordpress_status: post.status,
      article_status: articleStatus,
      featured_media_id: image?.mediaId ?? null,
      tag_ids: tagIds,
      forced: options.force === true && report.blocking,
      quality_report: report,
    };
  }

  /**
   * What an enhanced connection test just found (null: it found nothing to go by, or the site
   * changed): publishing uses it from now on instead of an answer up to an hour old, so the first
   * article after a plugin change gets the plugin's fields.
   */
  rememberSeoFields(siteId: number, fields: SeoFields | null): void {
    if (fields) this.seoFieldsCache.set(siteId, { at: this.now().getTime(), fields });
    else this.seoFieldsCache.delete(siteId);
  }

  /**
   * Which SEO plugin fields the site accepts over REST, asked once an hour per site (and renewed by
   * each enhanced connection test). An unanswered
   * question counts as none: the excerpt carries the meta description, as on a site without one.
   */
  private async seoFieldsOf(siteId: number, client: WordPressClient): Promise<SeoFields | null> {
    const cached = this.seoFieldsCache.get(siteId);
    if (cached && this.now().getTime() - cached.at < SEO_FIELDS_TTL_MS) return cached.fields;
    const fields = await client.seoFields().catch(() => null);
    this.seoFieldsCache.set(siteId, { at: this.now().getTime(), fields });
    return fields;
  }

  /**
   * Moves the article's WordPress post to the WordPress trash (deleting an article with its post).
   * 'none' when it has no post; a post already gone counts as trashed; a refusal is a 424.
   */
  async trashPost(articleId: number): Promise<'trashed' | 'none'> {
    const article = await this.repo.findArticle(articleId);
    if (!article) throw notFound(ARTICLE_MESSAGES.notFound);
    if (article.wordpressPostId === null || article.siteId === null) return 'none';
    const client = await wordpressStep('connection', () => this.sites.getClientForSite(article.siteId!));
    try {
      await client.posts.delete(article.wordpressPostId, { force: false });
    } catch (error) {
      // Gone, or already in the trash (trashed on WordPress): either way what was asked is done.
      const done = isWordPressError(error) && (error.kind === 'not_found' || error.wpCode === 'rest_already_trashed');
      if (!done) throw labelWordPressError(error, 'post trash');
    }
    await this.store.forgetPost(articleId);
    return 'trashed';
  }

  /** The article's post was deleted from WordPress (the SEO suite's delete): it is a draft again, with no post. */
  async forgetPost(articleId: number): Promise<void> {
    await this.store.forgetPost(articleId);
  }

  private async checkSite(article: PublishArticleRow, requested: number | null): Promise<number> {
    if (article.siteId === null) throw specBadRequest('site_id', ARTICLE_MESSAGES.noSite);
    if (requested !== null && requested !== article.siteId)
      throw specBadRequest('site_id', ARTICLE_MESSAGES.invalidSite);
    try {
      await this.sites.requireActiveSite(article.siteId);
    } catch (error) {
      if (error instanceof SiteUnavailableError && error.reason === 'missing')
        throw specBadRequest('site_id', ARTICLE_MESSAGES.invalidSite);
      throw error; // inactive or being deleted: the Sites module's own error says which
    }
    return article.siteId;
  }

  private async checkQuality(
    article: PublishArticleRow,
    siteId: number,
    force: boolean,
    writtenOffline: 'note' | 'confirm' | null,
  ): Promise<QualityReport> {
    const [otherTitlesOnSite, existingPostsOnSite, duplicateBodies] = await Promise.all([
      this.repo.similarTitlesOnSite(siteId, article.id, article.title),
      // What the live site already has (as of its last content sync): never a second post on the same subject unless forced.
      this.repo.postsOnSiteLike(siteId, [article.title, article.keywords[0] ?? ''], article.wordpressPostId),
      // The same text already published here or on another of the operator's sites.
      this.duplicates?.find({ id: article.id, siteId, content: article.content }),
    ]);
    const report = runQualityGate(
      { title: article.title, content: article.content },
      {
        otherTitlesOnSite,
        existingPostsOnSite,
        ...(duplicateBodies ? { duplicateBodies } : {}),
        ...(article.targetWordCount ? { targetWordCount: article.targetWordCount } : {}),
        ...(writtenOffline ? { writtenOffline } : {}),
      },
    );
    await this.store.recordQualityReport(article.id, report);
    if (report.blocking && !force) throw new QualityGateBlockedError(report);
    return report;
  }

  private async createOrUpdate(
    client: WordPressClient,
    article: PublishArticleRow,
    marker: string,
    input: (existingPost: boolean) => ContentInput,
  ): Promise<PostOutcome> {
    if (article.wordpressPostId !== null) {
      try {
        return { post: await client.posts.update(article.wordpressPostId, input(true)), action: 'updated' };
      } catch (error) {
        // Deleted on WordPress since: publishing again makes a new post (below). One in the
        // WordPress trash is updated like any other, which takes it out of the trash (same post,
        // same address: WordPress gives back its slug).
        if (!(isWordPressError(error) && error.kind === 'not_found')) throw labelWordPressError(error, 'post update');
      }
    }
    if (article.publishCreatePending) {
      const found = await wordpressStep('post lookup', () => client.posts.findByMarker(marker));
      if (found)
        return {
          post: await wordpressStep('post update', () => client.posts.update(found.id, input(true))),
          action: 'recovered',
        };
    }
    await this.store.setPublishCreatePending(article.id, true);
    try {
      return { post: await client.posts.create(input(false)), action: 'created' };
    } catch (error) {
      // Only a refusal proves nothing was created; after a timeout or a 5xx the flag stays for the next attempt.
      const refused = isWordPressError(error) && !error.outcomeUnknown && error.status !== null && error.status < 500;
      if (refused) await this.store.setPublishCreatePending(article.id, false);
      throw labelWordPressError(error, 'post create');
    }
  }

  /**
   * Uploads the article's image once; later publishes reuse the media item while it exists. The
   * file is named after the article's publish marker, so an item uploaded by an attempt that died
   * before recording it (a crash, a lost answer) is found by its slug and used, not left behind
   * unattached while another is uploaded.
   */
  private async ensureFeaturedImage(
    client: WordPressClient,
    article: PublishArticleRow,
    marker: string,
  ): Promise<FeaturedImage | null> {
    const image = await this.repo.findImage(article.id);
    if (!image) return null;
    if (image.wordpressMediaId !== null) {
      try {
        const media = await client.media.get(image.wordpressMediaId);
        return { mediaId: media.id, url: media.source_url, attachedTo: media.post ?? null };
      } catch (error) {
        if (!(isWordPressError(error) && error.kind === 'not_found'))
          throw labelWordPressError(error, 'featured image');
      }
    }
    const earlier = await wordpressStep('featured image lookup', () => client.media.findBySlug(marker));
    if (earlier) {
      await this.store.recordFeaturedMedia(article.id, earlier.id);
      return { mediaId: earlier.id, url: earlier.source_url, attachedTo: earlier.post ?? null };
    }
    const media = await wordpressStep('featured image upload', () =>
      client.media.upload({
        data: Buffer.from(image.png, 'base64'),
        filename: `${marker}.png`,
        mimeType: 'image/png',
        // Plain text; the client escapes alt and title for WordPress.
        altText: toPlainText(image.altText || article.title),
        title: toPlainText(article.title),
      }),
    );
    await this.store.recordFeaturedMedia(article.id, media.id);
    return { mediaId: media.id, url: media.source_url, attachedTo: null };
  }

  /**
   * The article's tags (whole phrases, at most 5) as WordPress terms: a tag the site already has
   * under the same name (ignoring case) is used as it is; only a new one is created.
   */
  private async ensureTags(client: WordPressClient, tags: readonly string[]): Promise<number[]> {
    const ids: number[] = [];
    for (const name of tagPhrases(tags)) {
      const existing = (await client.tags.list({ search: name, perPage: 20, maxPages: 1 })).find(
        (term) => toPlainText(term.name).toLowerCase() === name,
      );
      const id = existing ? existing.id : (await client.tags.getOrCreate(name)).term.id;
      if (!ids.includes(id)) ids.push(id);
    }
    return ids;
  }
}

/** Says what WordPress now has: a draft pushed as a draft must not read as "published". */
function createdMessage(wordpressStatus: string): string {
  switch (wordpressStatus) {
    case 'publish':
      return 'Article published to WordPress';
    case 'future':
      return 'Article scheduled on WordPress';
    case 'pending':
      return 'Article sent to WordPress for review';
    case 'draft':
      return 'Article saved to WordPress as a draft';
    default:
      return `Article sent to WordPress (status ${wordpressStatus})`;
  }
}
