import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { sites } from './sites.js';

export const SEO_PROJECT_STATUS_VALUES = ['phase1', 'phase2', 'phase3', 'completed', 'failed'] as const;

/**
 * An SEO campaign for one site. Phase (1–3) and progress within it advance with the steps;
 * site_id becomes null if the site is deleted, so the campaign's own data survives.
 */
export const seoProjects = pgTable(
  'seo_projects',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id').references(() => sites.id, { onDelete: 'set null' }),
    projectName: text('project_name').notNull(),
    niche: text('niche').notNull(),
    companyName: text('company_name').notNull().default(''),
    goal: text('goal').notNull().default(''),
    targetAudience: text('target_audience').notNull().default(''),
    businessContext: text('business_context').notNull().default(''),
    status: text('status', { enum: SEO_PROJECT_STATUS_VALUES }).notNull().default('phase1'),
    currentPhase: integer('current_phase').notNull().default(1),
    progressPercentage: integer('progress_percentage').notNull().default(0),
    totalArticlesPlanned: integer('total_articles_planned').notNull().default(0),
    /** Phase 3 steps done so far (meta, schema, links, publish): they set the phase's progress. */
    optimisationSteps: jsonb('optimisation_steps').$type<string[]>().notNull().default([]),
    /** The site-pages generator's last inputs, reused for Organization schema markup. */
    companyDescription: text('company_description').notNull().default(''),
    contactInfo: jsonb('contact_info').$type<{ email: string; phone: string; address: string }>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('seo_projects_created_idx').on(t.createdAt.desc(), t.id.desc())],
);
