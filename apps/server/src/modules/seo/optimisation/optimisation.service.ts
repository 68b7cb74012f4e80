import { type OptimisationResponse, SEO_MESSAGES, type SeoSchemaType } from '@abp/contracts';
import { badRequest } from '../../../errors.js';
import { htmlToPlainText } from '../../../lib/plain-text.js';
import type { SeoArticlesRepository } from '../articles/seo-articles.repository.js';
import type { ProjectsService } from '../projects/projects.service.js';
import type { SeoModel } from '../shared/seo-model.js';
import { placeInternalLinks } from './link-placement.js';
import { type LinkableArticle, linkCandidates } from './link-planner.js';
import { isValidMeta, type MetaInput, metaAnswerSchema, metaPrompt, offlineMeta } from './meta-descriptions.js';
import { articleUrl, writtenArticles } from './project-urls.js';
import type { SchemaService } from './schema.service.js';

/** The three SEO tools of phase 3: meta descriptions, JSON-LD schema markup and internal links. */
export class OptimisationService {
  constructor(
    private readonly articles: SeoArticlesRepository,
    private readonly projects: ProjectsService,
    private readonly model: SeoModel,
    private readonly schema: SchemaService,
  ) {}

  async metaDescriptions(projectId: number): Promise<OptimisationResponse> {
    const project = await this.projects.require(projectId, 'project_id');
    const items = writtenArticles(await this.articles.list(projectId));
    if (items.length === 0) throw badRequest('project_id', SEO_MESSAGES.noArticles);
    const inputs: MetaInput[] = items.map((i) => ({
      id: i.id,
      title: i.title,
      primaryKeyword: i.targetKeywords[0] ?? i.title,
      articleType: i.articleType,
      companyName: project.companyName,
    }));
    const answer = await this.model.structured(
      { schema: metaAnswerSchema, schemaName: 'meta_descriptions', prompt: metaPrompt(project.niche, inputs), project },
      () => ({ descriptions: inputs.map((i) => ({ id: i.id, meta_description: offlineMeta(i) })) }),
    );
    const warnings: string[] = [];
    const results: OptimisationResponse['results'] = [];
    for (const input of inputs) {
      // The model's text: markup dropped, entities decoded (WordPress gets it escaped as the excerpt).
      const proposed = htmlToPlainText(
        answer.value.descriptions.find((d) => d.id === input.id)?.meta_description ?? '',
      );
      let meta = proposed;
      if (!isValidMeta(meta, input.primaryKeyword)) {
        meta = offlineMeta(input);
        if (answer.source === 'model')
          warnings.push(
            `"${input.title}": the model's description was too long or lacked the keyword "${input.primaryKeyword}"; a template was used.`,
          );
      }
      const item = items.find((i) => i.id === input.id)!;
      await this.articles.update(item.id, { metaDescription: meta });
      await this.articles.reviseArticle(item.articleId, 'seo meta description', { metaDescription: meta });
      results.push({ article_id: item.articleId, title: item.title, meta_description: meta });
    }
    await this.projects.log(projectId, {
      phase: 3,
      step: 'meta_descriptions_complete',
      status: warnings.length > 0 ? 'warning' : 'success',
      message: `Meta descriptions written for ${results.length} articles`,
      details: { success_count: results.length, source: answer.source },
    });
    await this.projects.optimisationDone(projectId, 'meta_descriptions');
    return {
      success: true,
      summary: {
        articles_processed: results.length,
        descriptions_updated: results.length,
        max_length: 160,
        source: answer.source,
      },
      results,
      warnings,
    };
  }

  schemaMarkup(projectId: number, types: readonly SeoSchemaType[]): Promise<OptimisationResponse> {
    return this.schema.generate(projectId, types);
  }

  /** At most `max` links per article, cluster ↔ pillar first; needs at least two written articles. */
  async internalLinks(projectId: number, max: number): Promise<OptimisationResponse> {
    const project = await this.projects.require(projectId, 'project_id');
    const site = await this.projects.requireSite(project);
    const items = writtenArticles(await this.articles.list(projectId));
    if (items.length < 2)
      throw badRequest('project_id', `internal linking needs at least 2 articles (this project has ${items.length})`);
    const linkable: LinkableArticle[] = items.map((i) => ({
      id: i.articleId,
      type: i.articleType,
      title: i.title,
      pillarParent: i.pillarParent,
      keywords: i.targetKeywords,
      href: articleUrl(site.url, i),
    }));
    const results: OptimisationResponse['results'] = [];
    let total = 0;
    for (const item of items) {
      const source = linkable.find((l) => l.id === item.articleId)!;
      const { html, links } = placeInternalLinks(item.article.content, linkCandidates(source, linkable), max);
      await this.articles.reviseArticle(item.articleId, 'seo internal links', { content: html });
      await this.articles.update(item.id, { internalLinks: links });
      total += links.length;
      results.push({ article_id: item.articleId, title: item.title, links });
    }
    await this.projects.log(projectId, {
      phase: 3,
      step: 'internal_linking_complete',
      status: 'success',
      message: `Added ${total} internal links across ${items.length} articles`,
      details: { success_count: items.length, links_added: total },
    });
    await this.projects.optimisationDone(projectId, 'internal_linking');
    return {
      success: true,
      summary: { articles_processed: items.length, links_added: total, max_links_per_article: max },
      results,
      warnings: [],
    };
  }
}
