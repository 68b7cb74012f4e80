import { z } from 'zod';
import { idTextSchema } from '../ids.js';

/* Small field builders shared by the SEO contracts: every message names what is wrong. */

export const requiredText = (label: string, max: number) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const optionalText = (label: string, max: number) =>
  z.string().trim().max(max, `${label} must be at most ${max} characters`).default('');

/** SEO ids have always accepted "12" as well as 12 in bodies. */
export const positiveId = (label: string) => idTextSchema(label);

export const seoProjectIdParamSchema = z.object({ id: positiveId('id') });
export const seoKeywordIdParamSchema = z.object({ keywordId: positiveId('keywordId') });
export const seoProjectIdBodySchema = z.object({ project_id: positiveId('project_id') });

/** Every optimisation and generation answer carries a summary (spec §7). */
export const seoSummarySchema = z.record(
  z.string(),
  z.union([z.number(), z.string(), z.boolean(), z.array(z.string())]),
);
export type SeoSummary = z.infer<typeof seoSummarySchema>;
