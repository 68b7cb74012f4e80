import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
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

/** One proposed change as stored (the contracts' RefreshChange). */
export interface StoredRefreshChange {
  id: string;
  kind: string;
  field: 'content' | 'title' | 'excerpt';
  reason: string;
  /** Where `before` starts in the base field (UTF-16 offset of the raw string the proposal read). */
  start: number;
  before: string;
  after: string;
  context_before: string;
  context_after: string;
  outcome: 'pending' | 'applied' | 'dropped' | 'skipped';
  outcome_reason: string | null;
  /** A model's change: its cost (USD) as the ledger recorded it. */
  cost_usd?: number;
}

/**
 * Refresh proposals (issue #36 §2–§3): changes for one post, computed against the raw content,
 * title and excerpt WordPress had (the merge base), applied as a three-way merge against what it
 * has at apply time; `previous*` (before the apply) and `applied*` (as WordPress answered the
 * write) make undo exact and let it refuse when the post was edited since.
 */
export const refreshProposals = pgTable(
  'refresh_proposals',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    wpId: integer('wp_id').notNull(),
    postTitle: text('post_title').notNull().default(''),
    postLink: text('post_link').notNull().default(''),
    /** 'proposed' | 'applied' | 'dismissed' | 'refused' | 'undone'. */
    state: text('state').notNull().default('proposed'),
    /** 'manual' | 'schedule'. */
    origin: text('origin').notNull().default('manual'),
    /** 'block' | 'classic'. */
    markup: text('markup').notNull().default('classic'),
    baseContent: text('base_content').notNull(),
    baseTitle: text('base_title').notNull(),
    baseExcerpt: text('base_excerpt').notNull(),
    baseModifiedGmt: text('base_modified_gmt'),
    changes: jsonb('changes').$type<StoredRefreshChange[]>().notNull().default([]),
    estimatedCostUsd: doublePrecision('estimated_cost_usd').notNull().default(0),
    costUsd: doublePrecision('cost_usd').notNull().default(0),
    autoApplied: boolean('auto_applied').notNull().default(false),
    note: text('note'),
    previousContent: text('previous_content'),
    previousTitle: text('previous_title'),
    previousExcerpt: text('previous_excerpt'),
    appliedContent: text('applied_content'),
    appliedTitle: text('applied_title'),
    appliedExcerpt: text('applied_excerpt'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
  },
  (t) => [
    index('refresh_proposals_post_idx').on(t.siteId, t.wpId, t.createdAt),
    index('refresh_proposals_state_idx').on(t.state, t.createdAt),
    // One waiting proposal per post: the database says so too (two tabs, the job and a click).
    uniqueIndex('refresh_proposals_one_waiting_idx').on(t.siteId, t.wpId).where(sql`${t.state} = 'proposed'`),
  ],
);

/** Per site: the weekly budget of scheduled proposals, auto-apply of dead-link fixes, the cooldown. */
export const refreshSiteSettings = pgTable('refresh_site_settings', {
  siteId: integer('site_id')
    .primaryKey()
    .references(() => sites.id, { onDelete: 'cascade' }),
  weeklyProposals: integer('weekly_proposals').notNull().default(0),
  autoApplyDeadLinks: boolean('auto_apply_dead_links').notNull().default(false),
  cooldownDays: integer('cooldown_days').notNull().default(180),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
