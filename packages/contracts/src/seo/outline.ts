import { z } from 'zod';
import { SEO_LIMITS } from './constants.js';
import { optionalText, positiveId, seoSummarySchema } from './fields.js';

const title = z.string().trim().min(1, 'title is required').max(300, 'title must be at most 300 characters');
const keywordList = z.array(z.string().trim().min(1).max(SEO_LIMITS.keyword)).max(20);
const headingList = z.array(z.string().trim().min(1).max(300)).max(20);

export const pillarPostSchema = z.object({ title, target_keywords: keywordList, h2_headings: headingList });
export type PillarPost = z.infer<typeof pillarPostSchema>;

export const clusterPostSchema = pillarPostSchema.extend({
  content_type: z.string().trim().min(1).max(40).default('cluster'),
  /** The title of the pillar post this cluster supports. */
  pillar_parent: z.string().trim().max(300).default(''),
});
export type ClusterPost = z.infer<typeof clusterPostSchema>;

export const outlineDataSchema = z.object({
  pillar_posts: z.array(pillarPostSchema).max(30),
  cluster_posts: z.array(clusterPostSchema).max(150),
});
export type OutlineData = z.infer<typeof outlineDataSchema>;

export const seoOutlineSchema = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  outline_data: outlineDataSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type SeoOutline = z.infer<typeof seoOutlineSchema>;
/** GET /api/seo-suite/outlines/{id}: a project keeps one outline; regenerating replaces it. */
export const seoOutlineListSchema = z.array(seoOutlineSchema);

/** POST /api/seo-suite/generate-outline. An empty keyword list means "use the project's keywords". */
export const generateOutlineRequestSchema = z.object({
  project_id: positiveId('project_id'),
  niche: optionalText('Niche', SEO_LIMITS.niche),
  keywords: z.array(z.string().trim().min(1).max(SEO_LIMITS.keyword)).max(50, 'keywords: at most 50').default([]),
});
export type GenerateOutlineRequest = z.input<typeof generateOutlineRequestSchema>;

export const generateOutlineResponseSchema = z.object({
  success: z.literal(true),
  outline: seoOutlineSchema,
  summary: seoSummarySchema,
});
export type GenerateOutlineResponse = z.infer<typeof generateOutlineResponseSchema>;
