import type { TaskType } from '@abp/contracts';
import { z } from 'zod';

/*
 * What a request is for, in structured form. Real models read the prompt; the offline writer,
 * which has no model, reads this instead. It is the shared vocabulary between the generation
 * engine and any provider that can write without a prompt.
 */

/** The shape a section takes; each task type is a sequence of these. */
export const SECTION_ROLES = [
  'intro',
  'body',
  'conclusion',
  'faq',
  'glossary',
  'ingredients',
  'method',
  'recipe_notes',
  'timeline',
  'key_figures',
  'film_facts',
  'cast_crew',
  'synopsis',
  'business_details',
  'hours',
  'services',
  'reviews',
  'hero',
  'benefits',
  'how_it_works',
  'testimonials',
  'call_to_action',
] as const;
export const sectionRoleSchema = z.enum(SECTION_ROLES);
export type SectionRole = z.infer<typeof sectionRoleSchema>;

/** What the planner must return. Every field is required so strict structured-output modes accept it. */
export const articleOutlineSchema = z.object({
  title: z.string().min(3).max(200),
  metaDescription: z.string().min(10).max(400),
  keywords: z.array(z.string().min(1).max(80)).max(20),
  sections: z
    .array(
      z.object({
        heading: z.string().min(1).max(200),
        role: sectionRoleSchema,
        keyPoints: z.array(z.string().max(300)).max(8),
      }),
    )
    .min(1)
    .max(120),
});
export type ArticleOutline = z.infer<typeof articleOutlineSchema>;
export type OutlineSection = ArticleOutline['sections'][number];

export interface ArticleBrief {
  topic: string;
  taskType: TaskType;
  /** Voice description already resolved from the persona; empty means neutral. */
  voice: string;
  keywords: string[];
  /**
   * Titles already used on the site that this article's title must differ from (compared by
   * `titleKey`). Real models are told in the prompt; the offline writer picks another title.
   */
  avoidTitles?: readonly string[];
  /** The site the article is for. The offline writer varies its text by it: two sites never get one body. */
  siteName?: string;
  /**
   * Posts of the site the article should link to (the site-knowledge index's candidates): a model
   * places each in a sentence of a section; the offline writer ignores them (links are placed on
   * its words afterwards).
   */
  siteLinks?: ReadonlyArray<{ title: string; url: string }>;
}

/**
 * What two titles share when they count as the same title: case and punctuation ignored. It is
 * the quality gate's duplicate-title rule, so a title that passes here passes there.
 */
export const titleKey = (title: string): string =>
  title
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

export type WritingIntent =
  | { kind: 'outline'; brief: ArticleBrief; wordCount: number; sectionCount: number }
  | {
      kind: 'section';
      brief: ArticleBrief;
      title: string;
      section: OutlineSection;
      sectionIndex: number;
      sectionCount: number;
      wordBudget: number;
      /** 'extend' asks for more of an existing section: new paragraphs only, no repeats. */
      mode: 'write' | 'extend';
    };
