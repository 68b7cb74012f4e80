import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { seoProjects } from './seo-projects.js';

/**
 * A website page planned by the SEO suite (home, about, pillar hubs, …). Publishing creates a
 * WordPress page; like articles, a marker and a "create pending" flag make a lost answer safe.
 */
export const seoPages = pgTable(
  'seo_pages',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => seoProjects.id, { onDelete: 'cascade' }),
    pageTitle: text('page_title').notNull(),
    pageType: text('page_type').notNull(),
    slug: text('slug').notNull(),
    content: text('content').notNull().default(''),
    metaDescription: text('meta_description').notNull().default(''),
    targetKeywords: jsonb('target_keywords').$type<string[]>().notNull().default([]),
    status: text('status', { enum: ['generated', 'published', 'draft'] })
      .notNull()
      .default('generated'),
    origin: text('origin', { enum: ['structure', 'site_pages'] })
      .notNull()
      .default('structure'),
    needsLegalReview: boolean('needs_legal_review').notNull().default(false),
    schemaMarkup: jsonb('schema_markup'),
    wordpressPageId: integer('wordpress_page_id'),
    wordpressPermalink: text('wordpress_permalink'),
    publishMarker: text('publish_marker'),
    publishCreatePending: boolean('publish_create_pending').notNull().default(false),
    /** Written again (new copy or title) after it went to WordPress: WordPress has the old text until the next publish. */
    changedSincePublish: boolean('changed_since_publish').notNull().default(false),
    /** The page's publish lease, as articles have one: one push of a page at a time, across processes. */
    publishLockToken: text('publish_lock_token'),
    publishLockExpiresAt: timestamp('publish_lock_expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('seo_pages_project_slug_uq').on(t.projectId, t.slug),
    check('seo_pages_meta_length', sql`char_length(${t.metaDescription}) <= 160`),
  ],
);
