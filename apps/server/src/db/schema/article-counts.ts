import { boolean, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * Article counts per (site, status, source type), kept exact by statement triggers on `articles`
 * (migration 'article_counts_triggers'). Totals for the articles list and the dashboard's
 * per-status and per-site figures read these few rows instead of counting 100,000 articles.
 */
export const articleCounts = pgTable(
  'article_counts',
  {
    /** articles.site_id, or 0 for articles without a site (a unique key cannot hold NULL). */
    siteKey: integer('site_key').notNull(),
    status: text('status').notNull(),
    hasSources: boolean('has_sources').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.siteKey, t.status, t.hasSources] })],
);
