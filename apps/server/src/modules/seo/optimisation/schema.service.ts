import { type OptimisationResponse, SEO_MESSAGES, SEO_SCHEMA_TYPES, type SeoSchemaType } from '@abp/contracts';
import { badRequest } from '../../../errors.js';
import { isWordPressError } from '../../../integrations/wordpress/index.js';
import type { ProjectArticle, SeoArticlesRepository } from '../articles/seo-articles.repository.js';
import type { PagesRepository } from '../pages/pages.repository.js';
import type { SeoProjectListRow } from '../projects/projects.repository.js';
import type { ProjectsService } from '../projects/projects.service.js';
import { type ScriptDelivery, scriptDelivery, withJsonLd } from '../shared/json-ld.js';
import type { SeoSites } from '../shared/ports.js';
import { articleUrl, pageUrl, writtenArticles } from './project-urls.js';
import { articleGraph, pageGraph, type SiteIdentity } from './schema-markup.js';

/**
 * JSON-LD for the project's articles and pages. It is stored always, and embedded in the
 * article HTML only when the site's WordPress user keeps <script> (unfiltered_html); otherwise
 * the answer says so as a warning.
 */
export class SchemaService {
  constructor(
    private readonly articles: SeoArticlesRepository,
    private readonly pages: PagesRepository,
    private readonly projects: ProjectsService,
    private readonly sites: SeoSites,
  ) {}

  async generate(projectId: number, types: readonly SeoSchemaType[]): Promise<OptimisationResponse> {
    const project = await this.projects.require(projectId, 'project_id');
    const site = await this.projects.requireSite(project);
    const items = writtenArticles(await this.articles.list(projectId));
    if (items.length === 0) throw badRequest('project_id', SEO_MESSAGES.noArticles);
    const delivery = await this.delivery(site.id);
    const identity = this.identity(project, site);
    const results: OptimisationResponse['results'] = [];
    for (const item of items) {
      await this.apply(item, items, identity, types, delivery.allowed);
      results.push({ article_id: item.articleId, title: item.title, schema_types: [...types] });
    }
    const pages = await this.pages.list(projectId);
    for (const page of pages) {
      const url = pageUrl(site.url, page);
      const crumbs =
        page.pageType === 'home'
          ? [{ name: 'Home', url: pageUrl(site.url, { ...page, pageType: 'home' }) }]
          : [
              { name: 'Home', url: `${site.url.replace(/\/+$/, '')}/` },
              { name: page.pageTitle, url },
            ];
      await this.pages.setSchemaMarkup(
        page.id,
        pageGraph(types, identity, {
          title: page.pageTitle,
          description: page.metaDescription,
          url,
          breadcrumb: crumbs,
        }),
      );
    }
    const warnings = delivery.allowed
      ? []
      : [`Schema markup was stored but not added to the published HTML: ${delivery.reason}.`];
    await this.projects.log(projectId, {
      phase: 3,
      step: 'schema_markup_complete',
      status: delivery.allowed ? 'success' : 'warning',
      message: delivery.allowed
        ? `JSON-LD (${types.join(', ')}) added to ${items.length} articles and ${pages.length} pages`
        : `JSON-LD stored for ${items.length} articles, not delivered: ${delivery.reason}`,
      details: {
        success_count: items.length,
        pages: pages.length,
        delivered_in_html: delivery.allowed,
        schema_types: [...types],
      },
    });
    await this.projects.optimisationDone(projectId, 'schema_markup');
    return {
      success: true,
      summary: {
        articles_processed: items.length,
        pages_processed: pages.length,
        schema_types: [...types],
        delivered_in_html: delivery.allowed,
      },
      results,
      warnings,
    };
  }

  /**
   * After publishing: rebuild the stored graphs with the real permalinks and dates and embed
   * them again. Returns the article ids whose HTML changed (they need a second push).
   */
  async refresh(project: SeoProjectListRow, siteUrl: string, siteId: number, itemIds: number[]): Promise<Set<number>> {
    const items = writtenArticles(await this.articles.list(project.id));
    const withSchema = items.filter((i) => itemIds.includes(i.id) && i.schemaMarkup !== null);
    if (withSchema.length === 0) return new Set();
    const delivery = await this.delivery(siteId);
    const identity = this.identity(project, { name: '', url: siteUrl });
    const types = typesOf(withSchema[0]!.schemaMarkup);
    const changed = new Set<number>();
    for (const item of withSchema) {
      if (await this.apply(item, items, identity, types, delivery.allowed)) changed.add(item.articleId);
    }
    return changed;
  }

  /** Stores the graph and (when allowed) embeds it; true when the article HTML changed. */
  private async apply(
    item: ReturnType<typeof writtenArticles>[number],
    all: ProjectArticle[],
    identity: SiteIdentity,
    types: readonly SeoSchemaType[],
    deliver: boolean,
  ): Promise<boolean> {
    const url = articleUrl(identity.siteUrl, item);
    const parent =
      item.articleType === 'cluster'
        ? all.find((a) => a.articleType === 'pillar' && a.title.toLowerCase() === item.pillarParent.toLowerCase())
        : undefined;
    const home = `${identity.siteUrl.replace(/\/+$/, '')}/`;
    const published = item.article.publishedAt ?? item.article.createdAt;
    const graph = articleGraph(types, identity, {
      title: item.title,
      description: item.metaDescription ?? '',
      url,
      datePublished: published,
      // The row's last change can be stamped a moment before WordPress' publish time is stored.
      dateModified: item.article.updatedAt > published ? item.article.updatedAt : published,
      imageUrl: item.article.featuredImageUrl,
      keywords: item.targetKeywords,
      breadcrumb: [
        { name: 'Home', url: home },
        ...(parent ? [{ name: parent.title, url: articleUrl(identity.siteUrl, parent) }] : []),
        { name: item.title, url },
      ],
    });
    await this.articles.update(item.id, { schemaMarkup: graph });
    // Without delivery any earlier block is taken out: WordPress would strip it anyway.
    const html = withJsonLd(item.article.content, deliver ? graph : null);
    if (html === item.article.content) return false;
    await this.articles.reviseArticle(item.articleId, 'seo schema markup', { content: html });
    return true;
  }

  private identity(project: SeoProjectListRow, site: { name: string; url: string }): SiteIdentity {
    return {
      siteName: project.siteName ?? site.name,
      siteUrl: project.siteUrl ?? site.url,
      organizationName: project.companyName || project.siteName || site.name,
      description: project.companyDescription || project.businessContext,
      contact: project.contactInfo ?? null,
    };
  }

  private async delivery(siteId: number): Promise<ScriptDelivery> {
    try {
      return await scriptDelivery(await this.sites.getClientForSite(siteId));
    } catch (error) {
      if (isWordPressError(error))
        return {
          allowed: false,
          reason: `WordPress could not be reached to check the user's capabilities (${error.message})`,
        };
      throw error;
    }
  }
}

/** The types a stored graph was built with: those of its top-level @graph entries. */
function typesOf(graph: unknown): SeoSchemaType[] {
  const entries = (graph as { '@graph'?: { '@type'?: unknown }[] } | null)?.['@graph'] ?? [];
  return SEO_SCHEMA_TYPES.filter((type) => entries.some((entry) => entry['@type'] === type));
}
