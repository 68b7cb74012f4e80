import { type PublishItemResult, type PublishResponse, type publishArticlesRequestSchema } from '@abp/contracts';
import type { z } from 'zod';
import { qualityGateObjection } from '../../../domain-errors.js';
import { badRequest } from '../../../errors.js';
import { rewriteLinkTargets } from '../optimisation/link-placement.js';
import { writtenArticles } from '../optimisation/project-urls.js';
import type { SchemaService } from '../optimisation/schema.service.js';
import { publishSummary } from '../pages/publish-summary.js';
import type { ProjectsService } from '../projects/projects.service.js';
import type { SeoPublishing, SeoSites } from '../shared/ports.js';
import type { SeoArticlesRepository } from './seo-articles.repository.js';

type PublishRequest = z.output<typeof publishArticlesRequestSchema>;

/**
 * Publishes the project's articles through the publishing service (the one place that pushes
 * articles to WordPress), then points internal links and JSON-LD at the real permalinks and
 * pushes the articles whose HTML changed once more.
 */
export class SeoArticlePublisher {
  constructor(
    private readonly repo: SeoArticlesRepository,
    private readonly projects: ProjectsService,
    private readonly sites: SeoSites,
    private readonly publishing: SeoPublishing,
    private readonly schema: SchemaService,
  ) {}

  async publish(projectId: number, request: PublishRequest): Promise<PublishResponse> {
    const project = await this.projects.require(projectId);
    const site = await this.projects.requireSite(project);
    await this.sites.requireActiveSite(site.id);
    const ids = request.articleIds ? [...new Set(request.articleIds)] : undefined;
    const all = await this.repo.list(projectId);
    if (ids) {
      const missing = ids.filter((id) => !all.some((a) => a.id === id));
      if (missing.length > 0) throw badRequest('articleIds', `not articles of this project: ${missing.join(', ')}`);
    }
    const items = writtenArticles(ids ? all.filter((a) => ids.includes(a.id)) : all);
    if (items.length === 0) throw badRequest('articleIds', 'there are no written articles to publish: generate the articles first');

    const warnings: string[] = [];
    const results: PublishItemResult[] = [];
    // Publishing owns the status: the requested one once WordPress has the post; a failed publish leaves it as it was.
    const status = request.status === 'publish' ? 'published' : 'draft';
    for (const item of items) results.push(await this.push(item.articleId, item.title, item.id, warnings, status));
    const pushed = results.filter((r) => r.outcome !== 'failed').map((r) => r.id);
    const again = await this.pointAtPermalinks(projectId, pushed, project, site);
    for (const item of items.filter((i) => again.has(i.articleId))) {
      const second = await this.push(item.articleId, item.title, item.id, warnings);
      if (second.outcome === 'failed') warnings.push(`"${item.title}" was published, but updating its links and schema failed: ${second.error}`);
    }

    const response = publishSummary(results, warnings);
    await this.projects.log(projectId, {
      phase: 3,
      step: 'publish_articles',
      status: response.failed === 0 ? 'success' : response.published + response.drafts > 0 ? 'warning' : 'error',
      message: `Articles: ${response.published} published, ${response.drafts} saved as drafts, ${response.failed} failed`,
      details: { success_count: response.published + response.drafts, failed_count: response.failed },
    });
    if (response.published + response.drafts > 0) await this.projects.optimisationDone(projectId, 'publishing');
    return response;
  }

  /** One publish; a quality-gate objection is overridden (as bulk publishing does) and reported. */
  private async push(articleId: number, title: string, seoArticleId: number, warnings: string[], status?: 'draft' | 'published'): Promise<PublishItemResult> {
    try {
      const result = await this.publishing.publishArticle(articleId, { force: true, ...(status ? { status } : {}) });
      if (result.forced) warnings.push(`"${title}" was published despite the quality gate: ${qualityGateObjection(result.quality_report)}`);
      const outcome = result.wordpress_status === 'publish' ? 'published' : 'draft';
      return { id: seoArticleId, title, outcome, wordpress_id: result.wordpress_post_id, permalink: result.wordpress_permalink, error: null };
    } catch (error) {
      return { id: seoArticleId, title, outcome: 'failed', wordpress_id: null, permalink: null, error: error instanceof Error ? error.message : String(error) };
    }
  }

  /** Returns the article ids whose HTML changed (links or schema now use real permalinks). */
  private async pointAtPermalinks(projectId: number, pushedIds: number[], project: Parameters<SchemaService['refresh']>[0], site: { id: number; url: string }): Promise<Set<number>> {
    if (pushedIds.length === 0) return new Set();
    const items = writtenArticles(await this.repo.list(projectId));
    const hrefs = new Map(items.filter((i) => i.article.wordpressPermalink).map((i) => [i.articleId, i.article.wordpressPermalink!]));
    const changed = new Set<number>();
    for (const item of items.filter((i) => pushedIds.includes(i.id) && i.internalLinks.length > 0)) {
      const html = rewriteLinkTargets(item.article.content, hrefs);
      if (html === item.article.content) continue;
      await this.repo.updateArticle(item.articleId, { content: html });
      await this.repo.update(item.id, { internalLinks: item.internalLinks.map((l) => ({ ...l, href: hrefs.get(l.target_article_id) ?? l.href })) });
      changed.add(item.articleId);
    }
    for (const id of await this.schema.refresh(project, site.url, site.id, pushedIds)) changed.add(id);
    return changed;
  }
}

