import { COMPETITION_LEVELS, KEYWORD_INTENTS, KEYWORD_TYPES, SEO_LIMITS } from '@abp/contracts';
import { z } from 'zod';

/** What the model must return for keyword research (every field required for strict modes). */
export const keywordResearchSchema = z.object({
  keywords: z
    .array(
      z.object({
        keyword: z.string().trim().min(2).max(SEO_LIMITS.keyword),
        keyword_type: z.enum(KEYWORD_TYPES),
        intent_type: z.enum(KEYWORD_INTENTS),
        competition_level: z.enum(COMPETITION_LEVELS),
      }),
    )
    .min(3)
    .max(60),
});
export type KeywordResearch = z.infer<typeof keywordResearchSchema>;

export function keywordPrompt(input: {
  niche: string;
  companyName: string;
  targetAudience: string;
  goal: string;
  businessContext: string;
}): string {
  return [
    `Do keyword research for a website in the niche "${input.niche}".`,
    input.companyName && `Company: ${input.companyName}.`,
    input.targetAudience && `Target audience: ${input.targetAudience}.`,
    input.goal && `Goal of the campaign: ${input.goal}.`,
    input.businessContext && `Business context: ${input.businessContext}.`,
    'Return 5–8 primary keywords (short head terms), 8–12 long-tail keywords (specific phrases of 4+ words, often questions)',
    'and 6–10 semantic keywords (related concepts and entities). For each give keyword_type (primary, long-tail or semantic),',
    'intent_type (informational, transactional or navigational) and competition_level (low, medium or high).',
    'Keywords are lower case, without quotes, at most 100 characters, and never repeated.',
  ]
    .filter(Boolean)
    .join('\n');
}
