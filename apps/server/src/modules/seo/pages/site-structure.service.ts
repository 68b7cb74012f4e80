import type { SiteStructure } from '@abp/contracts';
import type { SeoArticlesRepository } from '../articles/seo-articles.repository.js';
import type { OutlineService } from '../outline/outline.service.js';
import type { ProjectsService } from '../projects/projects.service.js';
import { slugify } from '../shared/text.js';
import type { PagesRepository } from './pages.repository.js';

/** The site as planned: its pages, and the pillar → cluster tree with the articles written for it. */
export class SiteStructureService {
  constructor(
    private readonly pages: PagesRepository,
    private readonly outlines: OutlineService,
    private readonly articles: SeoArticlesRepository,
    private readonly projects: ProjectsService,
  ) {}

  async get(projectId: number): Promise<SiteStructure> {
    await this.projects.require(projectId);
    const [pages, outline, items] = await Promise.all([
      this.pages.list(projectId),
      this.outlines.current(projectId),
      this.articles.list(projectId),
    ]);
    const articleOf = (title: string) =>
      items.find((i) => i.title.toLowerCase() === title.toLowerCase())?.articleId ?? null;
    const sections = (outline?.pillar_posts ?? []).map((pillar) => ({
      pillar: pillar.title,
      slug: slugify(pillar.title),
      article_id: articleOf(pillar.title),
      clusters: (outline?.cluster_posts ?? [])
        .filter((c) => c.pillar_parent.toLowerCase() === pillar.title.toLowerCase())
        .map((c) => ({ title: c.title, slug: slugify(c.title), article_id: articleOf(c.title) })),
    }));
    return {
      project_id: projectId,
      total_pages: pages.length,
      pages: pages.map((p) => ({
        id: p.id,
        page_title: p.pageTitle,
        page_type: p.pageType,
        slug: p.slug,
        status: p.status,
      })),
      sections,
    };
  }
}
