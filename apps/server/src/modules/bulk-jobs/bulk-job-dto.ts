import { isFinalBulkJobStatus, type BulkJob, type BulkJobItemResult } from '@abp/contracts';
import type { BulkItemRow, BulkJobRow, ItemTiming } from './bulk-jobs.repository.js';

/**
 * Measured time per item × the rounds still to run, `parallelism` items a round. The parallelism is
 * the number of the job's items running right now, in every worker process (the local
 * LLM_CONCURRENCY alone is too pessimistic with several workers); when none runs at this instant
 * (between items, or waiting out a rate limit) it is this process' concurrency, the least a single
 * worker runs at once. Null until an item has finished (nothing measured yet) and once the job is final.
 */
export function estimateCompletion(
  job: Pick<BulkJobRow, 'status' | 'total' | 'processed'>,
  timing: ItemTiming,
  localConcurrency: number,
  now: Date,
): string | null {
  if (isFinalBulkJobStatus(job.status) || timing.meanItemSeconds === null) return null;
  const remaining = Math.max(0, job.total - job.processed);
  const parallelism = Math.max(1, timing.runningItems > 0 ? timing.runningItems : localConcurrency);
  const rounds = Math.ceil(remaining / parallelism);
  return new Date(now.getTime() + rounds * timing.meanItemSeconds * 1000).toISOString();
}

export function toBulkJob(job: BulkJobRow, estimatedCompletion: string | null): BulkJob {
  return {
    job_id: job.id,
    status: job.status,
    stage: job.stage,
    progress: { processed: job.processed, total: job.total, successful: job.successful, failed: job.failed },
    estimated_completion: estimatedCompletion,
    error: job.error,
  };
}

export function toItemResult(item: BulkItemRow): BulkJobItemResult {
  return {
    position: item.position,
    originalItem: item.originalItem,
    topic: item.topic,
    attempts: item.attempts,
    refusal_recovered: item.refusalRecovered,
    refusal_matches: item.refusalMatches,
    error: item.error,
    article_id: item.articleId,
    wordpress_post_id: item.wordpressPostId,
    wordpress_link: item.wordpressLink,
  };
}
