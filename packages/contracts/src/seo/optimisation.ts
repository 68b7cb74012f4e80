import { z } from 'zod';
import { internalLinkSchema } from './articles.js';
import { SEO_LIMITS, SEO_SCHEMA_TYPES } from './constants.js';
import { positiveId, seoSummarySchema } from './fields.js';

export const generateMetaRequestSchema = z.object({ project_id: positiveId('project_id') });
export const generateSchemaMarkupRequestSchema = z.object({
  project_id: positiveId('project_id'),
  schema_types: z
    .array(z.enum(SEO_SCHEMA_TYPES, { message: `schema_types may contain ${SEO_SCHEMA_TYPES.join(', ')}` }))
    .min(1, 'Choose at least one schema type')
    .max(SEO_SCHEMA_TYPES.length, `Choose at most ${SEO_SCHEMA_TYPES.length} schema types, each once`)
    .default([...SEO_SCHEMA_TYPES]),
});
export const optimizeLinksRequestSchema = z.object({
  project_id: positiveId('project_id'),
  max_links_per_article: z
    .number()
    .int()
    .min(1, 'max_links_per_article must be at least 1')
    .max(SEO_LIMITS.maxInternalLinks, `max_links_per_article must be at most ${SEO_LIMITS.maxInternalLinks}`)
    .default(SEO_LIMITS.maxInternalLinks),
});
export type GenerateSchemaMarkupRequest = z.input<typeof generateSchemaMarkupRequestSchema>;
export type OptimizeLinksRequest = z.input<typeof optimizeLinksRequestSchema>;

export const optimisationResultSchema = z.object({
  article_id: z.number().int(),
  title: z.string(),
  meta_description: z.string().optional(),
  schema_types: z.array(z.string()).optional(),
  links: z.array(internalLinkSchema).optional(),
});

/** The three optimisation tools answer alike: a summary, per-article results and warnings. */
export const optimisationResponseSchema = z.object({
  success: z.literal(true),
  summary: seoSummarySchema,
  results: z.array(optimisationResultSchema),
  warnings: z.array(z.string()),
});
export type OptimisationResponse = z.infer<typeof optimisationResponseSchema>;
