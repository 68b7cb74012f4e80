import { z } from 'zod';

/** The model's answer; normalised afterwards (pillar parents must name a pillar). */
export const outlineAnswerSchema = z.object({
  pillar_posts: z
    .array(
      z.object({
        title: z.string().min(3).max(300),
        target_keywords: z.array(z.string().min(1).max(100)).min(1).max(8),
        h2_headings: z.array(z.string().min(1).max(300)).min(3).max(10),
      }),
    )
    .min(1)
    .max(6),
  cluster_posts: z
    .array(
      z.object({
        title: z.string().min(3).max(300),
        target_keywords: z.array(z.string().min(1).max(100)).min(1).max(8),
        h2_headings: z.array(z.string().min(1).max(300)).min(3).max(10),
        content_type: z.string().min(1).max(40),
        pillar_parent: z.string().max(300),
      }),
    )
    .min(1)
    .max(30),
});
export type OutlineAnswer = z.infer<typeof outlineAnswerSchema>;

export function outlinePrompt(niche: string, keywords: readonly string[]): string {
  return [
    `Plan a pillar-and-cluster content strategy for a website in the niche "${niche}".`,
    `Use these keywords: ${keywords.join('; ')}.`,
    'Return 2–4 pillar posts (broad, comprehensive guides) and 6–12 cluster posts (specific articles that support one pillar).',
    'Each post has a title, target_keywords (the first is its primary keyword) and 4–6 h2_headings.',
    "Each cluster also has content_type ('cluster' unless it is clearly a 'how-to', 'listicle' or 'comparison')",
    'and pillar_parent: the exact title of the pillar post it supports.',
  ].join('\n');
}
