import { z } from 'zod';
import { SEO_LIMITS, SEO_PAGE_STATUSES, SITE_PAGE_TYPES } from './constants.js';
import { optionalText, positiveId, requiredText, seoSummarySchema } from './fields.js';

export const SEO_PAGE_ORIGINS = ['structure', 'site_pages'] as const;

export const seoPageSchema = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  page_title: z.string(),
  page_type: z.string(),
  slug: z.string(),
  meta_description: z.string().max(SEO_LIMITS.metaDescription),
  target_keywords: z.array(z.string()),
  content: z.string(),
  status: z.enum(SEO_PAGE_STATUSES),
  /** 'structure' from generate-pages, 'site_pages' from the site-pages generator. */
  origin: z.enum(SEO_PAGE_ORIGINS),
  needs_legal_review: z.boolean(),
  /** Written again after it went to WordPress: the site shows the old text until it is published again. */
  changed_since_publish: z.boolean(),
  wordpress_page_id: z.number().int().nullable(),
  wordpress_permalink: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SeoPage = z.infer<typeof seoPageSchema>;
export const seoPageListSchema = z.array(seoPageSchema);

/** POST /api/seo/projects/{id}/generate-pages. */
export const generatePagesRequestSchema = z.object({ includeOptional: z.boolean().default(false) }).prefault({});
export const generatePagesResponseSchema = z.object({
  success: z.literal(true),
  pages: seoPageListSchema,
  summary: seoSummarySchema,
});
export type GeneratePagesResponse = z.infer<typeof generatePagesResponseSchema>;

/** POST /api/seo/projects/{id}/publish-pages: all pages, or those in pageIds. */
export const publishPagesRequestSchema = z
  .object({
    status: z.enum(['publish', 'draft'], { message: "status must be 'publish' or 'draft'" }).default('publish'),
    pageIds: z.array(positiveId('pageIds')).max(500).optional(),
    /**
     * Pages whose slug the site already uses for a page that is not live (GET …/page-conflicts):
     * that page is updated with this one instead of a second page beside it. A page whose slug is
     * taken and that is not listed here is not sent (outcome 'skipped').
     */
    updateExisting: z.array(positiveId('updateExisting')).max(500).optional(),
  })
  .prefault({});
export type PublishPagesRequest = z.input<typeof publishPagesRequestSchema>;

export const publishItemResultSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** published | draft | failed | skipped (the site already has a page at its address; `error` says which) */
  outcome: z.enum(['published', 'draft', 'failed', 'skipped']),
  wordpress_id: z.number().int().nullable(),
  permalink: z.string().nullable(),
  error: z.string().nullable(),
});
export type PublishItemResult = z.infer<typeof publishItemResultSchema>;

/** Published and failed counts; drafts counts items saved as WordPress drafts (always so for legal pages). */
export const publishResponseSchema = z.object({
  success: z.boolean(),
  published: z.number().int(),
  drafts: z.number().int(),
  failed: z.number().int(),
  /** Items not sent because the site keeps its own page at their address. */
  skipped: z.number().int(),
  results: z.array(publishItemResultSchema),
  warnings: z.array(z.string()),
  summary: seoSummarySchema,
});
export type PublishResponse = z.infer<typeof publishResponseSchema>;

/**
 * GET /api/seo/projects/{id}/page-conflicts: the project's pages not yet on WordPress whose slug a
 * page of the site already has. Asked before "Publish Pages" so the operator can choose to update
 * the site's page (only one that is not live) instead of WordPress adding `about-2` beside it.
 */
export const pageSlugConflictSchema = z.object({
  page_id: z.number().int(),
  page_title: z.string(),
  slug: z.string(),
  /** The site's page at that slug: title as plain text, its WordPress status and address. */
  existing: z.object({ id: z.number().int(), title: z.string(), status: z.string(), link: z.string() }),
  /** The site's page is public: it is never overwritten, the project's page is not sent. */
  live: z.boolean(),
});
export type PageSlugConflict = z.infer<typeof pageSlugConflictSchema>;
export const pageSlugConflictListSchema = z.array(pageSlugConflictSchema);

export const siteStructureSchema = z.object({
  project_id: z.number().int(),
  total_pages: z.number().int(),
  pages: z.array(
    z.object({
      id: z.number().int(),
      page_title: z.string(),
      page_type: z.string(),
      slug: z.string(),
      status: z.enum(SEO_PAGE_STATUSES),
    }),
  ),
  /** The pillar/cluster tree of the outline, with the articles written for it. */
  sections: z.array(
    z.object({
      pillar: z.string(),
      slug: z.string(),
      article_id: z.number().int().nullable(),
      clusters: z.array(z.object({ title: z.string(), slug: z.string(), article_id: z.number().int().nullable() })),
    }),
  ),
});
export type SiteStructure = z.infer<typeof siteStructureSchema>;

export const contactInfoSchema = z
  .object({
    email: z.union([z.literal(''), z.email('contact_info.email must be an email address')]).default(''),
    phone: optionalText('Phone', 100),
    address: optionalText('Address', 500),
  })
  .prefault({});
export type ContactInfo = z.infer<typeof contactInfoSchema>;

/** POST /api/seo-suite/generate-site-pages. */
export const generateSitePagesRequestSchema = z.object({
  project_id: positiveId('project_id'),
  company_name: requiredText('Company name', SEO_LIMITS.companyName),
  company_description: optionalText('Company description', SEO_LIMITS.longText),
  contact_info: contactInfoSchema,
  page_types: z
    .array(z.enum(SITE_PAGE_TYPES, { message: `page_types may contain ${SITE_PAGE_TYPES.join(', ')}` }))
    .min(1, 'Choose at least one page type')
    .max(SITE_PAGE_TYPES.length, `Choose at most ${SITE_PAGE_TYPES.length} page types, each once`)
    .default([...SITE_PAGE_TYPES]),
});
export type GenerateSitePagesRequest = z.input<typeof generateSitePagesRequestSchema>;
