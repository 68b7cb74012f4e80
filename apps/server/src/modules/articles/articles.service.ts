import {
  ARTICLE_ERROR_CODES,
  ARTICLE_MESSAGES,
  type Article,
  type ArticleDeleteResult,
  type ArticleListQuery,
  type ArticleListResponse,
  type ArticlePreview,
  type ArticleTrendSource,
  type ArticleUpdate,
  type ArticleUpdateResult,
  type GenerationLog,
  generationLogSchema,
  livePostConfirmation,
  UPDATE_LIVE_POST_FIELD,
  type UsageTotals,
} from '@abp/contracts';
import { AppError, badRequest, notFound } from '../../errors.js';
import { countWords, sanitizeArticleHtml } from '../../lib/html/index.js';
import { toPlainText } from '../../lib/plain-text.js';
import { tagPhrases } from '../../lib/text/tag-phrases.js';
import { toArticle, toArticleSummary, toTrendSource } from './article-dto.js';
import type { ArticleChanges, ArticleDetailRow, ArticlesRepository } from './articles.repository.js';

/** The site inventory's check of category ids (site-inventory/placement-check.ts): a 400 naming the unknown one. */
type CategoryCheck = (
  siteId: number,
  placement: { categoryIds: readonly number[]; authorId: number | null },
  fields: { categoryIds: string; authorId: string },
) => Promise<void>;

/** The Generated Articles screen's rules: list, read, edit, delete, trend sources, generation log. */
export class ArticlesService {
  constructor(
    private readonly repo: ArticlesRepository,
    private readonly now: () => Date = () => new Date(),
    /** What each article's model calls cost (the usage ledger). */
    private readonly usage?: { articleUsage(ids: readonly number[]): Promise<Map<number, UsageTotals>> },
    /**
     * Publishing: moves an article's post to the WordPress trash ('none' when it has none), and
     * updates its live post after a confirmed edit (the one publish path).
     */
    private readonly posts?: {
      trashPost(id: number): Promise<'trashed' | 'none'>;
      publishArticle(id: number, options: { byHand: boolean }): Promise<{ wordpress_permalink: string | null }>;
    },
    /** The site inventory's check of category ids: a category the site does not have is a 400. */
    private readonly placementCheck?: CategoryCheck,
  ) {}

  async list(query: ArticleListQuery): Promise<ArticleListResponse> {
    const filters = {
      siteId: query.site_id,
      status: query.status,
      sourceType: query.source_type,
      live: query.live,
      wordpressState: query.wordpress_state,
      search: query.q,
    };
    const [rows, total] = await Promise.all([
      this.repo.listPage(filters, query.limit, query.offset),
      this.repo.count(filters),
    ]);
    return { items: rows.map(toArticleSummary), total };
  }

  async get(id: number): Promise<Article> {
    const row = await this.findOrThrow(id);
    const usage = (await this.usage?.articleUsage([id]))?.get(id) ?? null;
    return toArticle(row, usage);
  }

  /**
   * An edit (title, content, status, scheduled_at, SEO fields, categories, tags) or a bulk status
   * change. Content is sanitised. An edit that changes what a live post shows needs
   * update_live_post (a 409 naming it otherwise, issue #37); with it, the post is updated on
   * WordPress through the publishing path once the edit is stored.
   */
  async update(id: number, body: ArticleUpdate): Promise<ArticleUpdateResult> {
    const current = await this.findOrThrow(id);
    const changes: ArticleChanges = {};
    if (body.title !== undefined) changes.title = editedTitle(body.title);
    if (body.content !== undefined) {
      changes.content = sanitizeArticleHtml(body.content);
      changes.wordCount = countWords(changes.content);
    }
    if (body.status !== undefined) changes.status = body.status;
    const schedule = this.scheduleChange(current, body);
    if (schedule !== undefined) changes.scheduledAt = schedule;
    if (body.meta_description !== undefined) changes.metaDescription = toPlainText(body.meta_description) || null;
    if (body.slug !== undefined) changes.slug = body.slug || null;
    if (body.focus_keyword !== undefined) changes.keywords = withFocusKeyword(current.keywords, body.focus_keyword);
    if (body.tags !== undefined) changes.tags = editedTags(body.tags);
    if (body.category_ids !== undefined) {
      changes.wpCategoryIds = [...new Set(body.category_ids)];
      if (current.siteId !== null && changes.wpCategoryIds.length > 0)
        await this.placementCheck?.(
          current.siteId,
          { categoryIds: changes.wpCategoryIds, authorId: null },
          { categoryIds: 'category_ids', authorId: 'author_id' },
        );
    }
    const updatesLivePost = this.changesLivePost(current, changes);
    if (updatesLivePost && body.update_live_post !== true)
      throw new AppError(
        ARTICLE_ERROR_CODES.livePostConfirmation,
        `${livePostConfirmation(current.currentSiteName ?? current.siteNameSnapshot)} Send ${UPDATE_LIVE_POST_FIELD}: true to save and update it.`,
        409,
        [{ field: UPDATE_LIVE_POST_FIELD, message: 'is required to change a live post' }],
      );
    if (!(await this.repo.update(id, changes))) throw notFound(ARTICLE_MESSAGES.notFound);
    const livePostUpdate = updatesLivePost ? await this.updateLivePost(id) : null;
    return { ...(await this.get(id)), live_post_update: livePostUpdate };
  }

  /** The preview: title and body as publishing sends them (the same sanitizer), nothing stored. */
  async preview(id: number, draft: { title: string; content: string }): Promise<ArticlePreview> {
    const current = await this.findOrThrow(id);
    return {
      title: toPlainText(draft.title),
      content: sanitizeArticleHtml(draft.content),
      featured_image_url: current.featuredImageUrl,
      site_name: current.currentSiteName ?? current.siteNameSnapshot,
    };
  }

  /**
   * Whether storing these changes would change what the article's live post shows: its post is
   * public on WordPress, the article stays published, and a field the post carries differs.
   */
  private changesLivePost(current: ArticleDetailRow, changes: ArticleChanges): boolean {
    if (current.wordpressPostId === null || current.wordpressStatus !== 'publish') return false;
    if ((changes.status ?? current.status) !== 'published') return false;
    const differs = <T>(next: T | undefined, now: T) =>
      next !== undefined && JSON.stringify(next) !== JSON.stringify(now);
    return (
      differs(changes.title, current.title) ||
      differs(changes.content, current.content) ||
      differs(changes.metaDescription, current.metaDescription) ||
      differs(changes.slug, current.slug) ||
      differs(changes.keywords?.[0], current.keywords[0]) ||
      differs(changes.wpCategoryIds, current.wpCategoryIds) ||
      differs(changes.tags, current.tags)
    );
  }

  /** The confirmed update of the live post; the edit is stored either way, so a refusal is reported, not thrown. */
  private async updateLivePost(id: number): Promise<ArticleUpdateResult['live_post_update']> {
    if (!this.posts) return { updated: false, message: 'Publishing is not available here', permalink: null };
    try {
      // Not "by hand": the post is live already, so the offline writer's "confirm before it goes
      // live" was answered when it went live; a severe quality finding still stops the update.
      const result = await this.posts.publishArticle(id, { byHand: false });
      return { updated: true, message: 'WordPress post updated', permalink: result.wordpress_permalink };
    } catch (error) {
      const message = error instanceof Error ? error.message : 'WordPress did not take the update';
      return { updated: false, message, permalink: null };
    }
  }

  /**
   * Deletes the article. Its WordPress post stays unless `trashPost` moves it to the WordPress trash
   * first (a refusal there keeps the article, so nothing is lost track of).
   */
  async delete(id: number, options: { trashPost?: boolean } = {}): Promise<ArticleDeleteResult> {
    const current = await this.repo.find(id);
    if (!current) throw notFound(ARTICLE_MESSAGES.notFound);
    const post =
      options.trashPost && this.posts
        ? await this.posts.trashPost(id)
        : current.wordpressPostId === null
          ? 'none'
          : 'kept';
    if (!(await this.repo.delete(id))) throw notFound(ARTICLE_MESSAGES.notFound);
    return { success: true, id, wordpress_post: post };
  }

  async trendSources(id: number): Promise<ArticleTrendSource[]> {
    if (!(await this.repo.exists(id))) throw notFound(ARTICLE_MESSAGES.notFound);
    return (await this.repo.trendSources(id)).map(toTrendSource);
  }

  async generationLog(articleId: number): Promise<GenerationLog> {
    const stored = await this.repo.generationLog(articleId);
    if (stored === null) throw notFound(ARTICLE_MESSAGES.noGenerationLog);
    const parsed = generationLogSchema.safeParse(stored);
    // Written by the engine with this schema; anything else is our bug, not the operator's.
    if (!parsed.success) throw new AppError('internal', 'Stored generation log has an unexpected shape', 500);
    return parsed.data;
  }

  /**
   * The new scheduled_at, or undefined to leave it. 'scheduled' needs a time in the future when
   * the schedule is being set (status or time in the body); other statuses carry no time.
   */
  private scheduleChange(current: ArticleDetailRow, body: ArticleUpdate): Date | null | undefined {
    const status = body.status ?? current.status;
    if (status !== 'scheduled') {
      if (body.scheduled_at) throw badRequest('scheduled_at', 'can only be set when status is scheduled');
      return current.scheduledAt === null ? undefined : null;
    }
    const touched = body.status !== undefined || body.scheduled_at !== undefined;
    if (!touched) return undefined;
    const when =
      body.scheduled_at === undefined
        ? current.scheduledAt
        : body.scheduled_at === null
          ? null
          : new Date(body.scheduled_at);
    if (!when) throw badRequest('scheduled_at', 'is required when status is scheduled');
    if (when.getTime() <= this.now().getTime())
      throw badRequest('scheduled_at', 'must be in the future when status is scheduled');
    return when;
  }

  private async findOrThrow(id: number): Promise<ArticleDetailRow> {
    const row = await this.repo.find(id);
    if (!row) throw notFound(ARTICLE_MESSAGES.notFound);
    return row;
  }
}

/** The focus keyword is the first keyword (what publishing gives the SEO plugin); an article without keywords has none to edit. */
function withFocusKeyword(keywords: readonly string[], focus: string): string[] {
  if (keywords.length === 0) throw badRequest('focus_keyword', 'this article has no keywords, so no focus keyword');
  const text = toPlainText(focus);
  if (!text) throw badRequest('focus_keyword', 'must not be empty');
  return [text, ...keywords.slice(1).filter((keyword) => keyword.toLowerCase() !== text.toLowerCase())];
}

/** Tags as publishing sends them: whole phrases, lower case; one that cannot be a tag is named. */
function editedTags(tags: readonly string[]): string[] {
  tags.forEach((tag, index) => {
    if (tagPhrases([tag]).length === 0)
      throw badRequest(`tags.${index}`, 'must be a phrase with letters (at most 40 characters, 5 words)');
  });
  return tagPhrases(tags);
}

/** A title is plain text: what was typed encoded ("&lt;b&gt;") is stored decoded and escaped on output. */
function editedTitle(title: string): string {
  const text = toPlainText(title);
  if (!text) throw badRequest('title', 'must not be empty');
  return text;
}
