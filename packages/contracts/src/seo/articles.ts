import { z } from 'zod';
import { confirmBudgetSchema } from '../usage.js';
import { SEO_ARTICLE_TYPES, SEO_GENERATION_STATUSES, SEO_LIMITS } from './constants.js';
import { positiveId, seoSummarySchema } from './fields.js';

export const internalLinkSchema = z.object({
  target_article_id: z.number().int(),
  anchor: z.string(),
  href: z.string(),
  /** pillar | cluster | sibling | related: why this link was chosen. */
  relation: z.string(),
});
export type InternalLink = z.infer<typeof internalLinkSchema>;

/** One planned article of a project, linked to the stored article once written. */
export const seoArticleSchema = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  article_id: z.number().int().nullable(),
  title: z.string(),
  article_type: z.enum(SEO_ARTICLE_TYPES),
  content_type: z.string(),
  pillar_parent: z.string(),
  target_keywords: z.array(z.string()),
  h2_headings: z.array(z.string()),
  generation_status: z.enum(SEO_GENERATION_STATUSES),
  /** The article's own status once written (draft, published, …), else the generation status. */
  status: z.string(),
  error: z.string().nullable(),
  meta_description: z.string().nullable(),
  has_schema_markup: z.boolean(),
  internal_links: z.array(internalLinkSchema),
  word_count: z.number().int(),
  /** Written by the offline writer, without a model: demonstration text. */
  demo: z.boolean(),
  wordpress_post_id: z.number().int().nullable(),
  wordpress_permalink: z.string().nullable(),
  created_at: z.string(),
});
export type SeoArticle = z.infer<typeof seoArticleSchema>;
export const seoArticleListSchema = z.array(seoArticleSchema);

export const bulkArticleItemSchema = z.object({
  title: z.string().trim().min(1, 'title is required').max(300, 'title must be at most 300 characters'),
  target_keywords: z.array(z.string().trim().min(1).max(SEO_LIMITS.keyword)).max(20).default([]),
  h2_headings: z.array(z.string().trim().min(1).max(300)).max(20).default([]),
  content_type: z.string().trim().min(1).max(40).default('cluster'),
  pillar_parent: z.string().trim().max(300).default(''),
});
export type BulkArticleItem = z.input<typeof bulkArticleItemSchema>;

/** POST /api/seo-suite/generate-articles-bulk. */
export const generateArticlesBulkRequestSchema = z.object({
  project_id: positiveId('project_id'),
  site_id: positiveId('site_id'),
  articles: z
    .array(bulkArticleItemSchema)
    .min(1, 'articles: at least one article is required')
    .max(SEO_LIMITS.bulkArticlesMax),
  word_count: z
    .number()
    .int()
    .min(SEO_LIMITS.articleWordCountMin, `word_count must be at least ${SEO_LIMITS.articleWordCountMin}`)
    .max(SEO_LIMITS.articleWordCountMax, `word_count must be at most ${SEO_LIMITS.articleWordCountMax}`)
    .default(SEO_LIMITS.articleWordCount),
  /** The operator confirmed that the run may cross a monthly budget (issue #37); without it such a start is a 409. */
  confirm_budget: confirmBudgetSchema,
});
export type GenerateArticlesBulkRequest = z.input<typeof generateArticlesBulkRequestSchema>;

export const generateArticlesBulkResponseSchema = z.object({
  success: z.literal(true),
  /** Planned articles queued by this call (already written or queued titles are skipped). */
  queued: z.number().int(),
  articles: seoArticleListSchema,
  summary: seoSummarySchema,
});
export type GenerateArticlesBulkResponse = z.infer<typeof generateArticlesBulkResponseSchema>;

/** POST /api/seo/projects/{id}/publish-articles: all written articles, or those in articleIds (SEO article ids). */
export const publishArticlesRequestSchema = z
  .object({
    status: z.enum(['publish', 'draft'], { message: "status must be 'publish' or 'draft'" }).default('publish'),
    articleIds: z.array(positiveId('articleIds')).max(500).optional(),
  })
  .prefault({});
export type PublishArticlesRequest = z.input<typeof publishArticlesRequestSchema>;
