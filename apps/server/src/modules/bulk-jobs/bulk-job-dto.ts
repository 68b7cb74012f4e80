import { type BulkJob, type BulkJobItemResult, isFinalBulkJobStatus, publishPolicyValue } from '@abp/contracts';
import type { BulkJobRow, ItemTiming, ListedItemRow } from './bulk-jobs.repository.js';

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

/** The job's model calls so far, as the usage ledger sums them (nano-dollars). */
export interface JobSpend {
  calls: number;
  inputTokens: number;
  outputTokens: number;
  costNanos: number;
  estimated: boolean;
}

const NO_SPEND: JobSpend = { calls: 0, inputTokens: 0, outputTokens: 0, costNanos: 0, estimated: false };

/** The rest of a running job costs what its finished items cost on average. */
function costToFinish(job: BulkJobRow, spend: JobSpend): number | null {
  if (isFinalBulkJobStatus(job.status) || job.cancelRequestedAt || job.processed === 0) return null;
  return Math.round((spend.costNanos / job.processed) * Math.max(0, job.total - job.processed)) / 1e9;
}

export function toBulkJob(job: BulkJobRow, estimatedCompletion: string | null, spend: JobSpend = NO_SPEND): BulkJob {
  return {
    job_id: job.id,
    status: job.status,
    stage: job.stage,
    progress: { processed: job.processed, total: job.total, successful: job.successful, failed: job.failed },
    estimated_completion: estimatedCompletion,
    error: job.error,
    cost: {
      spent_usd: spend.costNanos / 1e9,
      calls: spend.calls,
      input_tokens: spend.inputTokens,
      output_tokens: spend.outputTokens,
      estimated: spend.estimated,
      estimate_to_finish_usd: costToFinish(job, spend),
    },
    publish_policy: job.options.publishPolicy
      ? publishPolicyValue(job.options.publishPolicy.mode, job.options.publishPolicy.delayHours)
      : null,
  };
}

export function toItemResult(item: ListedItemRow): BulkJobItemResult {
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
    review_reason: item.reviewReason ?? null,
    release_at: item.releaseAt?.toISOString() ?? null,
  };
}
