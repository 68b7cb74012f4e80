import {
  type DeletePreview,
  type DeleteProjectResponse,
  type DeleteProjectsResponse,
  type deleteProjectRequestSchema,
  type deleteProjectsRequestSchema,
  SEO_ACTIVE_PROJECT_MESSAGE,
  SEO_LIMITS,
} from '@abp/contracts';
import type { z } from 'zod';
import { AppError, badRequest, conflict } from '../../../errors.js';
import type { SeoArticlesRepository } from '../articles/seo-articles.repository.js';
import type { SeoProjectListRow } from '../projects/projects.repository.js';
import type { ProjectsService } from '../projects/projects.service.js';
import type { SeoPublishing, SeoSites } from '../shared/ports.js';
import { checkDeleteToken, createDeleteToken } from './delete-token.js';
import type { DeletionRepository } from './deletion.repository.js';
import { removeFromWordPress, type WordPressRemoval } from './wordpress-cleanup.js';

type DeleteRequest = z.output<typeof deleteProjectRequestSchema>;
type DeleteManyRequest = z.output<typeof deleteProjectsRequestSchema>;
type DeleteOptions = Pick<
  DeleteRequest,
  'deleteGeneratedArticles' | 'deleteWordPressPosts' | 'deletePermanently' | 'force'
>;

/** Project deletion: the preview, the two-phase single delete and the bulk delete. */
export class DeletionService {
  constructor(
    private readonly repo: DeletionRepository,
    private readonly articles: SeoArticlesRepository,
    private readonly projects: ProjectsService,
    private readonly sites: SeoSites,
    private readonly publishing: Pick<SeoPublishing, 'forgetPost'>,
    private readonly secret: string,
    private readonly now: () => number = () => Date.now(),
  ) {}

  async preview(projectId: number): Promise<DeletePreview> {
    const project = await this.projects.require(projectId);
    return this.previewOf(project);
  }

  /** First call: a short-lived confirmation token. Second call, with that token: the deletion. */
  async deleteProject(projectId: number, request: DeleteRequest): Promise<DeleteProjectResponse> {
    const project = await this.projects.require(projectId);
    const preview = await this.previewOf(project);
    if (preview.active && !request.force)
      throw conflict(SEO_ACTIVE_PROJECT_MESSAGE, [{ field: 'force', message: 'the project is currently active' }]);
    if (!request.confirmationToken) {
      const expiresAt = this.now() + SEO_LIMITS.deleteTokenTtlSeconds * 1000;
      return {
        status: 'confirmation_required',
        confirmationToken: createDeleteToken(this.secret, projectId, expiresAt),
        expires_at: new Date(expiresAt).toISOString(),
        message: 'Review the deletion details and confirm to proceed',
        preview,
      };
    }
    const check = checkDeleteToken(this.secret, projectId, request.confirmationToken, this.now());
    if (check === 'invalid')
      throw badRequest(
        'confirmationToken',
        'is not valid for this project: start the deletion again to get a new confirmation',
      );
    if (check === 'expired')
      throw badRequest(
        'confirmationToken',
        `has expired (confirmations last ${SEO_LIMITS.deleteTokenTtlSeconds / 60} minutes): start the deletion again`,
      );
    const deleted = await this.execute(project, request);
    return { status: 'deleted', success: true, message: 'Project deleted successfully', deleted };
  }

  /** Many at once, without the token step (the list's bulk mode confirms on screen). */
  async deleteMany(request: DeleteManyRequest): Promise<DeleteProjectsResponse> {
    const ids = [...new Set(request.projectIds)];
    const projects: SeoProjectListRow[] = [];
    const unknown: number[] = [];
    for (const id of ids) {
      const project = await this.projects.require(id).catch(() => null);
      if (project) projects.push(project);
      else unknown.push(id);
    }
    if (unknown.length > 0) throw badRequest('projectIds', `no SEO projects with ids ${unknown.join(', ')}`);
    if (!request.force) {
      const active = [];
      for (const project of projects)
        if ((await this.articles.counts(project.id)).active > 0) active.push(project.projectName);
      if (active.length > 0)
        throw conflict(`${SEO_ACTIVE_PROJECT_MESSAGE} Active: ${active.join(', ')}.`, [
          { field: 'force', message: 'some projects are currently active' },
        ]);
    }
    const errors: DeleteProjectsResponse['errors'] = [];
    let deletedCount = 0;
    for (const project of projects) {
      try {
        await this.execute(project, request);
        deletedCount++;
      } catch (error) {
        errors.push({ project_id: project.id, error: error instanceof Error ? error.message : String(error) });
      }
    }
    return { success: errors.length === 0, deleted_count: deletedCount, errors };
  }

  private async previewOf(project: SeoProjectListRow): Promise<DeletePreview> {
    const [relatedData, counts] = await Promise.all([
      this.repo.footprint(project.id),
      this.articles.counts(project.id),
    ]);
    return { project: { id: project.id, project_name: project.projectName }, relatedData, active: counts.active > 0 };
  }

  private async execute(project: SeoProjectListRow, options: DeleteOptions) {
    if (options.force) await this.articles.cancelActive(project.id);
    const before = await this.repo.footprint(project.id);
    let wordpress: WordPressRemoval = { posts: 0, pages: 0, media: 0 };
    if (options.deleteWordPressPosts && before.wordpress_posts + before.wordpress_pages > 0) {
      if (project.siteId === null)
        throw badRequest(
          'deleteWordPressPosts',
          "the project's site was deleted, so its WordPress posts cannot be reached",
        );
      const client = await this.sites.getClientForSite(project.siteId);
      wordpress = await removeFromWordPress(client, this.repo, this.publishing, project.id, {
        permanently: options.deletePermanently,
      });
    }
    const result = await this.repo.deleteProject(project.id, options.deleteGeneratedArticles);
    if (!result.deleted) throw new AppError('not_found', 'SEO project not found', 404);
    return {
      ...before,
      generated_articles: result.articles,
      wordpress_posts: wordpress.posts,
      wordpress_pages: wordpress.pages,
      wordpress_media: wordpress.media,
    };
  }
}
