import { z } from 'zod';
import { wordpressAuthorIdSchema, wordpressCategoryIdsSchema } from './blog-configs.js';
import { DEFAULT_TASK_TYPE, taskTypeSchema, WORD_COUNT_LIMITS } from './generation.js';
import { idTextSchema } from './ids.js';
import { optionalPublishPolicyInputSchema, publishPolicyValueSchema } from './publish-policy.js';
import { reviewReasonSchema } from './review.js';
import { confirmBudgetSchema } from './usage.js';

/* Background bulk generation: the Bulk Generation tab, the top-bar job indicator and their calls. */

export const BULK_JOB_STATUSES = [
  'queued',
  'processing',
  'completed',
  'completed_with_errors',
  'failed',
  'cancelled',
] as const;
export const bulkJobStatusSchema = z.enum(BULK_JOB_STATUSES);
export type BulkJobStatus = z.infer<typeof bulkJobStatusSchema>;

/** Spec: on reaching one of these the stored job and the polling are cleared. */
export const FINAL_BULK_JOB_STATUSES = [
  'completed',
  'completed_with_errors',
  'failed',
  'cancelled',
] as const satisfies readonly BulkJobStatus[];
export function isFinalBulkJobStatus(status: string): boolean {
  return (FINAL_BULK_JOB_STATUSES as readonly string[]).includes(status);
}

export const BULK_ITEM_STATUSES = ['pending', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type BulkItemStatus = (typeof BULK_ITEM_STATUSES)[number];

export const BULK_LIMITS = {
  maxItems: 1000,
  /** The engine's own topic limit. */
  maxItemLength: 500,
  wordCount: {
    min: WORD_COUNT_LIMITS.manual.min,
    max: WORD_COUNT_LIMITS.manual.max,
    fallback: WORD_COUNT_LIMITS.manual.bulkFallback,
  },
  /** Cut of an item's text in the results lists. */
  itemTextCut: 60,
} as const;

/** The shell remembers the active job in local storage under this key, as `{ jobId }`. */
export const MANUAL_BULK_JOB_STORAGE_KEY = 'manualBulkJob';
/**
 * The tab's last job, kept after it ends (the spec clears 'manualBulkJob' then): coming back to the
 * tab shows that job and its results again instead of an empty form (issue #37 point 2).
 */
export const MANUAL_BULK_LAST_JOB_STORAGE_KEY = 'manualBulkJobLast';
/** Dispatched on window whenever the stored job changes; the top-bar indicator re-reads it. */
export const MANUAL_BULK_JOB_EVENT = 'manualBulkJobUpdated';

export const BULK_POLLING = {
  /** The top-bar indicator (spec part 1). */
  indicatorMs: 5000,
  /** The Bulk Generation tab (spec part 2). */
  firstPollMs: 1000,
  pollMs: 2000,
  errorRetryMs: 5000,
  maxPolls: 600,
} as const;

/** The exact texts of both specs. */
export const BULK_MESSAGES = {
  jobNotFound: 'Job not found',
  queued: 'Job queued, waiting to start...',
  processing: (successful: number, failed: number, remaining: number) =>
    `Processing: ${successful} successful, ${failed} failed, ${remaining} remaining`,
  // The spec's 'Job completed! ...' read as a placeholder (issue #17 item 19): the figures instead.
  completed: (successful: number) =>
    `Job completed: ${successful} ${successful === 1 ? 'article' : 'articles'} generated`,
  completedWithErrors: (successful: number, failed: number) =>
    `Job completed with errors: ${successful} ${successful === 1 ? 'article' : 'articles'} generated, ${failed} failed`,
  failed: (error: string | null | undefined) => `Job failed: ${error || 'Unknown error'}`,
  cancelled: 'Job was cancelled',
  noneSucceeded: (status: string) => `Job ${status}. No articles were generated successfully.`,
  resuming: 'Resuming background bulk job',
  lostOnTab: 'Previous bulk job was lost (server restart), please try again',
  lostOnIndicator: 'Previous bulk job was lost (server restart), clearing...',
  missingInput: 'Please enter items list and select a site',
  noItems: 'Please enter at least one item',
  startFailed: (message: string) => `Failed to start background job: ${message}`,
  retryFailed: (message: string) => `Failed to retry: ${message}`,
  cancelFailed: (message: string) => `Failed to cancel job: ${message}`,
  clearFailed: 'Failed to clear job data',
  cancelRequested: 'Bulk job cancellation requested',
  indicatorEmpty: 'No active bulk job',
  indicatorStarting: 'Starting…',
  toast: {
    queued: 'Bulk job queued',
    processing: 'Bulk job processing',
    completed: 'Bulk job completed',
    completed_with_errors: 'Bulk job completed with errors',
    failed: 'Bulk job failed',
    cancelled: 'Bulk job cancelled',
  } satisfies Record<BulkJobStatus, string>,
} as const;

/**
 * Every job has a page of its own (issue #37 point 2): /jobs/<kind>/<id>. The kind names who ran it,
 * so a deep link survives a reload and names the API to read.
 */
export const JOB_PAGE_KINDS = ['bulk', 'trend', 'seo-publish'] as const;
export type JobPageKind = (typeof JOB_PAGE_KINDS)[number];
export const jobPagePath = (kind: JobPageKind, id: string | number): string =>
  `/jobs/${kind}/${encodeURIComponent(String(id))}`;

/** The bulk job page's texts (the e2e checks them). */
export const BULK_JOB_PAGE = {
  title: 'Bulk job',
  openPage: 'Open the job page',
  openJob: 'Open job',
  back: 'Back to Bulk Generation',
  retryItem: 'Retry this item',
  openArticle: 'Open article',
  viewPost: 'View post',
  reasonLabel: 'Reason:',
  itemRetried: (position: number) => `Item ${position + 1} queued again`,
  retried: (count: number) => `${count} ${count === 1 ? 'item' : 'items'} queued again`,
  notFound: 'This job does not exist (any more): it may have been deleted with its site.',
} as const;

/** Lines trimmed, empty lines dropped, duplicates kept: the one rule both sides apply. */
export function parseItemsList(itemsList: string | readonly string[]): string[] {
  const lines = typeof itemsList === 'string' ? itemsList.split(/\r?\n/) : itemsList;
  return lines.map((line) => line.trim()).filter((line) => line.length > 0);
}

/**
 * Loose on purpose: the service checks the rules and answers 400s naming the field (items_list,
 * site_id, options.wordCount) in the operator's words.
 */
export const bulkJobStartSchema = z.object({
  items_list: z.union([z.string().max(2_000_000), z.array(z.string().max(10_000)).max(100_000)]),
  site_id: idTextSchema('site_id').nullable().optional(),
  task_type: taskTypeSchema.default(DEFAULT_TASK_TYPE),
  options: z
    .object({
      includeImages: z.boolean().default(true),
      publishStatus: z.enum(['draft', 'publish']).default('draft'),
      /** Empty (or missing) falls back to 1,500. */
      wordCount: z
        .union([z.number(), z.string().max(20)])
        .nullable()
        .optional(),
      persona: z.string().trim().max(500).nullable().optional(),
      postToWordPress: z.boolean().default(true),
      /** WordPress categories and author of every post of the job; without them the site's blog configuration decides. */
      categoryIds: wordpressCategoryIdsSchema.optional(),
      authorId: wordpressAuthorIdSchema.optional(),
    })
    .default({ includeImages: true, publishStatus: 'draft', postToWordPress: true }),
  /** The publishing policy of the job's articles (issue #33); null or absent: the site's (its blog configuration's, else its own). */
  publish_policy: optionalPublishPolicyInputSchema.optional(),
  /** The operator confirmed that the job may cross a monthly budget (issue #37); without it such a start is a 409. */
  confirm_budget: confirmBudgetSchema,
});
export type BulkJobStartInput = z.input<typeof bulkJobStartSchema>;
export type BulkJobStart = z.infer<typeof bulkJobStartSchema>;

/** `notices`: what the server changed in the list (duplicate lines merged), for the operator to read. */
export const bulkJobStartedSchema = z.object({ job_id: z.string(), notices: z.array(z.string()).default([]) });
export type BulkJobStarted = z.infer<typeof bulkJobStartedSchema>;

export const bulkJobIdParamSchema = z.object({ id: z.string().min(1).max(100) });
/** An item of a job by its position in the list (0-based, as the results give it). */
export const bulkJobItemParamSchema = bulkJobIdParamSchema.extend({
  position: z.coerce
    .number({ error: 'position must be a whole number' })
    .int('position must be a whole number')
    .min(0, 'position must be 0 or more')
    .max(BULK_LIMITS.maxItems - 1, `position must be below ${BULK_LIMITS.maxItems}`),
});

export const bulkJobProgressSchema = z.object({
  processed: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  successful: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
});
export type BulkJobProgress = z.infer<typeof bulkJobProgressSchema>;

export const bulkJobSchema = z.object({
  job_id: z.string(),
  status: bulkJobStatusSchema,
  stage: z.string(),
  progress: bulkJobProgressSchema,
  /** ISO time; null until an item has finished (nothing measured yet) and once the job is final. */
  estimated_completion: z.string().nullable(),
  error: z.string().nullable(),
  /** What the job's model calls cost so far (issue #16), and what the rest will cost at the same rate (null once final or before an item ended). */
  cost: z.object({
    spent_usd: z.number().nonnegative(),
    calls: z.number().int().nonnegative(),
    input_tokens: z.number().int().nonnegative(),
    output_tokens: z.number().int().nonnegative(),
    estimated: z.boolean(),
    estimate_to_finish_usd: z.number().nonnegative().nullable(),
  }),
  /** The job's own publishing policy (issue #33); null: the site's. */
  publish_policy: publishPolicyValueSchema.nullable().optional(),
});
export type BulkJob = z.infer<typeof bulkJobSchema>;

export const bulkJobStatusResponseSchema = z.object({ job: bulkJobSchema });
export type BulkJobStatusResponse = z.infer<typeof bulkJobStatusResponseSchema>;

export const bulkJobItemResultSchema = z.object({
  position: z.number().int().nonnegative(),
  originalItem: z.string(),
  topic: z.string(),
  attempts: z.number().int().nonnegative(),
  refusal_recovered: z.boolean(),
  refusal_matches: z.array(z.string()),
  error: z.string().nullable(),
  article_id: z.number().int().nullable(),
  wordpress_post_id: z.number().int().nullable(),
  wordpress_link: z.string().nullable(),
  /** Its article waits in the Review inbox (issue #33): 'held' ("Held for review"), 'delayed' (until release_at), … */
  review_reason: reviewReasonSchema.nullable().optional(),
  release_at: z.string().nullable().optional(),
});
export type BulkJobItemResult = z.infer<typeof bulkJobItemResultSchema>;

export const bulkJobResultsResponseSchema = z.object({
  job: bulkJobSchema.extend({
    results: z.object({
      successful: z.array(bulkJobItemResultSchema),
      failed: z.array(bulkJobItemResultSchema),
      /** Items a cancel (or Clear Stuck Jobs) stopped before they ran (issue #17 item 15); Retry takes them with the failed ones. */
      not_run: z.array(bulkJobItemResultSchema),
    }),
  }),
});
export type BulkJobResultsResponse = z.infer<typeof bulkJobResultsResponseSchema>;

/** GET /api/bulk-jobs: the latest jobs, newest first (issue #17 item 15: a job history). */
export const BULK_HISTORY_LIMIT = 20;
export const bulkJobHistoryEntrySchema = z.object({
  job_id: z.string(),
  status: bulkJobStatusSchema,
  site_id: z.number().int().nullable(),
  site_name: z.string().nullable(),
  task_type: z.string(),
  progress: bulkJobProgressSchema,
  /** Items that never ran (cancelled before they started). */
  not_run: z.number().int().nonnegative(),
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type BulkJobHistoryEntry = z.infer<typeof bulkJobHistoryEntrySchema>;
export const bulkJobHistoryResponseSchema = z.object({ jobs: z.array(bulkJobHistoryEntrySchema) });
export type BulkJobHistoryResponse = z.infer<typeof bulkJobHistoryResponseSchema>;

export const bulkJobRetryResponseSchema = z.object({
  job_id: z.string(),
  retried: z.number().int().nonnegative(),
  status: bulkJobStatusSchema,
});
export type BulkJobRetryResponse = z.infer<typeof bulkJobRetryResponseSchema>;

export const bulkJobCancelResponseSchema = z.object({
  job_id: z.string(),
  status: bulkJobStatusSchema,
  message: z.string(),
});
export type BulkJobCancelResponse = z.infer<typeof bulkJobCancelResponseSchema>;

export const bulkJobsClearStuckResponseSchema = z.object({
  cleared: z.number().int().nonnegative(),
  job_ids: z.array(z.string()),
});
export type BulkJobsClearStuckResponse = z.infer<typeof bulkJobsClearStuckResponseSchema>;

/** What the web keeps in local storage under MANUAL_BULK_JOB_STORAGE_KEY. */
export const storedBulkJobSchema = z.object({ jobId: z.string().min(1) });
export type StoredBulkJob = z.infer<typeof storedBulkJobSchema>;
