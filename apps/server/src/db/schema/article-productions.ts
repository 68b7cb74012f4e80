import { index, integer, jsonb, pgSequence, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { articles } from './articles.js';

export const PRODUCTION_STATES = ['queued', 'running', 'finished'] as const;
export const PRODUCTION_RESULTS = ['succeeded', 'failed', 'skipped', 'cancelled'] as const;

/**
 * One unit of "produce an article": the brief and the publish policy a producer (a schedule slot,
 * a trend, an SEO plan item, a bulk item) asked for, keyed by the article's origin key. The durable job
 * `article.produce` runs it; the row says which queue entry owns it (so a duplicated entry does
 * nothing, and pg-boss' retry of the owning entry after a dead worker carries on), which article it
 * stored (so a retry publishes that one instead of writing another) and how it ended.
 */
export const articleProductions = pgTable(
  'article_productions',
  {
    originKey: text('origin_key').primaryKey(),
    origin: text('origin').notNull(),
    // Their shapes are the article pipeline's (StoredBrief, StoredPublishPolicy in production-unit.ts):
    // ProductionsRepository types the rows it reads, so the schema imports no module.
    brief: jsonb('brief').$type<Record<string, unknown>>().notNull(),
    policy: jsonb('policy').$type<Record<string, unknown>>().notNull(),
    /** The producer's own data for when the unit ends (ProductionUnit.context). */
    context: jsonb('context').$type<Record<string, unknown>>().notNull().default({}),
    state: text('state', { enum: PRODUCTION_STATES }).notNull().default('queued'),
    /** The pg-boss entry that owns the unit; null only for units a migration created, until they are queued. */
    queueJobId: text('queue_job_id'),
    articleId: integer('article_id').references(() => articles.id, { onDelete: 'set null' }),
    attempts: integer('attempts').notNull().default(0),
    /**
     * Runs that failed in a way that may pass (a timeout, a 5xx) or were cut off (the worker died or
     * its process stopped: a claim finding the unit still running under its own entry, or the resume
     * at an embedded start). The runner's MAX_TRANSIENT_ATTEMPTS bounds it, so pg-boss' retries of a
     * cut-off run never multiply the runner's; waits (rate limits) are not failures.
     */
    failures: integer('failures').notNull().default(0),
    /** The worker process of the latest run (host:pid), for the operator's logs and diagnostics. */
    runBy: text('run_by'),
    result: text('result', { enum: PRODUCTION_RESULTS }),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('article_productions_state_idx').on(t.state)],
);

/** Numbers the units that have no row of their own to be named after (a manual request: `manual:<n>`). */
export const productionRequestSeq = pgSequence('production_request_seq');
