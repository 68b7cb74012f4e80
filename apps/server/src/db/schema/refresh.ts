import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { sites } from './sites.js';

/** One reason a post needs a refresh, as stored (the contracts' RefreshReason). */
export interface StoredRefreshReason {
  kind: string;
  weight: number;
  words: string;
}

/**
 * The refresh score of each inventory post (issue #36 §1): 0–100, with its reasons as data,
 * recomputed after each inventory sync and on demand. Title and link are the inventory's at
 * computing time (the list shows them without reading another module's table). Keyed like the
 * inventory (site, WordPress id): the proposals of §2 will name a post the same way.
 */
export const refreshScores = pgTable(
  'refresh_scores',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    wpId: integer('wp_id').notNull(),
    title: text('title').notNull(),
    link: text('link').notNull(),
    modifiedAt: timestamp('modified_at', { withTimezone: true }),
    score: integer('score').notNull(),
    reasons: jsonb('reasons').$type<StoredRefreshReason[]>().notNull().default([]),
    /** The kinds of `reasons`, for the filter by reason. */
    reasonKinds: text('reason_kinds').array().notNull().default(sql`'{}'::text[]`),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.wpId] }),
    index('refresh_scores_site_score_idx').on(t.siteId, t.score),
    index('refresh_scores_score_idx').on(t.score),
  ],
);

/**
 * The link-check cache, one row per address (shared by every site and post that links to it):
 * what the last check found and when; checked again after REFRESH_LINK_RECHECK_DAYS.
 */
export const refreshLinkChecks = pgTable(
  'refresh_link_checks',
  {
    url: text('url').primaryKey(),
    /** 'ok' | 'dead' | 'server_error' | 'not_dead' (401/403/429 …) | 'skipped' (not checked: the address rules). */
    outcome: text('outcome').notNull(),
    status: integer('status'),
    finalUrl: text('final_url'),
    error: text('error'),
    /** 5xx answers in a row: the second one makes the link dead-ish. */
    serverErrors: integer('server_errors').notNull().default(0),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('refresh_link_checks_checked_idx').on(t.checkedAt)],
);

/** Which post links to which address (from the inventory's links, rewritten at each scoring). */
export const refreshPostLinks = pgTable(
  'refresh_post_links',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    wpId: integer('wp_id').notNull(),
    url: text('url').notNull(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.wpId, t.url] }), index('refresh_post_links_url_idx').on(t.url)],
);
