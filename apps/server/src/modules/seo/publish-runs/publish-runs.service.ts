import { SEO_PUBLISH_RUN_PAGE, type SeoPublishRun } from '@abp/contracts';
import { badRequest, conflict, notFound } from '../../../errors.js';
import type { ProjectsService } from '../projects/projects.service.js';
import { toPublishRunDto } from './publish-run-dto.js';
import type { PublishRunsRepository, SeoPublishRunRow } from './publish-runs.repository.js';

/** What a kind of publish run checks when it is asked for: the items it will push, in order. */
export interface PublishItemsSelector {
  selectForPublish(projectId: number, ids: number[] | undefined): Promise<number[]>;
}

const NOUN = { pages: 'pages', articles: 'articles' } as const;

/**
 * Starts "Publish Pages" / "Publish Articles" as durable runs and reports on them. The request
 * checks what it can at once (project, site, the items: 400/404/409 as before); the pushing
 * happens in the run's job, which the wizard follows.
 */
export class PublishRunsService {
  constructor(
    private readonly repo: PublishRunsRepository,
    private readonly projects: ProjectsService,
    private readonly selectors: Record<SeoPublishRunRow['kind'], PublishItemsSelector>,
  ) {}

  /**
   * The same request again while its run is unfinished (a double click, a retried request) answers
   * with that run; a different one waits for it to finish (409), so nothing is pushed twice at once.
   */
  async start(
    projectId: number,
    kind: SeoPublishRunRow['kind'],
    request: { status: 'publish' | 'draft'; ids: number[] | undefined; updateExisting?: number[] | undefined },
  ): Promise<SeoPublishRun> {
    const itemIds = await this.selectors[kind].selectForPublish(projectId, request.ids);
    const updateExistingIds = [...new Set(request.updateExisting ?? [])];
    const strangers = updateExistingIds.filter((id) => !itemIds.includes(id));
    if (strangers.length > 0)
      throw badRequest('updateExisting', `not among the pages to publish: ${strangers.join(', ')}`);
    await this.repo.failStale(projectId);
    for (let attempt = 0; attempt < 2; attempt++) {
      const running = await this.repo.active(projectId, kind);
      if (running) {
        if (
          running.targetStatus === request.status &&
          sameItems(running.itemIds, itemIds) &&
          sameSet(running.updateExistingIds, updateExistingIds)
        )
          return toPublishRunDto(running);
        throw conflict(
          `The ${NOUN[kind]} of this project are being published (run ${running.id}): wait until it has finished, then publish again.`,
        );
      }
      const created = await this.repo.insertQueued({
        projectId,
        kind,
        targetStatus: request.status,
        itemIds,
        updateExistingIds,
      });
      if (created) return toPublishRunDto(created);
      // Another request created one between our look and our insert: answer as for that one.
    }
    throw conflict(
      `The ${NOUN[kind]} of this project are being published: wait until it has finished, then publish again.`,
    );
  }

  async get(runId: number): Promise<SeoPublishRun> {
    const row = await this.repo.get(runId);
    if (!row) throw notFound(SEO_PUBLISH_RUN_PAGE.notFound);
    if (row.state !== 'running') return toPublishRunDto(row);
    await this.repo.failStale(row.projectId);
    return toPublishRunDto((await this.repo.get(runId)) ?? row);
  }

  /**
   * POST /api/seo/publish-runs/{runId}/retry: a finished run's items that did not reach the site
   * (failed, or never reached when the run stopped) go out again in a new run of the same kind and
   * status (202, like a start); an item deliberately not sent (skipped) stays so.
   */
  async retryFailed(runId: number): Promise<SeoPublishRun> {
    const row = await this.repo.get(runId);
    if (!row) throw notFound(SEO_PUBLISH_RUN_PAGE.notFound);
    await this.repo.failStale(row.projectId);
    const current = (await this.repo.get(runId)) ?? row;
    if (current.state === 'queued' || current.state === 'running') throw conflict(SEO_PUBLISH_RUN_PAGE.stillRunning);
    const settled = new Set(current.results.filter((r) => r.outcome !== 'failed').map((r) => r.id));
    const ids = current.itemIds.filter((id) => !settled.has(id));
    if (ids.length === 0) throw conflict(SEO_PUBLISH_RUN_PAGE.nothingToRetry);
    return this.start(current.projectId, current.kind, {
      status: current.targetStatus,
      ids,
      updateExisting: current.updateExistingIds.filter((id) => ids.includes(id)),
    });
  }

  /** POST /api/seo/publish-runs/{runId}/cancel: an unfinished run stops after the item being pushed. */
  async cancel(runId: number): Promise<SeoPublishRun> {
    const row = await this.repo.get(runId);
    if (!row) throw notFound(SEO_PUBLISH_RUN_PAGE.notFound);
    if (!(await this.repo.cancel(runId, SEO_PUBLISH_RUN_PAGE.cancelledReason)))
      throw conflict(SEO_PUBLISH_RUN_PAGE.alreadyOver);
    return toPublishRunDto((await this.repo.get(runId)) ?? row);
  }

  async latest(projectId: number): Promise<SeoPublishRun[]> {
    await this.projects.require(projectId);
    await this.repo.failStale(projectId);
    return (await this.repo.latest(projectId)).map(toPublishRunDto);
  }
}

function sameItems(a: number[], b: number[]): boolean {
  return a.length === b.length && a.every((id, index) => id === b[index]);
}

function sameSet(a: number[], b: number[]): boolean {
  return a.length === b.length && a.every((id) => b.includes(id));
}
