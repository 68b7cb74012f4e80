import { toPlainText } from '../../../lib/plain-text.js';
import type { ProjectsService } from '../projects/projects.service.js';
import type { SeoProducer } from '../shared/ports.js';
import type { SeoArticlesRepository } from './seo-articles.repository.js';

/**
 * The job behind one planned article: write it through the article pipeline (which stores the
 * article, its log and image; publishing comes later, from the wizard's publish step), link it to
 * the plan, and move the project's phase 2 forward.
 */
export class SeoArticleWriter {
  constructor(
    private readonly repo: SeoArticlesRepository,
    private readonly producer: SeoProducer,
    private readonly projects: ProjectsService,
  ) {}

  async run(seoArticleId: number): Promise<void> {
    const item = await this.repo.claim(seoArticleId);
    if (!item) return; // written, failed, cancelled or deleted meanwhile: nothing to do
    const project = await this.projects.require(item.projectId).catch(() => null);
    if (!project?.siteId) {
      await this.repo.fail(item.id, 'The project or its site no longer exists');
      return;
    }
    try {
      const outcome = await this.producer.produce({
        siteId: project.siteId,
        topic: item.title,
        taskType: 'Blog Post',
        wordCount: item.wordCount,
        includeImages: true,
        keywords: item.targetKeywords,
        // Real models read the plan's headings as reference; the offline writer ignores them.
        ...(item.h2Headings.length > 0 ? { sources: { notes: `Planned H2 headings for this ${item.articleType} article: ${item.h2Headings.join('; ')}` } } : {}),
        origin: 'seo',
        originKey: `seo-article:${item.id}`,
      }, { publish: false, onQualityGate: 'publish-anyway' });
      // Refused before anything was stored (invalid input, the site): the item fails with the reason.
      if (outcome.stage === 'generation' && !outcome.generated) throw outcome.error;
      const result = outcome.generated!;
      // Plans stored before titles were normalised may still hold entities.
      if (result.status === 'draft') await this.repo.updateArticle(result.articleId, { title: toPlainText(item.title) });
      const linked = await this.repo.finish(item.id, {
        articleId: result.articleId,
        status: result.status === 'draft' ? 'generated' : 'failed',
        error: result.status === 'draft' ? null : (result.error ?? 'Generation failed'),
      });
      if (linked) {
        await this.projects.log(item.projectId, {
          phase: 2,
          step: 'article_generation',
          status: result.status === 'draft' ? 'success' : 'error',
          message: result.status === 'draft' ? `Article written: ${item.title} (${result.wordCount} words)` : `Article failed: ${item.title}: ${result.error ?? 'unknown error'}`,
          details: { success_count: result.status === 'draft' ? 1 : 0, article_id: result.articleId },
        });
      }
    } catch (error) {
      // Invalid input or an inactive site: retrying cannot help, so the item fails with the reason.
      const message = error instanceof Error ? error.message : String(error);
      await this.repo.fail(item.id, message);
      await this.projects.log(item.projectId, { phase: 2, step: 'article_generation', status: 'error', message: `Article failed: ${item.title}: ${message}`, details: { success_count: 0 } });
    }
    await this.updateProgress(item.projectId);
  }

  async updateProgress(projectId: number): Promise<void> {
    const counts = await this.repo.counts(projectId);
    if (counts.total === 0) return;
    if (counts.active > 0) {
      await this.projects.advance(projectId, 2, (counts.generated / counts.total) * 100);
      return;
    }
    if (counts.generated === 0) {
      await this.projects.markFailed(projectId);
      await this.projects.log(projectId, { phase: 2, step: 'article_generation_complete', status: 'error', message: 'No article could be written', details: { success_count: 0, failed_count: counts.failed } });
      return;
    }
    await this.projects.advance(projectId, 2, 100);
    await this.projects.log(projectId, {
      phase: 2,
      step: 'article_generation_complete',
      status: counts.failed > 0 ? 'warning' : 'success',
      message: `Article generation finished: ${counts.generated} written, ${counts.failed} failed`,
      details: { success_count: counts.generated, failed_count: counts.failed },
    });
  }
}
