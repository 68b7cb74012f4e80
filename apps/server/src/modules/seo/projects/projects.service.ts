import type { SeoLogStatus, SeoProject, SeoProjectLog, seoProjectCreateSchema } from '@abp/contracts';
import type { z } from 'zod';
import type { Tx } from '../../../db/client.js';
import { SiteUnavailableError } from '../../../domain-errors.js';
import { badRequest, notFound } from '../../../errors.js';
import type { SeoSites } from '../shared/ports.js';
import { toLogDto, toProjectDto } from './project-dto.js';
import type { ProjectLogsRepository } from './project-logs.repository.js';
import type { ProjectsRepository, SeoProjectListRow, SeoProjectRow } from './projects.repository.js';

type ProjectCreate = z.output<typeof seoProjectCreateSchema>;

export interface LogEntry {
  phase: number;
  step: string;
  status: SeoLogStatus;
  message: string;
  details?: Record<string, unknown>;
}

/** The four phase-3 steps; each done one is a quarter of the phase. */
export const OPTIMISATION_STEPS = ['meta_descriptions', 'schema_markup', 'internal_linking', 'publishing'] as const;

/** Projects, their log and their phase/progress: every other SEO service goes through this one. */
export class ProjectsService {
  constructor(
    private readonly repo: ProjectsRepository,
    private readonly logsRepo: ProjectLogsRepository,
    private readonly sites: SeoSites,
  ) {}

  async list(): Promise<SeoProject[]> {
    return (await this.repo.list()).map(toProjectDto);
  }

  async get(id: number): Promise<SeoProject> {
    const row = await this.repo.findWithSite(id);
    if (!row) throw notFound('SEO project not found');
    return toProjectDto(row);
  }

  async create(input: ProjectCreate): Promise<SeoProject> {
    await this.siteForProject(input.site_id);
    const row = await this.repo.insert({
      siteId: input.site_id,
      projectName: input.project_name,
      niche: input.niche,
      companyName: input.company_name,
      goal: input.goal,
      targetAudience: input.target_audience,
      businessContext: input.business_context,
    });
    await this.log(row.id, {
      phase: 1,
      step: 'project_created',
      status: 'info',
      message: `Project "${row.projectName}" created for the niche "${row.niche}"`,
    });
    return this.get(row.id);
  }

  /**
   * The project named by a request. `field` set: the id came in the body, so an unknown one is
   * a 400 naming that field; otherwise it was the path and the answer is a 404.
   */
  async require(id: number, field?: string): Promise<SeoProjectListRow> {
    const row = await this.repo.findWithSite(id);
    if (row) return row;
    if (field) throw badRequest(field, `no SEO project with id ${id} exists`);
    throw notFound('SEO project not found');
  }

  /** The project's site, which must still exist (a deleted site leaves the project without one). */
  async requireSite(project: SeoProjectRow): Promise<{ id: number; name: string; url: string }> {
    if (project.siteId === null)
      throw badRequest(
        'site_id',
        'the project has no site any more (it was deleted): create a new project for another site',
      );
    return this.sites.findOrThrow(project.siteId);
  }

  async log(projectId: number, entry: LogEntry): Promise<void> {
    await this.logsRepo.insert({
      projectId,
      phase: entry.phase,
      step: entry.step,
      status: entry.status,
      message: entry.message,
      details: entry.details ?? {},
    });
  }

  async logs(projectId: number, limit = 100): Promise<SeoProjectLog[]> {
    await this.require(projectId);
    return (await this.logsRepo.list(projectId, limit)).map(toLogDto);
  }

  /** In the caller's transaction: the project's row is held until it ends, so counts read after this see every earlier article. */
  lock(projectId: number, tx: Tx): Promise<void> {
    return this.repo.lock(projectId, tx);
  }

  /** `tx`: in the caller's transaction (an article's unit moving phase 2 on as it ends). */
  advance(projectId: number, phase: number, progress: number, tx?: Tx): Promise<void> {
    return this.repo.advance(projectId, phase, Math.min(100, Math.max(0, Math.round(progress))), tx);
  }

  markFailed(projectId: number): Promise<void> {
    return this.repo.setStatus(projectId, 'failed');
  }

  setPlannedArticles(projectId: number, total: number): Promise<void> {
    return this.repo.update(projectId, { totalArticlesPlanned: total });
  }

  saveCompanyDetails(
    projectId: number,
    details: {
      companyName: string;
      companyDescription: string;
      contactInfo: { email: string; phone: string; address: string };
    },
  ): Promise<void> {
    return this.repo.update(projectId, details);
  }

  /** Phase 3 advances a quarter per distinct step; all four complete the project. */
  async optimisationDone(projectId: number, step: (typeof OPTIMISATION_STEPS)[number]): Promise<void> {
    const steps = await this.repo.addOptimisationStep(projectId, step);
    const done = OPTIMISATION_STEPS.filter((s) => steps.includes(s)).length;
    await this.advance(projectId, 3, (done / OPTIMISATION_STEPS.length) * 100);
  }

  private async siteForProject(siteId: number): Promise<void> {
    try {
      await this.sites.findOrThrow(siteId);
    } catch (error) {
      if (error instanceof SiteUnavailableError && error.reason === 'missing')
        throw badRequest('site_id', `no site with id ${siteId} exists`);
      throw error;
    }
  }
}
