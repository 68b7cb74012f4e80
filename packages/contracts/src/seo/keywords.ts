import { z } from 'zod';
import { COMPETITION_LEVELS, KEYWORD_INTENTS, KEYWORD_TYPES, SEO_LIMITS } from './constants.js';
import { optionalText, positiveId, requiredText, seoSummarySchema } from './fields.js';

export const keywordTypeSchema = z.enum(KEYWORD_TYPES, {
  message: `keyword_type must be one of ${KEYWORD_TYPES.join(', ')}`,
});
export const keywordIntentSchema = z.enum(KEYWORD_INTENTS, {
  message: `intent_type must be one of ${KEYWORD_INTENTS.join(', ')}`,
});
export const competitionLevelSchema = z.enum(COMPETITION_LEVELS, {
  message: `competition_level must be one of ${COMPETITION_LEVELS.join(', ')}`,
});

export const seoKeywordSchema = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  keyword: z.string(),
  keyword_type: keywordTypeSchema,
  intent_type: keywordIntentSchema,
  competition_level: competitionLevelSchema,
  created_at: z.string(),
});
export type SeoKeyword = z.infer<typeof seoKeywordSchema>;
export const seoKeywordListSchema = z.array(seoKeywordSchema);

const keywordText = requiredText('Keyword', SEO_LIMITS.keyword);

/** POST /api/seo/projects/{id}/keywords. Defaults as the add form's: primary, informational, medium. */
export const seoKeywordCreateSchema = z.object({
  keyword: keywordText,
  keyword_type: keywordTypeSchema.default('primary'),
  intent_type: keywordIntentSchema.default('informational'),
  competition_level: competitionLevelSchema.default('medium'),
});
export type SeoKeywordCreateInput = z.input<typeof seoKeywordCreateSchema>;

/** PUT /api/seo/keywords/{id}: only the changed fields. */
export const seoKeywordUpdateSchema = z
  .object({
    keyword: keywordText.optional(),
    keyword_type: keywordTypeSchema.optional(),
    intent_type: keywordIntentSchema.optional(),
    competition_level: competitionLevelSchema.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    message: 'Send at least one of keyword, keyword_type, intent_type, competition_level',
  });
export type SeoKeywordUpdateInput = z.input<typeof seoKeywordUpdateSchema>;

export const seoKeywordDeletedSchema = z.object({ success: z.literal(true), id: z.number().int() });

/** POST /api/seo-suite/generate-keywords: the inputs default to the project's own. */
export const generateKeywordsRequestSchema = z.object({
  project_id: positiveId('project_id'),
  niche: optionalText('Niche', SEO_LIMITS.niche),
  company_name: optionalText('Company name', SEO_LIMITS.companyName),
  target_audience: optionalText('Target audience', SEO_LIMITS.longText),
});
export type GenerateKeywordsRequest = z.input<typeof generateKeywordsRequestSchema>;

export const generateKeywordsResponseSchema = z.object({
  success: z.literal(true),
  keywords: seoKeywordListSchema,
  summary: seoSummarySchema,
});
export type GenerateKeywordsResponse = z.infer<typeof generateKeywordsResponseSchema>;
