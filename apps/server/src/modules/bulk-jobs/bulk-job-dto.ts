import { isFinalBulkJobStatus, type BulkJob, type BulkJobItemResult } from '@abp/contracts';
import type { BulkItemRow, BulkJobRow } from './bulk-jobs.repository.js';

/**
 * Measured time per item × the rounds of `concurrency` items still to run. Null until an item has
 * finished (nothing measured yet) and once the job is final.
 */
export function estimateCompletion(job: BulkJobRow, meanItemSeconds: number | null, concurrency: number, now: Date): string | null {
  if (isFinalBulkJobStatus(job.status) || meanItemSeconds === null) return null;
  const remaining = Math.max(0, job.total - job.processed);
  const rounds = Math.ceil(remaining / Math.max(1, concurrency));
  return new Date(now.getTime() + rounds * meanItemSeconds * 1000).toISOString();
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
