import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { seoProjects } from './seo-projects.js';

/** What each step of a project did, shown as Recent Activity; phase 3 '*_complete' entries are optimisation results. */
export const seoProjectLogs = pgTable(
  'seo_project_logs',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => seoProjects.id, { onDelete: 'cascade' }),
    phase: integer('phase').notNull(),
    step: text('step').notNull(),
    status: text('status', { enum: ['success', 'error', 'warning', 'info'] }).notNull(),
    message: text('message').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('seo_project_logs_project_idx').on(t.projectId, t.createdAt.desc(), t.id.desc())],
);
