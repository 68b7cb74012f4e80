import { bigint, boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { articles } from './articles.js';
import { sites } from './sites.js';

/** Where a model call was made for: the article pipeline's origins, or an SEO step without an article. */
export const MODEL_CALL_SOURCES = ['manual', 'bulk', 'schedule', 'trend', 'seo', 'agent', 'other'] as const;

/**
 * The usage ledger: one row per call to a remote language model (issue #16), written when the call
 * ends, successful or not. Its cost is priced at the time of the call, in nano-dollars (10⁻⁹ USD)
 * so that sums over a month are exact integers; later price edits never rewrite it. Deleting a site
 * or an article keeps what was spent (the reference is cleared).
 */
export const modelCalls = pgTable(
  'model_calls',
  {
    id: serial('id').primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    provider: text('provider').notNull(),
    model: text('model').notNull(),
    inputTokens: integer('input_tokens').notNull().default(0),
    outputTokens: integer('output_tokens').notNull().default(0),
    /** The server gave no usage: tokens were estimated from the length of the text (about 4 characters a token). */
    tokensEstimated: boolean('tokens_estimated').notNull().default(false),
    costNanos: bigint('cost_nanos', { mode: 'number' }).notNull().default(0),
    durationMs: integer('duration_ms').notNull().default(0),
    /** 'ok', or the failure's class (rate_limit, timeout, server, …). */
    outcome: text('outcome').notNull(),
    error: text('error'),
    source: text('source', { enum: MODEL_CALL_SOURCES }).notNull().default('other'),
    /** The job the call worked for: a bulk job's id, a schedule slot, a trend run, an SEO project. */
    jobRef: text('job_ref'),
    /** The Generation log's step ('plan outline', 'write section 2/6: …'), or the SEO step. */
    step: text('step'),
    siteId: integer('site_id').references(() => sites.id, { onDelete: 'set null' }),
    articleId: integer('article_id').references(() => articles.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('model_calls_created_idx').on(t.createdAt),
    index('model_calls_article_idx').on(t.articleId),
    index('model_calls_job_idx').on(t.source, t.jobRef),
    index('model_calls_site_idx').on(t.siteId, t.createdAt),
  ],
);
export type ModelCallRow = typeof modelCalls.$inferSelect;
