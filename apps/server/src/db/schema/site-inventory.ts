import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { sites } from './sites.js';

/**
 * What a WordPress site already has: its posts and pages (their text, not their markup), read through the REST API
 * by the inventory sync. Keyed by WordPress' own id; a post deleted or trashed there is removed
 * here at the next sync.
 */
export const siteInventoryItems = pgTable(
  'site_inventory_items',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['post', 'page'] }).notNull(),
    wpId: integer('wp_id').notNull(),
    /** Plain text (decoded from WordPress' HTML). */
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    link: text('link').notNull(),
    status: text('status').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    modifiedAt: timestamp('modified_at', { withTimezone: true }),
    categoryIds: integer('category_ids').array().notNull().default(sql`'{}'::integer[]`),
    tagIds: integer('tag_ids').array().notNull().default(sql`'{}'::integer[]`),
    authorId: integer('author_id'),
    /** Plain text, at most 1,000 characters. */
    excerpt: text('excerpt').notNull().default(''),
    /** The content's headings, plain text, one per line (at most 2,000 characters): for site knowledge. */
    headings: text('headings').notNull().default(''),
    /** The content's text without its headings, plain (at most 20,000 characters): for site knowledge. */
    body: text('body').notNull().default(''),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.kind, t.wpId] }),
    // The browse list: one site, newest first.
    index('site_inventory_items_site_date_idx').on(t.siteId, t.publishedAt),
  ],
);

/** A site's categories and tags. */
export const siteInventoryTerms = pgTable(
  'site_inventory_terms',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    taxonomy: text('taxonomy', { enum: ['category', 'tag'] }).notNull(),
    wpId: integer('wp_id').notNull(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    parent: integer('parent').notNull().default(0),
    postCount: integer('post_count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.taxonomy, t.wpId] })],
);

/** The site's users who may publish posts. */
export const siteInventoryAuthors = pgTable(
  'site_inventory_authors',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    wpId: integer('wp_id').notNull(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.wpId] })],
);

/** The state of a site's inventory sync: the last one's outcome, the running one's progress. */
export const siteInventorySyncs = pgTable('site_inventory_syncs', {
  siteId: integer('site_id')
    .primaryKey()
    .references(() => sites.id, { onDelete: 'cascade' }),
  // 'partial': ended at one of the inventory's caps; what it read is kept and counted, `error` says why.
  state: text('state', { enum: ['queued', 'running', 'succeeded', 'partial', 'failed'] }).notNull(),
  trigger: text('trigger', { enum: ['manual', 'schedule', 'site_saved'] }).notNull(),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
  startedAt: timestamp('started_at', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  /** Moved by every step of a running sync: a 'running' row that stopped moving was interrupted. */
  progressAt: timestamp('progress_at', { withTimezone: true }),
  phase: text('phase'),
  done: integer('done').notNull().default(0),
  total: integer('total'),
  /** Posts and pages read from WordPress by the last sync (all of them the first time, the changed ones after). */
  fetched: integer('fetched').notNull().default(0),
  removed: integer('removed').notNull().default(0),
  /** Why the last sync failed, or (state 'partial') why it stopped early. */
  error: text('error'),
  /** The last sync that ended by itself, whole or 'partial' (the schedule counts from it). */
  lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  /** The newest modified_gmt seen by a successful sync: the next one asks only for later changes. */
  cursor: timestamp('cursor', { withTimezone: true }),
  postCount: integer('post_count').notNull().default(0),
  pageCount: integer('page_count').notNull().default(0),
});
