import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { articles } from './articles.js';
import { sites } from './sites.js';

// Kept beside the table (drizzle-kit loads this file on its own); the contracts list the same values.
const BULK_JOB_STATUSES = [
  'queued',
  'processing',
  'completed',
  'completed_with_errors',
  'failed',
  'cancelled',
] as const;
const BULK_ITEM_STATUSES = ['pending', 'running', 'succeeded', 'failed', 'cancelled'] as const;

/** What the operator chose when starting the job; every item of the job uses it. */
export interface BulkJobOptionsRow {
  includeImages: boolean;
  publishStatus: 'draft' | 'publish';
  wordCount: number;
  persona: string;
  postToWordPress: boolean;
  /** WordPress categories and author (ids on the site); absent in jobs started before they existed. */
  categoryIds?: number[];
  authorId?: number | null;
  /** The job's own publishing policy (issue #33); absent: the site's blog configuration's, else the site's. */
  publishPolicy?: { mode: 'auto' | 'hold' | 'delay'; delayHours: number | null };
}

/**
 * A background bulk generation job. The counters are kept exact by the item completions, each of
 * which bumps them in the same transaction that finishes its item (processed = successful + failed).
 */
export const bulkJobs = pgTable(
  'bulk_jobs',
  {
    id: text('id').primaryKey(),
    siteId: integer('site_id').references(() => sites.id, { onDelete: 'set null' }),
    taskType: text('task_type').notNull(),
    options: jsonb('options').$type<BulkJobOptionsRow>().notNull(),
    status: text('status', { enum: BULK_JOB_STATUSES }).notNull().default('queued'),
    stage: text('stage').notNull().default('Waiting to start'),
    total: integer('total').notNull(),
    processed: integer('processed').notNull().default(0),
    successful: integer('successful').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    error: text('error'),
    /** Set by Cancel: no item starts any more; the job turns 'cancelled' once its running items have stopped. */
    cancelRequestedAt: timestamp('cancel_requested_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Last time an item started, finished or was rescheduled: what "stuck" is measured from. */
    lastProgressAt: timestamp('last_progress_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('bulk_jobs_status_idx').on(t.status)],
);

/** One line of the job's items list. The row, not the queue entry, is the truth about its state. */
export const bulkJobItems = pgTable(
  'bulk_job_items',
  {
    id: serial('id').primaryKey(),
    jobId: text('job_id')
      .notNull()
      .references(() => bulkJobs.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    originalItem: text('original_item').notNull(),
    topic: text('topic').notNull(),
    status: text('status', { enum: BULK_ITEM_STATUSES }).notNull().default('pending'),
    /** Refusal-recovery attempts of the generation that produced the article. */
    attempts: integer('attempts').notNull().default(0),
    refusalRecovered: boolean('refusal_recovered').notNull().default(false),
    refusalMatches: jsonb('refusal_matches').$type<string[]>().notNull().default([]),
    error: text('error'),
    /** The item's article, set when its unit ends (the unit itself records it as soon as it is stored, before publishing). */
    articleId: integer('article_id').references(() => articles.id, { onDelete: 'set null' }),
    wordpressPostId: integer('wordpress_post_id'),
    wordpressLink: text('wordpress_link'),
    /** Times the item was taken up (crash recoveries and transient-failure retries included). */
    runs: integer('runs').notNull().default(0),
    /** A waiting item (a rate limit, another try) runs again from then on (its unit's entry is due then). */
    notBefore: timestamp('not_before', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bulk_job_items_job_position_idx').on(t.jobId, t.position),
    // The stuck rule and the final-status check look only at a job's unfinished items.
    index('bulk_job_items_open_idx').on(t.jobId, t.status).where(sql`status in ('pending', 'running')`),
  ],
);
