import { randomUUID } from 'node:crypto';
import {
  BULK_HISTORY_LIMIT,
  BULK_MESSAGES,
  type BulkJobCancelResponse,
  type BulkJobHistoryResponse,
  type BulkJobResultsResponse,
  type BulkJobRetryResponse,
  type BulkJobStart,
  type BulkJobStarted,
  type BulkJobStatusResponse,
  type BulkJobsClearStuckResponse,
  isFinalBulkJobStatus,
} from '@abp/contracts';
import type { Tx } from '../../db/client.js';
import { SiteUnavailableError } from '../../domain-errors.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import type { PlacementCheck } from '../site-inventory/placement-check.js';
import { estimateCompletion, type JobSpend, toBulkJob, toItemResult } from './bulk-job-dto.js';
import type { BulkJobRow, BulkJobsRepository } from './bulk-jobs.repository.js';
import type { BulkRunningUnits, BulkSites } from './bulk-ports.js';
import { validateBulkStart } from './bulk-start-input.js';

export interface BulkUsage {
  spend?: (jobId: string) => Promise<JobSpend>;
  budgetBlock?: (siteId: number) => Promise<string | null>;
  /** A 409 naming the budget when the job's estimate would cross one and the start is not confirmed (issue #37). */
  budgetConfirm?: (
    request: { articles: number; word_count: number; site_id: number },
    confirmed: boolean | undefined,
  ) => Promise<void>;
}

export interface BulkJobsSettings {
  /** Items run at once per worker process (LLM_CONCURRENCY). */
  concurrency: number;
  /** A job whose items made no progress this long is cleared by Clear Stuck Jobs (BULK_STUCK_MINUTES). */
  stuckMinutes: number;
}

/** The bulk-job rules behind the API; each item is a unit of the article pipeline, which runs it. */
export class BulkJobsService {
  constructor(
    private readonly repo: BulkJobsRepository,
    private readonly sites: BulkSites,
    private readonly runs: BulkRunningUnits,
    private readonly settings: BulkJobsSettings,
    /** Sets a job's final status when none of its items is open any more (BulkItemsRepository's). */
    private readonly finalise: (tx: Tx, jobId: string) => Promise<void>,
    private readonly now: () => Date = () => new Date(),
    /** Cost control: the usage ledger's sums for a job, and a reached monthly budget's reason for a site. */
    private readonly usage: BulkUsage = {},
    /** The site inventory's check of category and author ids (issue #31): an unknown one is a 400. */
    private readonly placementCheck?: PlacementCheck,
  ) {}

  async start(body: BulkJobStart): Promise<BulkJobStarted> {
    const { notices, ...input } = validateBulkStart(body);
    const rejected = await this.requireSite(input.siteId);
    // Issue #37 point 3: the job is kept (it is the operator's list), but its items are skipped
    // before anything is written, each saying why, until the credentials are fixed; then Retry.
    if (rejected) notices.push(rejected);
    await this.placementCheck?.(
      input.siteId,
      { categoryIds: input.options.categoryIds ?? [], authorId: input.options.authorId ?? null },
      { categoryIds: 'options.categoryIds', authorId: 'options.authorId' },
    );
    // A reached budget refuses new work: a 409 that names it (issue #16).
    const overBudget = await this.usage.budgetBlock?.(input.siteId);
    if (overBudget) throw conflict(overBudget);
    await this.usage.budgetConfirm?.(
      { articles: input.items.length, word_count: input.options.wordCount, site_id: input.siteId },
      body.confirm_budget,
    );
    const id = randomUUID();
    await this.repo.create({ id, ...input });
    return { job_id: id, notices };
  }

  async status(id: string): Promise<BulkJobStatusResponse> {
    const job = await this.findOrThrow(id);
    return { job: await this.describe(job) };
  }

  async results(id: string): Promise<BulkJobResultsResponse> {
    const job = await this.findOrThrow(id);
    const items = await this.repo.finishedItems(id);
    const results = {
      successful: items.filter((item) => item.status === 'succeeded').map(toItemResult),
      failed: items.filter((item) => item.status === 'failed').map(toItemResult),
      not_run: items.filter((item) => item.status === 'cancelled').map(toItemResult),
    };
    return { job: { ...(await this.describe(job)), results } };
  }

  async history(): Promise<BulkJobHistoryResponse> {
    const rows = await this.repo.history(BULK_HISTORY_LIMIT);
    return {
      jobs: rows.map(({ job, siteName, notRun }) => ({
        job_id: job.id,
        status: job.status,
        site_id: job.siteId,
        site_name: siteName,
        task_type: job.taskType,
        progress: { processed: job.processed, total: job.total, successful: job.successful, failed: job.failed },
        not_run: Number(notRun),
        error: job.error,
        created_at: job.createdAt.toISOString(),
        finished_at: job.finishedAt?.toISOString() ?? null,
      })),
    };
  }

  /** Retry Failed, or with `position` the one item of that row (the job page); the same queue path either way. */
  async retry(id: string, position?: number): Promise<BulkJobRetryResponse> {
    const job = await this.findOrThrow(id);
    if (!isFinalBulkJobStatus(job.status))
      throw conflict('The job is still running: retry its failed items once it has finished');
    // Items of a site still over its budget would only fail again at once: the 409 names the budget (issue #31).
    const overBudget = job.siteId === null ? null : await this.usage.budgetBlock?.(job.siteId);
    if (overBudget) throw conflict(overBudget);
    // Still rejected: the items would only be skipped again (issue #37 point 3).
    const rejected = job.siteId === null ? null : await this.requireSite(job.siteId).catch(() => null);
    if (rejected) throw conflict(rejected);
    if (position !== undefined && position >= job.total)
      throw notFound(`The job has no item ${position} (its items are numbered 0 to ${job.total - 1})`);
    const retried = await this.repo.retryFailed(id, position);
    if (retried === 0)
      throw conflict(
        position === undefined
          ? 'The job has no failed or unrun items to retry'
          : `Item ${position} did not fail and was not left unrun: there is nothing to retry`,
      );
    return { job_id: id, retried, status: 'queued' };
  }

  /**
   * No new item starts; this process' runs abort now, other processes' within a second (the
   * pipeline asks BulkItemConsumer.cancelled). The job
   * reads 'cancelled' once its running items have stopped (at once when none was running).
   */
  async cancel(id: string): Promise<BulkJobCancelResponse> {
    const job = await this.findOrThrow(id);
    if (isFinalBulkJobStatus(job.status))
      return { job_id: id, status: job.status, message: 'The job had already finished' };
    await this.repo.cancel(id, this.finalise);
    this.runs.stopJob(id);
    return { job_id: id, status: (await this.findOrThrow(id)).status, message: BULK_MESSAGES.cancelRequested };
  }

  async clearStuck(): Promise<BulkJobsClearStuckResponse> {
    const minutes = this.settings.stuckMinutes;
    const reason = `No item made progress for ${minutes} minutes: the job was cleared by Clear Stuck Jobs. Retry Failed runs its remaining items again.`;
    const cleared: string[] = [];
    for (const id of await this.repo.findStuck(minutes)) {
      if (await this.repo.clearStuck(id, minutes, reason)) {
        this.runs.stopJob(id);
        cleared.push(id);
      }
    }
    return { cleared: cleared.length, job_ids: cleared };
  }

  private async describe(job: BulkJobRow) {
    const spend = (await this.usage.spend?.(job.id)) ?? undefined;
    if (isFinalBulkJobStatus(job.status) || job.cancelRequestedAt) return toBulkJob(job, null, spend);
    const timing = await this.repo.itemTiming(job.id);
    return toBulkJob(job, estimateCompletion(job, timing, this.settings.concurrency, this.now()), spend);
  }

  private async findOrThrow(id: string): Promise<BulkJobRow> {
    const job = await this.repo.find(id);
    if (!job) throw notFound(BULK_MESSAGES.jobNotFound);
    return job;
  }

  /**
   * Unknown, inactive or being-deleted sites are the request's fault here: 400 naming site_id. A site
   * whose credentials WordPress rejected is accepted, with the reason returned for the operator.
   */
  private async requireSite(siteId: number): Promise<string | null> {
    try {
      await this.sites.requireActiveSite(siteId);
      return null;
    } catch (error) {
      if (error instanceof SiteUnavailableError && error.reason === 'credentials_rejected') return error.message;
      if (error instanceof SiteUnavailableError)
        throw badRequest('site_id', error.reason === 'missing' ? `No site with id ${siteId}` : error.message);
      throw error;
    }
  }
}
