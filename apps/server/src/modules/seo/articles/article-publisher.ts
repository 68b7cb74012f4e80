import type { PublishItemResult } from '@abp/contracts';
import { qualityGateObjection } from '../../../domain-errors.js';
import { badRequest } from '../../../errors.js';
import { webAddress } from '../../../lib/html/web-link.js';
import { rewriteLinkTargets } from '../optimisation/link-placement.js';
import { writtenArticles } from '../optimisation/project-urls.js';
import type { SchemaService } from '../optimisation/schema.service.js';
import type { ProjectsService } from '../projects/projects.service.js';
import type { RunProgress } from '../publish-runs/run-progress.js';
import type { SeoPublishing, SeoSites } from '../shared/ports.js';
import type { SeoArticlesRepository } from './seo-articles.repository.js';

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

  /** The written articles a "Publish Articles" run will push, in order (checked when the run is asked for). */
  async selectForPublish(projectId: number, articleIds: number[] | undefined): Promise<number[]> {
    const project = await this.projects.require(projectId);
    const site = await this.projects.requireSite(project);
    await this.sites.requireActiveSite(site.id);
    const ids = articleIds ? [...new Set(articleIds)] : undefined;
    const all = await this.repo.list(projectId);
    if (ids) {
      const missing = ids.filter((id) => !all.some((a) => a.id === id));
      if (missing.length > 0) throw badRequest('articleIds', `not articles of this project: ${missing.join(', ')}`);
    }
    const items = writtenArticles(ids ? all.filter((a) => ids.includes(a.id)) : all);
    if (items.length === 0)
      throw badRequest('articleIds', 'there are no written articles to publish: generate the articles first');
    return items.map((i) => i.id);
  }

  /**
   * The publish run's work (publish-runs/publish-run.runner.ts): each article without a result
   * yet, then the links and JSON-LD of every article that reached WordPress point at the real
   * permalinks, and the articles whose HTML changed are pushed once more.
   */
  async publishRun(progress: RunProgress): Promise<void> {
    const { run } = progress;
    const project = await this.projects.require(run.projectId);
    const site = await this.projects.requireSite(project);
    await this.sites.requireActiveSite(site.id);
    const items = writtenArticles(await this.repo.list(run.projectId)).filter((i) => run.itemIds.includes(i.id));
    // Publishing owns the status: the requested one once WordPress has the post; a failed publish leaves it as it was.
    const status = run.targetStatus === 'publish' ? 'published' : 'draft';
    for (const id of progress.pending) {
      const item = items.find((i) => i.id === id);
      if (!item) {
        await progress.record({
          id,
          title: '',
          outcome: 'failed',
          wordpress_id: null,
          permalink: null,
          error: 'The article was deleted before it could be published',
        });
        continue;
      }
      await progress.record(await this.push(item.articleId, item.title, item.id, progress, status));
    }
    const again = await this.pointAtPermalinks(run.projectId, progress.pushed, project, site);
    for (const item of items.filter((i) => again.has(i.articleId))) {
      const second = await this.push(item.articleId, item.title, item.id, progress);
      if (second.outcome === 'failed')
        await progress.warn(`"${item.title}" was published, but updating its links and schema failed: ${second.error}`);
    }
  }

  /** One publish; a quality-gate objection is overridden (as bulk publishing does) and reported. */
  private async push(
    articleId: number,
    title: string,
    seoArticleId: number,
    progress: RunProgress,
    status?: 'draft' | 'published',
  ): Promise<PublishItemResult> {
    try {
      const result = await this.publishing.publishArticle(articleId, { force: true, ...(status ? { status } : {}) });
      if (result.forced)
        await progress.warn(
          `"${title}" was published despite the quality gate: ${qualityGateObjection(result.quality_report)}`,
        );
      const outcome = result.wordpress_status === 'publish' ? 'published' : 'draft';
      return {
        id: seoArticleId,
        title,
        outcome,
        wordpress_id: result.wordpress_post_id,
        permalink: result.wordpress_permalink,
        error: null,
      };
    } catch (error) {
      return {
        id: seoArticleId,
        title,
        outcome: 'failed',
        wordpress_id: null,
        permalink: null,
        error: error instanceof Error ? error.message : String(error),
      };
    }
  }

  /** Returns the article ids whose HTML changed (links or schema now use real permalinks). */
  private async pointAtPermalinks(
    projectId: number,
    pushedIds: number[],
    project: Parameters<SchemaService['refresh']>[0],
    site: { id: number; url: string },
  ): Promise<Set<number>> {
    if (pushedIds.length === 0) return new Set();
    const items = writtenArticles(await this.repo.list(projectId));
    // Only web addresses: a permalink WordPress answered with anything else leaves the planned link as it is.
    const hrefs = new Map<number, string>();
    for (const i of items) {
      const href = webAddress(i.article.wordpressPermalink);
      if (href) hrefs.set(i.articleId, href);
    }
    const changed = new Set<number>();
    for (const item of items.filter((i) => pushedIds.includes(i.id) && i.internalLinks.length > 0)) {
      const html = rewriteLinkTargets(item.article.content, hrefs);
      if (html === item.article.content) continue;
      await this.repo.reviseArticle(item.articleId, 'seo internal links', { content: html });
      await this.repo.update(item.id, {
        internalLinks: item.internalLinks.map((l) => ({ ...l, href: hrefs.get(l.target_article_id) ?? l.href })),
      });
      changed.add(item.articleId);
    }
    for (const id of await this.schema.refresh(project, site.url, site.id, pushedIds)) changed.add(id);
    return changed;
  }
}
