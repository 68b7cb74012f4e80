import {
  type GeneratePagesResponse,
  type generateSitePagesRequestSchema,
  LEGAL_PAGE_TYPES,
  type PageSlugConflict,
  type SeoPage,
} from '@abp/contracts';
import type { z } from 'zod';
import { badRequest } from '../../../errors.js';
import { toPlainText } from '../../../lib/plain-text.js';
import { wordpressStep } from '../../publishing/publish-errors.js';
import type { KeywordsRepository } from '../keywords/keywords.repository.js';
import type { OutlineService } from '../outline/outline.service.js';
import type { SeoProjectListRow } from '../projects/projects.repository.js';
import type { ProjectsService } from '../projects/projects.service.js';
import type { RunProgress } from '../publish-runs/run-progress.js';
import { scriptDelivery } from '../shared/json-ld.js';
import type { SeoSites } from '../shared/ports.js';
import { toPageDto } from './page-dto.js';
import { CONTACT_SKIPPED, type PageContext, type PagePlan, sitePagePlan, structurePlans } from './page-plans.js';
import { isLivePage, type PagePublisher } from './page-publisher.js';
import type { PageWriter } from './page-writer.js';
import type { PagesRepository, SeoPageRow } from './pages.repository.js';

type SitePagesRequest = z.output<typeof generateSitePagesRequestSchema>;

export class PagesService {
  constructor(
    private readonly repo: PagesRepository,
    private readonly keywords: KeywordsRepository,
    private readonly outlines: OutlineService,
    private readonly projects: ProjectsService,
    private readonly sites: SeoSites,
    private readonly writer: PageWriter,
    private readonly publisher: PagePublisher,
  ) {}

  /** At a start on the embedded database: the page pushes of the process that died hold no lease any more. */
  releaseLeasesOfDeadProcess(): Promise<number> {
    return this.repo.releaseAllLeases();
  }

  async list(projectId: number): Promise<SeoPage[]> {
    await this.projects.require(projectId);
    return (await this.repo.list(projectId)).map(toPageDto);
  }

  async sitePages(projectId: number): Promise<SeoPage[]> {
    await this.projects.require(projectId);
    return (await this.repo.list(projectId, 'site_pages')).map(toPageDto);
  }

  /** The site structure: core pages and a hub per pillar (page generation needs an outline). */
  async generate(projectId: number, includeOptional: boolean): Promise<GeneratePagesResponse> {
    const project = await this.projects.require(projectId);
    const outline = await this.outlines.current(projectId);
    if (!outline) throw badRequest('outline', 'page generation needs a content outline: generate the outline first');
    const context = await this.pageContext(project);
    const plans = structurePlans(context, outline, includeOptional);
    const { rows, source } = await this.writeAndStore(project, plans, 'structure');
    const notes = context.hasContact ? [] : [CONTACT_SKIPPED];
    await this.projects.log(projectId, {
      phase: 1,
      step: 'page_generation',
      status: 'success',
      message: `Generated ${rows.length} website pages`,
      details: { success_count: rows.length, source },
    });
    await this.projects.advance(projectId, 1, 100);
    return {
      success: true,
      pages: rows.map(toPageDto),
      summary: { pages_generated: rows.length, include_optional: includeOptional, source, notes },
    };
  }

  /** The site-pages generator: company pages; privacy and terms are drafts that need a legal review. */
  async generateSitePages(request: SitePagesRequest): Promise<GeneratePagesResponse> {
    const project = await this.projects.require(request.project_id, 'project_id');
    const details = {
      companyName: request.company_name,
      companyDescription: request.company_description,
      contactInfo: request.contact_info,
    };
    await this.projects.saveCompanyDetails(project.id, details);
    const hasContact = Boolean(details.contactInfo.email || details.contactInfo.phone || details.contactInfo.address);
    const context = { ...(await this.pageContext(project)), companyName: request.company_name, hasContact };
    const types = [...new Set(request.page_types)];
    const plans = types.filter((type) => type !== 'contact' || hasContact).map((type) => sitePagePlan(type, context));
    const notes = types.includes('contact') && !hasContact ? [CONTACT_SKIPPED] : [];
    const { rows, source } = await this.writeAndStore({ ...project, ...details }, plans, 'site_pages');
    const legal = rows.filter((r) => r.needsLegalReview).length;
    await this.projects.log(project.id, {
      phase: 1,
      step: 'site_pages',
      status: 'success',
      message: `Generated ${rows.length} site pages for ${request.company_name}${legal ? ` (${legal} need a legal review)` : ''}`,
      details: { success_count: rows.length, legal_review: legal, source },
    });
    return {
      success: true,
      pages: rows.map(toPageDto),
      summary: { pages_generated: rows.length, needs_legal_review: legal, source, notes },
    };
  }

  /** The pages a "Publish Pages" run will push, in order (checked when the run is asked for). */
  async selectForPublish(projectId: number, pageIds: number[] | undefined): Promise<number[]> {
    const project = await this.projects.require(projectId);
    const site = await this.projects.requireSite(project);
    await this.sites.requireActiveSite(site.id);
    const pages = pageIds ? await this.selected(projectId, pageIds) : await this.repo.list(projectId);
    if (pages.length === 0)
      throw badRequest('pageIds', 'there are no pages to publish: generate the website pages first');
    return pages.map((p) => p.id);
  }

  /**
   * The project's pages not on WordPress yet whose slug a page of the site already holds, asked
   * before publishing (the publisher looks again at each push: the site may change meanwhile).
   */
  async slugConflicts(projectId: number): Promise<PageSlugConflict[]> {
    const project = await this.projects.require(projectId);
    const site = await this.projects.requireSite(project);
    await this.sites.requireActiveSite(site.id);
    // Pages already pushed update their own WordPress page; a create still in doubt is resolved by its marker.
    const unsent = (await this.repo.list(projectId)).filter(
      (p) => p.wordpressPageId === null && !p.publishCreatePending,
    );
    if (unsent.length === 0) return [];
    const client = await wordpressStep('connection', () => this.sites.getClientForSite(site.id));
    const found = await wordpressStep('page lookup', () =>
      Promise.all(unsent.map(async (page) => ({ page, taken: await client.pages.findBySlug(page.slug) }))),
    );
    return found.flatMap(({ page, taken }) =>
      taken
        ? [
            {
              page_id: page.id,
              page_title: page.pageTitle,
              slug: page.slug,
              existing: {
                id: taken.id,
                title: toPlainText(taken.title?.raw ?? taken.title?.rendered ?? ''),
                status: taken.status,
                link: taken.link,
              },
              live: isLivePage(taken),
            },
          ]
        : [],
    );
  }

  /** The publish run's work (publish-runs/publish-run.runner.ts): each page without a result yet. */
  async publishRun(progress: RunProgress): Promise<void> {
    const { run } = progress;
    const project = await this.projects.require(run.projectId);
    const site = await this.projects.requireSite(project);
    await this.sites.requireActiveSite(site.id);
    const pages = (await this.repo.listByIds(run.projectId, progress.pending)).sort(
      (a, b) => run.itemIds.indexOf(a.id) - run.itemIds.indexOf(b.id),
    );
    // An unreachable site is its failure, not ours: the run stops and says why, as an article publish does.
    const client = await wordpressStep('connection', () => this.sites.getClientForSite(site.id));
    let deliverSchema = false;
    if (pages.some((p) => p.schemaMarkup)) {
      const delivery = await scriptDelivery(client);
      deliverSchema = delivery.allowed;
      if (!delivery.allowed)
        await progress.warn(`Schema markup was stored but not added to the pages: ${delivery.reason}.`);
    }
    const updateExisting = new Set(run.updateExistingIds);
    for (const page of pages) {
      await progress.record(
        await this.publisher.publishOne(client, page, {
          status: run.targetStatus,
          deliverSchema,
          updateExisting: updateExisting.has(page.id),
        }),
      );
    }
    const legalDrafts = (await this.repo.listByIds(run.projectId, run.itemIds)).filter(
      (p) => p.needsLegalReview,
    ).length;
    if (legalDrafts > 0 && run.targetStatus === 'publish')
      await progress.warn(`${legalDrafts} legal page(s) were saved as drafts: have them reviewed before publishing.`);
  }

  private async selected(projectId: number, ids: number[]): Promise<SeoPageRow[]> {
    const unique = [...new Set(ids)];
    const rows = await this.repo.listByIds(projectId, unique);
    const missing = unique.filter((id) => !rows.some((r) => r.id === id));
    if (missing.length > 0) throw badRequest('pageIds', `not pages of this project: ${missing.join(', ')}`);
    return rows;
  }

  private async pageContext(project: SeoProjectListRow): Promise<PageContext> {
    const keywords = await this.keywords.list(project.id);
    const ordered = [
      ...keywords.filter((k) => k.keywordType === 'primary'),
      ...keywords.filter((k) => k.keywordType !== 'primary'),
    ].map((k) => k.keyword);
    const contact = project.contactInfo;
    return {
      niche: project.niche,
      companyName: project.companyName,
      keywords: ordered,
      hasContact: Boolean(contact && (contact.email || contact.phone || contact.address)),
    };
  }

  private async writeAndStore(project: SeoProjectListRow, plans: PagePlan[], origin: SeoPageRow['origin']) {
    const { pages, source } = await this.writer.write(plans, {
      niche: project.niche,
      audience: project.targetAudience,
      companyName: project.companyName,
      companyDescription: project.companyDescription,
      contactInfo: project.contactInfo ?? { email: '', phone: '', address: '' },
      project,
    });
    const rows = await this.repo.upsert(
      pages.map(({ plan, content, metaDescription }) => ({
        projectId: project.id,
        // Built from the project's niche and company name: plain text, escaped when published.
        pageTitle: toPlainText(plan.title),
        pageType: plan.pageType,
        slug: plan.slug,
        content,
        metaDescription,
        targetKeywords: plan.targetKeywords,
        origin,
        needsLegalReview: LEGAL_PAGE_TYPES.includes(plan.pageType),
      })),
    );
    return { rows, source };
  }
}
