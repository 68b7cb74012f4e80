import type { PublishItemResult } from '@abp/contracts';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { seoProjects } from './seo-projects.js';

/**
 * One "Publish Pages" or "Publish Articles" of an SEO project, run by a durable job. The items are
 * fixed when the run is asked for; each item's result is stored as soon as it is known, so a run
 * resumed after a crash carries on with the items that have none.
 */
export const seoPublishRuns = pgTable(
  'seo_publish_runs',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => seoProjects.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['pages', 'articles'] }).notNull(),
    targetStatus: text('target_status', { enum: ['publish', 'draft'] }).notNull(),
    /** seo_pages ids or seo_project_articles ids, in publishing order. */
    itemIds: jsonb('item_ids').$type<number[]>().notNull(),
    /** Pages runs: the pages that take over the site's page at their slug (chosen when asked for). */
    updateExistingIds: jsonb('update_existing_ids').$type<number[]>().notNull().default([]),
    state: text('state', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    results: jsonb('results').$type<PublishItemResult[]>().notNull().default([]),
    warnings: jsonb('warnings').$type<string[]>().notNull().default([]),
    error: text('error'),
    /** The worker carrying the run out: one at a time, taken over once it stops renewing. */
    lockToken: text('lock_token'),
    lockExpiresAt: timestamp('lock_expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    // One unfinished run per project and kind: pressing the button twice never publishes twice.
    uniqueIndex('seo_publish_runs_active_uq').on(t.projectId, t.kind).where(sql`${t.state} in ('queued', 'running')`),
    index('seo_publish_runs_project_idx').on(t.projectId, t.id),
  ],
);
