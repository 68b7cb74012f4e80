import { SEO_LIMITS } from '@abp/contracts';
import { z } from 'zod';
import { capitalise, clampText } from '../shared/text.js';

export interface MetaInput {
  id: number;
  title: string;
  primaryKeyword: string;
  articleType: 'pillar' | 'cluster';
  companyName: string;
}

/** The model's answer for all articles of a project at once. */
export const metaAnswerSchema = z.object({
  descriptions: z.array(z.object({ id: z.number().int(), meta_description: z.string().min(10).max(400) })).max(200),
});

/** At most 160 characters and containing the article's primary keyword (ignoring case). */
export function isValidMeta(meta: string, primaryKeyword: string): boolean {
  return (
    meta.length > 0 &&
    meta.length <= SEO_LIMITS.metaDescription &&
    meta.toLowerCase().includes(primaryKeyword.toLowerCase())
  );
}

/**
 * A description that starts with the primary keyword, so cutting it to 160 characters can never
 * cut the keyword (keywords are at most 100 characters).
 */
export function offlineMeta(input: MetaInput): string {
  const keyword = capitalise(input.primaryKeyword.trim());
  const by = input.companyName ? ` from ${input.companyName}` : '';
  const text =
    input.articleType === 'pillar'
      ? `${keyword}: the complete guide${by}, with key strategies, common mistakes to avoid and the tools that get results.`
      : `${keyword} explained step by step: practical tips, mistakes to avoid and clear answers to common questions${by}.`;
  return clampText(text, SEO_LIMITS.metaDescription);
}

export function metaPrompt(niche: string, inputs: MetaInput[]): string {
  return [
    `Write one meta description for each article of a website about "${niche}".`,
    'Each description is at most 155 characters, contains the primary keyword exactly as given, reads naturally and invites the click.',
    'Answer with descriptions: [{ id, meta_description }] for these articles:',
    ...inputs.map((i) => `- id ${i.id}: "${i.title}" (primary keyword: "${i.primaryKeyword}")`),
  ].join('\n');
}
