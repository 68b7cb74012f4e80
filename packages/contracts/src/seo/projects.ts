import { z } from 'zod';
import { SEO_LIMITS, SEO_LOG_STATUSES, SEO_PROJECT_STATUSES } from './constants.js';
import { optionalText, positiveId, requiredText } from './fields.js';

/** POST /api/seo-suite/projects: site, project name and niche required; the rest optional. */
export const seoProjectCreateSchema = z.object({
  site_id: positiveId('site_id'),
  project_name: requiredText('Project name', SEO_LIMITS.projectName),
  niche: requiredText('Niche', SEO_LIMITS.niche),
  company_name: optionalText('Company name', SEO_LIMITS.companyName),
  goal: optionalText('Goal', SEO_LIMITS.longText),
  target_audience: optionalText('Target audience', SEO_LIMITS.longText),
  business_context: optionalText('Business context', SEO_LIMITS.longText),
});
export type SeoProjectCreateInput = z.input<typeof seoProjectCreateSchema>;

export const seoProjectSchema = z.object({
  id: z.number().int(),
  site_id: z.number().int().nullable(),
  site_name: z.string(),
  site_url: z.string().nullable(),
  project_name: z.string(),
  niche: z.string(),
  company_name: z.string(),
  goal: z.string(),
  target_audience: z.string(),
  business_context: z.string(),
  status: z.enum(SEO_PROJECT_STATUSES),
  /** 1–3. */
  current_phase: z.number().int().min(1).max(3),
  /** Progress within the current phase, 0–100. */
  progress_percentage: z.number().int().min(0).max(100),
  total_articles_planned: z.number().int(),
  articles_generated: z.number().int(),
  /** Planned articles still queued or being written: the project is "active" while above 0. */
  articles_in_progress: z.number().int(),
  /** Where the project is in the seven-step wizard (issue #37), 1-based, and that step's name. */
  wizard_step: z.number().int().min(1).max(7),
  wizard_step_name: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SeoProject = z.infer<typeof seoProjectSchema>;
export const seoProjectListSchema = z.array(seoProjectSchema);

export const seoProjectLogSchema = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  status: z.enum(SEO_LOG_STATUSES),
  message: z.string(),
  phase: z.number().int(),
  step: z.string(),
  details: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type SeoProjectLog = z.infer<typeof seoProjectLogSchema>;
export const seoProjectLogListSchema = z.array(seoProjectLogSchema);
