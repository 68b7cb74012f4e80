import { randomBytes } from 'node:crypto';
import type { ArticlePublishResult, ArticleStatus } from '@abp/contracts';
import { ARTICLE_MESSAGES } from '@abp/contracts';
import {
  PublishInProgressError,
  QualityGateBlockedError,
  SiteUnavailableError,
  WordPressStepError,
} from '../../domain-errors.js';
import { badRequest, notFound } from '../../errors.js';
import { isWordPressError, type SeoFields, type WpPost } from '../../integrations/wordpress/index.js';
import { specBadRequest } from '../../lib/article-id.js';
import type { PublishRecords } from '../articles/article-store.js';
import type { DuplicateContentCheck } from './duplicate-content.js';
import { FeaturedImages } from './featured-image.js';
import { ensureTags } from './post-tags.js';
import { createdMessage, PostWriter } from './post-writer.js';
import { labelWordPressError, wordpressStep } from './publish-errors.js';
import { type HeldLease, PublishLease } from './publish-lease.js';
import { type PublishOptions, statusToSend } from './publish-options.js';
import { PublishQualityCheck, type SamenessLookup } from './publish-quality.js';
import type { PublishArticleRow, PublishingRepository } from './publishing.repository.js';
import { SeoFieldsCache } from './seo-fields-cache.js';
import type { SiteConnections } from './site-connections.js';
import type { PublishSiteJudgements } from './site-judgements.js';
import { buildPostInput, wordpressStatusFor } from './wordpress-post-input.js';

export interface PublishingDependencies {
  /** What the publish path reads (the article, its image, titles and posts of its site). */
  repo: PublishingRepository;
  /** The article's publish lease, marker and outcome are written by the articles module. */
  store: PublishRecords;
  sites: SiteConnections;
  /** Near-duplicate bodies on this and the operator's other sites; without it the gate skips that rule. */
  duplicates?: DuplicateContentCheck | null;
  /** Site knowledge (issue #32): the post that covers an article's subject, the category nearest it. */
  judgements?: PublishSiteJudgements | null;
  /** The site's recent posts an article is made alike (issue #33): a warning in its report; without it the gate skips that rule. */
  sameness?: SamenessLookup | null;
  /** Told of every post WordPress accepted (the live check queues itself there). A failure there never fails the publish. */
  onPublished?: (articleId: number, post: WpPost) => Promise<void>;
  now?: () => Date;
}

/**
 * The one place that publishes an article to WordPress and the one owner of an article's status
 * after a publish: the publish route, manual generation, bulk jobs, the scheduler, the trend
 * monitor and the SEO suite all call publishArticle(), with the status they want. A facade over
 * the concerns of a publish, each in its own file: the lease (publish-lease.ts), the quality gate's
 * verdict (publish-quality.ts), the featured image (featured-image.ts), tags (post-tags.ts), the
 * SEO plugin's fields (seo-fields-cache.ts) and the post's create, update or recovery
 * (post-writer.ts).
 *
 * The rule for a failed publish, the same for every producer: the article keeps the status it had
 * (a freshly written article stays a draft, so its Publish action is offered again) and its
 * failure reason says what went wrong; the producer's own record (bulk item, scheduler slot,
 * trend run, SEO results) says it too. A successful publish clears the reason.
 *
 * Idempotent: the post id is stored with the article and later publishes update that post; a lost
 * create answer is recovered by the article's marker (post-writer.ts). A per-article lease lets
 * only one publish run at a time, across processes.
 */
export class PublishingService {
  private readonly repo: PublishingRepository;
  private readonly store: PublishRecords;
  private readonly sites: SiteConnections;
  private readonly duplicates: DuplicateContentCheck | null;
  private readonly judgements: PublishSiteJudgements | null;
  private readonly onPublished: ((articleId: number, post: WpPost) => Promise<void>) | null;
  private readonly now: () => Date;
  private readonly lease: PublishLease;
  private readonly quality: PublishQualityCheck;
  private readonly images: FeaturedImages;
  private readonly posts: PostWriter;
  private readonly seoFields: SeoFieldsCache;

  constructor(deps: PublishingDependencies) {
    this.repo = deps.repo;
    this.store = deps.store;
    this.sites = deps.sites;
    this.duplicates = deps.duplicates ?? null;
    this.onPublished = deps.onPublished ?? null;
    this.now = deps.now ?? (() => new Date());
    this.lease = new PublishLease(this.store);
    this.judgements = deps.judgements ?? null;
    this.quality = new PublishQualityCheck(this.repo, this.store, this.duplicates, this.judgements, deps.sameness);
    this.images = new FeaturedImages(this.repo, this.store);
    this.posts = new PostWriter(this.store);
    this.seoFields = new SeoFieldsCache(this.now);
  }

  /** At a start on the embedded database: the publishes of the process that died hold no lease any more. */
  releaseLeasesOfDeadProcess(): Promise<number> {
    return this.lease.releaseAllOfDeadProcess();
  }

  async publishArticle(articleId: number, options: PublishOptions = {}): Promise<ArticlePublishResult> {
    const held = await this.lease.hold(articleId, async (lease) => {
      try {
        return await this.publishUnderLease(articleId, lease, options);
      } catch (error) {
        // Why the last publish failed stays on the article; its status does not change.
        if (error instanceof WordPressStepError || error instanceof QualityGateBlockedError) {
          await this.store.recordPublishFailure(articleId, error.message).catch(() => undefined);
        }
        throw error;
      }
    });
    if (held) return held.value;
    if (!(await this.repo.findArticle(articleId))) throw notFound(ARTICLE_MESSAGES.notFound);
    throw new PublishInProgressError();
  }

  private async publishUnderLease(
    articleId: number,
    lease: HeldLease,
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
    const report = await this.quality.check(article, siteId, options.force === true, demo);
    const client = await wordpressStep('connection', () => this.sites.getClientForSite(siteId));
    const marker = await this.store.assignPublishMarker(
      articleId,
      `abp-article-${articleId}-${randomBytes(4).toString('hex')}`,
    );
    const image = await this.images.ensure(client, article, marker);
    const tagIds = await wordpressStep('tags', () => ensureTags(client, article.addTags ? article.tags : []));
    const seoFields = await this.seoFields.of(siteId, client);
    await lease.renew();
    const extras = { marker, tagIds, featuredMediaId: image?.mediaId ?? null, now: this.now(), seoFields };
    const placed = await this.withCategoryFromContent(article, siteId);
    const { post, action } = await this.posts.createOrUpdate(client, placed, marker, (existingPost) =>
      buildPostInput(placed, wpStatus, { ...extras, existingPost }),
    );
    const articleStatus = await this.store.recordPublished(articleId, {
      status: targetStatus,
      postId: post.id,
      permalink: post.link || null,
      nowPublished: post.status === 'publish',
      postStatus: post.status,
      ...(image?.url ? { featuredImageUrl: image.url } : {}),
    });
    if (image) await this.images.attach(client, image, post.id);
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
    this.seoFields.remember(siteId, fields);
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

  /**
   * Categories left automatic (neither the article nor its site's configuration names one): a new
   * post goes in the category whose posts are nearest its content (site knowledge), one the site
   * already has, never a new one; with no confident answer WordPress' default stays. A post already
   * on WordPress keeps the categories it has there.
   */
  private async withCategoryFromContent(article: PublishArticleRow, siteId: number): Promise<PublishArticleRow> {
    if (!this.judgements || article.wpCategoryIds.length > 0 || article.wordpressPostId !== null) return article;
    const choice = await this.judgements
      .bestCategory(siteId, { title: article.title, html: article.content })
      .catch(() => ({ categoryId: null }));
    return choice.categoryId === null ? article : { ...article, wpCategoryIds: [choice.categoryId] };
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
}
