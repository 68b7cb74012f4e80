import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { articles } from './articles.js';
import { seoProjects } from './seo-projects.js';

export interface StoredInternalLink {
  target_article_id: number;
  anchor: string;
  href: string;
  relation: string;
}

/**
 * One planned article of a project (a pillar or a cluster of the outline). article_id is set in
 * the same transaction that stores the written article, so a retried job never writes it twice.
 */
export const seoProjectArticles = pgTable(
  'seo_project_articles',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => seoProjects.id, { onDelete: 'cascade' }),
    articleId: integer('article_id').references(() => articles.id, { onDelete: 'cascade' }),
    articleType: text('article_type', { enum: ['pillar', 'cluster'] }).notNull(),
    contentType: text('content_type').notNull().default('cluster'),
    title: text('title').notNull(),
    pillarParent: text('pillar_parent').notNull().default(''),
    targetKeywords: jsonb('target_keywords').$type<string[]>().notNull().default([]),
    h2Headings: jsonb('h2_headings').$type<string[]>().notNull().default([]),
    wordCount: integer('word_count').notNull().default(2500),
    generationStatus: text('generation_status', { enum: ['queued', 'generating', 'generated', 'failed', 'cancelled'] })
      .notNull()
      .default('queued'),
    error: text('error'),
    metaDescription: text('meta_description'),
    schemaMarkup: jsonb('schema_markup'),
    internalLinks: jsonb('internal_links').$type<StoredInternalLink[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('seo_project_articles_project_idx').on(t.projectId, t.id),
    index('seo_project_articles_article_idx').on(t.articleId),
    check(
      'seo_project_articles_meta_length',
      sql`${t.metaDescription} IS NULL OR char_length(${t.metaDescription}) <= 160`,
    ),
  ],
);
