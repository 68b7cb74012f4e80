import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { seoProjects } from './seo-projects.js';

/** Keywords of a project; the same text twice (ignoring case) is refused by the unique index. */
export const seoKeywords = pgTable(
  'seo_keywords',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => seoProjects.id, { onDelete: 'cascade' }),
    keyword: text('keyword').notNull(),
    keywordType: text('keyword_type', { enum: ['primary', 'long-tail', 'semantic'] })
      .notNull()
      .default('primary'),
    intentType: text('intent_type', { enum: ['informational', 'transactional', 'navigational'] })
      .notNull()
      .default('informational'),
    competitionLevel: text('competition_level', { enum: ['low', 'medium', 'high'] })
      .notNull()
      .default('medium'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('seo_keywords_project_keyword_uq').on(t.projectId, sql`lower(${t.keyword})`),
    index('seo_keywords_project_idx').on(t.projectId, t.id),
  ],
);
