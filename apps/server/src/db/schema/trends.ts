import { index, integer, jsonb, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { articles } from './articles.js';
import { sites } from './sites.js';

export const TREND_RUN_STATUSES = ['running', 'completed', 'failed'] as const;
export const TREND_RUN_TRIGGERS = ['manual', 'schedule'] as const;

/** One problem met during a run: a feed that could not be read, a site whose article failed, … */
export interface TrendRunErrorRecord {
  scope: 'feed' | 'site' | 'run';
  /** The feed URL or the site name. */
  target: string;
  kind: string;
  message: string;
}

/** One row per trend check (the spec's Execution log). */
export const trendExecutionLogs = pgTable(
  'trend_execution_logs',
  {
    id: serial('id').primaryKey(),
    status: text('status', { enum: TREND_RUN_STATUSES }).notNull().default('running'),
    trigger: text('trigger', { enum: TREND_RUN_TRIGGERS }).notNull().default('manual'),
    /** The pg-boss job that ran it: a retried job finds its interrupted attempt by this. */
    jobId: text('job_id'),
    trendsFound: integer('trends_found').notNull().default(0),
    articlesGenerated: integer('articles_generated').notNull().default(0),
    articlesPublished: integer('articles_published').notNull().default(0),
    executionTimeMs: integer('execution_time_ms').notNull().default(0),
    errors: jsonb('errors').$type<TrendRunErrorRecord[]>().notNull().default([]),
    /**
     * When the check had chosen its trends and queued their articles (units of the article
     * pipeline); the run stays 'running' until the last of them has finished. Null while the check
     * itself runs: a run left so by a dead worker is closed as interrupted by the next check.
     */
    plannedAt: timestamp('planned_at', { withTimezone: true }),
    /**
     * What stopped the rest of the run: a failure of one of its articles (the provider: all sites, or
     * these sites), or the operator's Cancel (every article not yet written; jsonb, so no migration).
     */
    halted: jsonb('halted')
      .$type<{ provider?: boolean; sites?: number[]; cancelled?: boolean }>()
      .notNull()
      .default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('trend_execution_logs_created_idx').on(t.createdAt.desc(), t.id.desc())],
);

/**
 * A trend that produced an article for a site. The unique (normalised title, site) pair is the
 * claim taken before generating, so two runs can never write the same trend twice for a site;
 * a claim whose generation failed is removed again so the trend can match later. processed_at is
 * set once the article exists, so a deleted article (article_id set null) still counts as processed.
 */
export const processedTrends = pgTable(
  'processed_trends',
  {
    id: serial('id').primaryKey(),
    normalizedTitle: text('normalized_title').notNull(),
    title: text('title').notNull(),
    siteId: integer('site_id').references(() => sites.id, { onDelete: 'set null' }),
    /** Snapshot: the row keeps its site's name after the site is deleted. */
    siteName: text('site_name').notNull().default(''),
    url: text('url'),
    articleId: integer('article_id').references(() => articles.id, { onDelete: 'set null' }),
    executionLogId: integer('execution_log_id').references(() => trendExecutionLogs.id, { onDelete: 'set null' }),
    /** Null while the claim is being written; set when its article exists. */
    processedAt: timestamp('processed_at', { withTimezone: true }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('processed_trends_title_site_unique').on(t.normalizedTitle, t.siteId),
    index('processed_trends_processed_idx').on(t.processedAt.desc(), t.id.desc()),
  ],
);
