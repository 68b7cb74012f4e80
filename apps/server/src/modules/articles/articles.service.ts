import {
  ARTICLE_MESSAGES,
  type Article,
  type ArticleDeleteResult,
  type ArticleListQuery,
  type ArticleListResponse,
  type ArticleTrendSource,
  type ArticleUpdate,
  type GenerationLog,
  generationLogSchema,
  type UsageTotals,
} from '@abp/contracts';
import { AppError, badRequest, notFound } from '../../errors.js';
import { countWords, sanitizeArticleHtml } from '../../lib/html/index.js';
import { toPlainText } from '../../lib/plain-text.js';
import { toArticle, toArticleSummary, toTrendSource } from './article-dto.js';
import type { ArticleChanges, ArticleDetailRow, ArticlesRepository } from './articles.repository.js';

/** The Generated Articles screen's rules: list, read, edit, delete, trend sources, generation log. */
export class ArticlesService {
  constructor(
    private readonly repo: ArticlesRepository,
    private readonly now: () => Date = () => new Date(),
    /** What each article's model calls cost (the usage ledger). */
    private readonly usage?: { articleUsage(ids: readonly number[]): Promise<Map<number, UsageTotals>> },
    /** Publishing: moves an article's post to the WordPress trash ('none' when it has none). */
    private readonly posts?: { trashPost(id: number): Promise<'trashed' | 'none'> },
  ) {}

  async list(query: ArticleListQuery): Promise<ArticleListResponse> {
    const filters = {
      siteId: query.site_id,
      status: query.status,
      sourceType: query.source_type,
      live: query.live,
      wordpressState: query.wordpress_state,
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

  /** An edit (title, content, status, scheduled_at) or a bulk status change. Content is sanitised. */
  async update(id: number, body: ArticleUpdate): Promise<Article> {
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
    if (!(await this.repo.update(id, changes))) throw notFound(ARTICLE_MESSAGES.notFound);
    return this.get(id);
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

/** A title is plain text: what was typed encoded ("&lt;b&gt;") is stored decoded and escaped on output. */
function editedTitle(title: string): string {
  const text = toPlainText(title);
  if (!text) throw badRequest('title', 'must not be empty');
  return text;
}
