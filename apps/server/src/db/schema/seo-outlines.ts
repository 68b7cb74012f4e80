import { integer, jsonb, pgTable, serial, timestamp } from 'drizzle-orm/pg-core';
import { seoProjects } from './seo-projects.js';

export interface StoredOutline {
  pillar_posts: { title: string; target_keywords: string[]; h2_headings: string[] }[];
  cluster_posts: {
    title: string;
    target_keywords: string[];
    h2_headings: string[];
    content_type: string;
    pillar_parent: string;
  }[];
}

/** The project's pillar/cluster plan; one per project, replaced when regenerated. */
export const seoOutlines = pgTable('seo_outlines', {
  id: serial('id').primaryKey(),
  projectId: integer('project_id')
    .notNull()
    .unique()
    .references(() => seoProjects.id, { onDelete: 'cascade' }),
  outlineData: jsonb('outline_data').$type<StoredOutline>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
