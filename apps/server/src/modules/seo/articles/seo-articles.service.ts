import type { GenerateArticlesBulkResponse, generateArticlesBulkRequestSchema, SeoArticle } from '@abp/contracts';
import type { z } from 'zod';
import { SiteUnavailableError } from '../../../domain-errors.js';
import { badRequest } from '../../../errors.js';
import { toPlainText } from '../../../lib/plain-text.js';
import type { ArticlePipeline } from '../../article-pipeline/article-pipeline.module.js';
import type { OutlineService } from '../outline/outline.service.js';
import type { ProjectsService } from '../projects/projects.service.js';
import type { SeoSites } from '../shared/ports.js';
import { seoArticleUnit } from './article-consumer.js';
import { toSeoArticleDto } from './seo-article-dto.js';
import type { NewSeoArticleRow, SeoArticlesRepository } from './seo-articles.repository.js';

type BulkRequest = z.output<typeof generateArticlesBulkRequestSchema>;

export class SeoArticlesService {
  constructor(
    private readonly repo: SeoArticlesRepository,
    private readonly outlines: OutlineService,
    private readonly projects: ProjectsService,
    private readonly sites: SeoSites,
    private readonly pipeline: Pick<ArticlePipeline, 'enqueue' | 'queue'>,
    /** A 409 naming the budget when the run's estimate would cross one and is not confirmed (issue #37). */
    private readonly budgetConfirm?: (
      request: { articles: number; word_count: number; site_id: number },
      confirmed: boolean | undefined,
    ) => Promise<void>,
  ) {}

  async list(projectId: number): Promise<SeoArticle[]> {
    await this.projects.require(projectId);
    return (await this.repo.list(projectId)).map(toSeoArticleDto);
  }

  /**
   * Queues one durable job per planned article (2,500 words by default). Titles already written or
   * queued are skipped, failed ones are queued again: pressing the button twice never doubles work.
   */
  async startBulk(request: BulkRequest): Promise<GenerateArticlesBulkResponse> {
    const project = await this.projects.require(request.project_id, 'project_id');
    if (project.siteId !== request.site_id)
      throw badRequest('site_id', `must be the project's site (${project.siteId ?? 'none'})`);
    await this.activeSite(request.site_id);
    if (!(await this.outlines.current(project.id)))
      throw badRequest('outline', 'article generation needs a content outline: generate the outline first');

    const existing = await this.repo.list(project.id);
    const byTitle = new Map(existing.map((row) => [row.title.toLowerCase(), row]));
    const fresh: NewSeoArticleRow[] = [];
    const retry: number[] = [];
    let skipped = 0;
    const seen = new Set<string>();
    for (const planned of request.articles) {
      // The planned title becomes the article's title: plain text from here on.
      const item = {
        ...planned,
        title: toPlainText(planned.title),
        pillar_parent: toPlainText(planned.pillar_parent),
        target_keywords: planned.target_keywords.map(toPlainText).filter(Boolean),
        h2_headings: planned.h2_headings.map(toPlainText).filter(Boolean),
      };
      if (!item.title) throw badRequest('articles.title', 'must not be empty');
      const key = item.title.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      const known = byTitle.get(key);
      if (known && (known.generationStatus === 'failed' || known.generationStatus === 'cancelled'))
        retry.push(known.id);
      else if (known) skipped++;
      else {
        fresh.push({
          projectId: project.id,
          articleType: item.content_type === 'pillar' ? 'pillar' : 'cluster',
          contentType: item.content_type,
          title: item.title,
          pillarParent: item.pillar_parent,
          targetKeywords: item.target_keywords,
          h2Headings: item.h2_headings,
          wordCount: request.word_count,
        });
      }
    }
    const toWrite = fresh.length + retry.length;
    if (toWrite > 0)
      await this.budgetConfirm?.(
        { articles: toWrite, word_count: request.word_count, site_id: request.site_id },
        request.confirm_budget,
      );
    await this.pipeline.queue.prepare();
    const queuedIds = await this.repo.transaction(async (tx) => {
      const inserted = await this.repo.insert(tx, fresh);
      const requeued = await this.repo.requeue(tx, retry, request.word_count);
      const rows = [...inserted, ...requeued];
      // An item becomes queued and its article a unit of the pipeline, atomically.
      for (const row of rows) await this.pipeline.enqueue(tx, seoArticleUnit(row, request.site_id));
      return rows.map((row) => row.id);
    });
    const counts = await this.repo.counts(project.id);
    await this.projects.setPlannedArticles(project.id, Math.max(project.totalArticlesPlanned, counts.total));
    if (queuedIds.length > 0) {
      await this.projects.advance(project.id, 2, (counts.generated / Math.max(1, counts.total)) * 100);
      await this.projects.log(project.id, {
        phase: 2,
        step: 'article_generation',
        status: 'info',
        message: `Queued ${queuedIds.length} articles of ${request.word_count} words for writing`,
        details: { success_count: queuedIds.length, skipped },
      });
    }
    return {
      success: true,
      queued: queuedIds.length,
      articles: (await this.repo.list(project.id)).map(toSeoArticleDto),
      summary: {
        articles_queued: queuedIds.length,
        already_planned: skipped,
        retried: retry.length,
        word_count: request.word_count,
      },
    };
  }

  private async activeSite(siteId: number): Promise<void> {
    try {
      await this.sites.requireActiveSite(siteId);
    } catch (error) {
      if (error instanceof SiteUnavailableError) throw badRequest('site_id', error.message);
      throw error;
    }
  }
}
