import { randomUUID } from 'node:crypto';
import { classifyThrown, INTERNAL_FAILURE_MESSAGE, mayRetry } from '../../article-pipeline/failure-classifier.js';
import type { ProjectsService } from '../projects/projects.service.js';
import { toPublishRunDto } from './publish-run-dto.js';
import type { PublishRunsRepository, SeoPublishRunRow } from './publish-runs.repository.js';
import { PublishRunCancelled, RunProgress } from './run-progress.js';

/** The work of one kind of run: push every item of progress.pending and record each result. */
export interface PublishRunWork {
  publishRun(progress: RunProgress): Promise<void>;
}

export interface RunAttempt {
  /** pg-boss' retry count of this entry: 0 on the first attempt. */
  retryCount: number;
  retryLimit: number;
}

// Renewed after every item; one item (an article with its image) takes well under this.
const LEASE_MS = 10 * 60_000;
const STEP = { pages: 'publish_pages', articles: 'publish_articles' } as const;
const LABEL = { pages: 'Pages', articles: 'Articles' } as const;

/**
 * Carries out one publish run (the `seoPublish` job). Each item's result is stored as it comes,
 * so a run resumed after a crash (pg-boss retries the entry once the dead worker's heartbeat
 * stops) pushes only what is left; the items themselves are idempotent (leases, markers).
 */
export class PublishRunRunner {
  constructor(
    private readonly repo: PublishRunsRepository,
    private readonly projects: ProjectsService,
    private readonly work: Record<SeoPublishRunRow['kind'], PublishRunWork>,
  ) {}

  async run(runId: number, attempt: RunAttempt = { retryCount: 0, retryLimit: 0 }): Promise<void> {
    const lease = randomUUID();
    const run = await this.repo.start(runId, lease, LEASE_MS);
    // Over, or deleted with its project: nothing to do. Busy: another worker is carrying it out
    // (should it die, its lease runs out and the queue's retry of its entry resumes the run).
    if (run === null || run === 'busy') return;
    try {
      await this.work[run.kind].publishRun(
        new RunProgress(this.repo, run, () => this.repo.renewLease(run.id, lease, LEASE_MS)),
      );
    } catch (error) {
      // Cancelled by the operator: the run already says so (and is no longer this worker's).
      if (error instanceof PublishRunCancelled) return;
      const decision = classifyThrown(error);
      // A passing failure (the database, a network blip before any push) is worth the queue's next
      // attempt, which must find the run free.
      if (mayRetry(decision) && attempt.retryCount < attempt.retryLimit) {
        await this.repo.releaseLease(run.id, lease);
        throw error;
      }
      await this.repo.finish(
        run.id,
        lease,
        'failed',
        decision.message === INTERNAL_FAILURE_MESSAGE
          ? 'Publishing stopped because of an internal error; see the server log.'
          : decision.message,
      );
      await this.projects.log(run.projectId, {
        phase: 3,
        step: STEP[run.kind],
        status: 'error',
        message: `${LABEL[run.kind]}: publishing stopped: ${decision.message}`,
        details: { success_count: 0 },
      });
      return;
    }
    await this.repo.finish(run.id, lease, 'done');
    const finished = (await this.repo.get(run.id))!;
    // Cancelled after its last item: the cancellation stands, nothing is reported as done.
    if (finished.state !== 'done') return;
    const { outcome } = toPublishRunDto(finished);
    await this.projects.log(run.projectId, {
      phase: 3,
      step: STEP[run.kind],
      status: outcome.failed === 0 ? 'success' : outcome.published + outcome.drafts > 0 ? 'warning' : 'error',
      message: `${LABEL[run.kind]}: ${outcome.published} published, ${outcome.drafts} saved as drafts, ${outcome.failed} failed`,
      details: { success_count: outcome.published + outcome.drafts, failed_count: outcome.failed },
    });
    if (outcome.published + outcome.drafts > 0) await this.projects.optimisationDone(run.projectId, 'publishing');
  }
}
