import { z } from 'zod';

/* The AI-tell and sameness checks of the quality report, and a site's sameness (issue #33 §4). */

/** The quality report quotes at most this many sentences with AI-tell phrases. */
export const AI_TELL_MAX_QUOTED = 5;

/** An ai_tells finding's detail: the phrases found and the sentences that hold them. */
export const aiTellDetailsSchema = z.object({
  /** Occurrences of listed phrases in the article. */
  count: z.number().int().nonnegative(),
  /** Each phrase found, most frequent first. */
  phrases: z.array(z.object({ phrase: z.string(), count: z.number().int().positive() })),
  /** Sentences that contain them, in reading order (at most AI_TELL_MAX_QUOTED). */
  sentences: z.array(z.string()),
  /** Sentences a model rewrote before the report was made (0 for the offline writer). */
  rewritten: z.number().int().nonnegative(),
});
export type AiTellDetails = z.infer<typeof aiTellDetailsSchema>;

export const SAMENESS_ASPECTS = ['heading_skeleton', 'opening_sentence', 'length', 'title_template'] as const;
export const samenessAspectSchema = z.enum(SAMENESS_ASPECTS);
export type SamenessAspect = z.infer<typeof samenessAspectSchema>;

/** How the quality report and the site's warning say each way two posts are alike. */
export const SAMENESS_ASPECT_LABELS: Record<SamenessAspect, string> = {
  heading_skeleton: 'the same heading skeleton',
  opening_sentence: 'the same opening-sentence pattern',
  length: 'the same length within 3%',
  title_template: 'the same title template',
};

/** A recent post of the site that a new article resembles, and how. */
export const resemblingPostSchema = z.object({
  title: z.string(),
  /** Its web address when it is on WordPress; null for the app's articles not yet published. */
  link: z.string().nullable(),
  ways: z.array(samenessAspectSchema),
});
export type ResemblingPost = z.infer<typeof resemblingPostSchema>;

/** GET /api/sites/:id/sameness: how uniform the site's last posts are. */
export const siteSamenessSchema = z.object({
  site_id: z.number().int().positive(),
  /** Posts looked at: the site's newest (the app's articles and its WordPress posts), at most `limit`. */
  posts_compared: z.number().int().nonnegative(),
  /** Share (0–1) of the posts in the largest group with the same heading skeleton. */
  same_skeleton_share: z.number().min(0).max(1),
  /** Share (0–1) of the posts with the most common title template (one that has template words). */
  same_title_template_share: z.number().min(0).max(1),
  /** The most common title template, e.g. "the ultimate guide to X"; null when none repeats. */
  title_template: z.string().nullable(),
  /** Share (0–1) of the posts in the largest group opening with the same sentence pattern. */
  same_opening_share: z.number().min(0).max(1),
  /** The lengths' spread: their standard deviation as a percentage of the mean (0 = all the same length). */
  length_spread_pct: z.number().nonnegative(),
  /** True when the posts look made from one template (see message). */
  uniform: z.boolean(),
  /** The finding in words. */
  message: z.string(),
});
export type SiteSameness = z.infer<typeof siteSamenessSchema>;

const LIMIT_MESSAGE = 'must be a whole number from 5 to 50';
export const siteSamenessQuerySchema = z.object({
  limit: z.coerce
    .number({ message: LIMIT_MESSAGE })
    .int(LIMIT_MESSAGE)
    .min(5, LIMIT_MESSAGE)
    .max(50, LIMIT_MESSAGE)
    .default(20),
});
