import type { Tx } from '../../../db/client.js';
import { toPlainText } from '../../../lib/plain-text.js';
import type { ProductionConsumer } from '../../article-pipeline/production-runner.js';
import type { ProductionResult, ProductionUnit } from '../../article-pipeline/production-unit.js';
import type { ProductionRow } from '../../article-pipeline/productions.repository.js';
import type { ProjectsService } from '../projects/projects.service.js';
import type { SeoArticleRow, SeoArticlesRepository } from './seo-articles.repository.js';

/** The origin key of a planned article's unit in the article pipeline. */
export const seoArticleOriginKey = (seoArticleId: number): string => `seo-article:${seoArticleId}`;
const seoArticleIdOf = (unit: ProductionRow): number => Number(unit.originKey.slice('seo-article:'.length));

/**
 * A planned article as a unit of the article pipeline: written and stored, not published (that is
 * the wizard's publish step). A quality-gate objection does not apply: nothing is published here.
 */
export function seoArticleUnit(item: SeoArticleRow, siteId: number): ProductionUnit {
  return {
    originKey: seoArticleOriginKey(item.id),
    brief: {
      siteId,
      topic: item.title,
      taskType: 'Blog Post',
      wordCount: item.wordCount,
      includeImages: true,
      keywords: item.targetKeywords,
      // The plan's H2s are the article's H2s, in order (issue #18 item 8), with any writer.
      ...(item.h2Headings.length > 0 ? { headings: item.h2Headings } : {}),
      origin: 'seo',
    },
    policy: { publish: false, onQualityGate: 'publish-anyway' },
    // The project the article's model calls are charged to (usage-attribution.ts).
    context: { projectId: item.projectId },
  };
}

/**
 * What a planned article does around its unit: the plan's row follows it (generating, then
 * generated or failed, linked to the article), the project's log and phase 2 move on.
 */
export class SeoArticleConsumer implements ProductionConsumer {
  constructor(
    private readonly repo: SeoArticlesRepository,
    private readonly projects: ProjectsService,
  ) {}

  async begin(unit: ProductionRow): Promise<{ skip: string } | null> {
    const item = await this.repo.claim(seoArticleIdOf(unit));
    if (!item) return { skip: 'The article was cancelled or deleted' };
    const project = await this.projects.require(item.projectId).catch(() => null);
    if (!project?.siteId) return { skip: 'The project or its site no longer exists' };
    return null;
  }

  async finished(tx: Tx, unit: ProductionRow, end: ProductionResult): Promise<void> {
    const id = seoArticleIdOf(unit);
    switch (end.result) {
      case 'succeeded':
        // Plans stored before titles were normalised may still hold entities.
        await this.repo.reviseArticle(end.articleId, 'seo plan title', { title: toPlainText(unit.brief.topic) }, tx);
        await this.repo.finish(id, { articleId: end.articleId, status: 'generated', error: null }, tx);
        break;
      case 'failed':
        if (end.articleId !== null && end.stage === 'generation')
          await this.repo.finish(id, { articleId: end.articleId, status: 'failed', error: end.error }, tx);
        else await this.repo.fail(id, end.error, tx);
        break;
      case 'skipped':
        await this.repo.fail(id, end.reason, tx);
        break;
      case 'cancelled':
        return;
    }
    // Phase 2's progress moves with the item, in the same transaction: whoever sees every article
    // written sees 100 % too (the log lines and a failed phase follow in afterFinish).
    const projectId = await this.repo.projectOf(id, tx);
    if (projectId === null) return;
    await this.projects.lock(projectId, tx);
    const counts = await this.repo.counts(projectId, tx);
    if (counts.total > 0 && counts.generated > 0)
      await this.projects.advance(projectId, 2, counts.active > 0 ? (counts.generated / counts.total) * 100 : 100, tx);
  }

  /** After the unit's transaction: the project's log and progress (their own statements). */
  async afterFinish(unit: ProductionRow, end: ProductionResult): Promise<void> {
    const item = await this.repo.find(seoArticleIdOf(unit));
    if (!item) return;
    const written = end.result === 'succeeded';
    if (end.result !== 'cancelled' && !(end.result === 'skipped' && item.generationStatus === 'cancelled')) {
      const reason = end.result === 'failed' ? end.error : end.result === 'skipped' ? end.reason : '';
      const words = (await this.repo.articleWordCount(item.articleId)) ?? 0;
      await this.projects.log(item.projectId, {
        phase: 2,
        step: 'article_generation',
        status: written ? 'success' : 'error',
        message: written
          ? `Article written: ${item.title} (${words} words)`
          : `Article failed: ${item.title}: ${reason}`,
        details: { success_count: written ? 1 : 0, ...(item.articleId !== null ? { article_id: item.articleId } : {}) },
      });
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
      await this.projects.log(projectId, {
        phase: 2,
        step: 'article_generation_complete',
        status: 'error',
        message: 'No article could be written',
        details: { success_count: 0, failed_count: counts.failed },
      });
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
