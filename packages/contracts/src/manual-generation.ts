import { z } from 'zod';
import { wordpressAuthorIdSchema, wordpressCategoryIdsSchema } from './blog-configs.js';
import {
  DEFAULT_TASK_TYPE,
  existingPostSchema,
  qualityRuleSchema,
  TASK_TYPES,
  type TaskType,
  WORD_COUNT_LIMITS,
} from './generation.js';
import { MAX_ID } from './ids.js';
import { optionalPublishPolicyInputSchema } from './publish-policy.js';
import { confirmBudgetSchema } from './usage.js';

/* Manual generation (spec part 2 §2.2, §2.3, §5, §7, §8): one article from a topic, pushed to a site. */

export const MANUAL_LIMITS = {
  topic: { min: 3, max: 200 },
  persona: 500,
  maxArticles: { min: 1, max: 50, default: 5 },
  /** The secure variant's client-side limiters (the second one exists but is unused, as in the spec). */
  clientRate: { max: 30, windowMs: 60_000 },
  strictClientRate: { max: 5, windowMs: 60_000 },
  /** A PNG data URL chosen as the featured image; about 7.5 MB of image. */
  imageDataUrl: 10_000_000,
} as const;

/** The manual screen's own name for the id ceiling. */
export const MAX_SITE_ID = MAX_ID;

/** Exact texts of the spec, shared by the server's 400s and the screens. */
export const MANUAL_MESSAGES = {
  topicAndSiteRequired: 'Please enter a topic and select a site',
  topicTooShort: 'Topic must be at least 3 characters long',
  topicTooLong: 'Topic must be less than 200 characters',
  siteIdRequired: 'Site ID is required',
  siteIdInvalid: 'Site ID must be a positive integer',
  siteIdTooLarge: 'Site ID is too large',
  tooManyRequests: 'Too many requests. Please wait before trying again.',
  bulkComingSoon: 'Bulk generation feature coming soon!',
  fetchSitesFailed: 'Failed to fetch sites',
  fetchTaskTypesFailed: 'Failed to fetch task types',
  fetchConfigsFailed: 'Failed to fetch blog configurations',
  generationFailed: (message: string) => `Generation failed: ${message}`,
} as const;

export const PUBLISH_STATUSES = ['draft', 'publish'] as const;
export type PublishStatus = (typeof PUBLISH_STATUSES)[number];
export const DEFAULT_PUBLISH_STATUS: PublishStatus = 'draft';

/** Error code of a generation that failed (the failed article is stored; details carry its id). */
export const GENERATION_FAILED_CODE = 'generation_failed';

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
const numericText = (value: unknown) =>
  typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value;

export const manualTopicSchema = z
  .string({ message: 'Topic is required' })
  .trim()
  .min(MANUAL_LIMITS.topic.min, MANUAL_MESSAGES.topicTooShort)
  .max(MANUAL_LIMITS.topic.max, MANUAL_MESSAGES.topicTooLong);

export const manualSiteIdSchema = z.preprocess(
  (value) => numericText(blankToUndefined(value)),
  z
    .number({
      error: (issue) => (issue.input === undefined ? MANUAL_MESSAGES.siteIdRequired : MANUAL_MESSAGES.siteIdInvalid),
    })
    .int(MANUAL_MESSAGES.siteIdInvalid)
    .positive(MANUAL_MESSAGES.siteIdInvalid)
    .max(MAX_SITE_ID, MANUAL_MESSAGES.siteIdTooLarge),
);

/** Any of the eight names; an unknown one is refused rather than silently replaced. */
export const manualTaskTypeSchema = z.preprocess(
  blankToUndefined,
  z
    .string({ message: 'Task type must be text' })
    // Bounded before the name check, so the API description states a limit too.
    .max(100, `Unknown task type; use one of: ${TASK_TYPES.join(', ')}`)
    .refine((v): v is TaskType => (TASK_TYPES as readonly string[]).includes(v), {
      message: `Unknown task type; use one of: ${TASK_TYPES.join(', ')}`,
    })
    .default(DEFAULT_TASK_TYPE),
);

const { min: WORDS_MIN, max: WORDS_MAX, default: WORDS_DEFAULT } = WORD_COUNT_LIMITS.manual;
const wordCountNumber = z
  .number({ message: `Word count must be a number from ${WORDS_MIN} to ${WORDS_MAX}` })
  .int('Word count must be a whole number')
  .min(WORDS_MIN, `Word count must be between ${WORDS_MIN} and ${WORDS_MAX}`)
  .max(WORDS_MAX, `Word count must be between ${WORDS_MIN} and ${WORDS_MAX}`);
/** 500–5,000; empty falls back to 3,000 (spec §5). */
export const manualWordCountSchema = z.preprocess(
  (value) => numericText(blankToUndefined(value)),
  wordCountNumber.default(WORDS_DEFAULT),
);
/** A word count that may be left out (or blank): the other place it can be given, else 3,000, decides. */
const givenWordCountSchema = z.preprocess((value) => numericText(blankToUndefined(value)), wordCountNumber.optional());

const publishStatusSchema = z.preprocess(
  blankToUndefined,
  z.enum(PUBLISH_STATUSES, { message: 'Publish status must be draft or publish' }).optional(),
);
const personaSchema = z.preprocess(
  (value) => (value === null ? '' : value),
  z
    .string({ message: 'Persona must be text' })
    .trim()
    .max(MANUAL_LIMITS.persona, `Persona must be at most ${MANUAL_LIMITS.persona} characters`)
    .default(''),
);
const includeImagesSchema = z.boolean({ message: 'includeImages must be true or false' }).optional();

const PNG_DATA_URL_PREFIX = 'data:image/png;base64,';
/**
 * `data:image/png;base64,` and base64 text. Not one regular expression with `[…]+$`: over the
 * 10,000,000 characters allowed, V8 keeps a backtrack entry per character, and CI's PostgreSQL pass
 * saw it overflow ("Maximum call stack size exceeded" → a 500). Looking for one character outside
 * the alphabet needs no backtracking.
 */
function isPngDataUrl(value: string): boolean {
  return (
    value.startsWith(PNG_DATA_URL_PREFIX) &&
    value.length > PNG_DATA_URL_PREFIX.length &&
    !/[^A-Za-z0-9+/=\s]/.test(value.slice(PNG_DATA_URL_PREFIX.length))
  );
}

/** includeImages, publishStatus and wordCount left out here are taken from the request's top level, else their defaults (true, draft, 3,000). */
export const manualGenerateOptionsSchema = z.object({
  includeImages: includeImagesSchema,
  publishStatus: publishStatusSchema,
  /** Accepted for compatibility; a single generation makes one article. */
  maxArticles: z.preprocess(
    (value) => numericText(blankToUndefined(value)),
    z
      .number()
      .int()
      .min(MANUAL_LIMITS.maxArticles.min)
      .max(MANUAL_LIMITS.maxArticles.max)
      .default(MANUAL_LIMITS.maxArticles.default),
  ),
  /** Left out: the request's top-level wordCount, else 3,000. */
  wordCount: givenWordCountSchema,
  persona: personaSchema,
  /** WordPress categories and author of the post (ids from the site's inventory); without them the site's blog configuration decides. */
  categoryIds: wordpressCategoryIdsSchema.optional(),
  authorId: wordpressAuthorIdSchema.optional(),
  /** A PNG chosen by the operator as the featured image, instead of the generated title card. */
  selectedImageDataUrl: z.preprocess(
    blankToUndefined,
    z
      .string()
      .max(MANUAL_LIMITS.imageDataUrl, 'The selected image is too large')
      .refine(isPngDataUrl, 'The selected image must be a PNG data URL (data:image/png;base64,…)')
      .optional(),
  ),
});
export type ManualGenerateOptions = z.infer<typeof manualGenerateOptionsSchema>;

/** The settings a request may give flat or in `options`, with their names for people. */
const SETTINGS_GIVEN_TWICE = {
  wordCount: 'Word count',
  publishStatus: 'Publish status',
  includeImages: 'includeImages',
} as const;

/**
 * POST /api/manual/generate. The Manual screen sends `options`; the secure variant sends the
 * same settings flat (includeImages, publishStatus, wordCount) and gets `{ success, message }`.
 * A setting given in one place is used wherever it is given (issue #31: a top-level wordCount was
 * lost when `options` came without one); given in both places with different values, the
 * request is refused naming the top-level field.
 */
export const manualGenerateRequestSchema = z
  .object({
    topic: manualTopicSchema,
    site_id: manualSiteIdSchema,
    task_type: manualTaskTypeSchema,
    options: manualGenerateOptionsSchema.optional(),
    includeImages: includeImagesSchema,
    publishStatus: publishStatusSchema,
    wordCount: givenWordCountSchema,
    /** The publishing policy of this article (issue #33); absent or null: the site's (its blog configuration's, else its own). */
    publish_policy: optionalPublishPolicyInputSchema.optional(),
    /** The operator confirmed that the article may cross a monthly budget (issue #37); without it such a start is a 409. */
    confirm_budget: confirmBudgetSchema,
  })
  .superRefine((request, ctx) => {
    for (const [name, label] of Object.entries(SETTINGS_GIVEN_TWICE) as Array<
      [keyof typeof SETTINGS_GIVEN_TWICE, string]
    >) {
      const flat = request[name];
      const inOptions = request.options?.[name];
      if (flat === undefined || inOptions === undefined || flat === inOptions) continue;
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: `${label} is given twice with different values (${String(flat)} here, ${String(inOptions)} in options.${name}): send one`,
      });
    }
  });
export type ManualGenerateRequest = z.infer<typeof manualGenerateRequestSchema>;
export type ManualGenerateRequestInput = z.input<typeof manualGenerateRequestSchema>;

/**
 * The article was written and saved, but its publish was held back by the quality gate (a post
 * the site already has, nearly the same text …): nothing went to WordPress.
 */
export const manualHeldSchema = z.object({
  /** The finding that held it (a duplicate one first, when there is one). */
  rule: qualityRuleSchema.nullable(),
  /** Why, in words: every blocking finding. */
  reason: z.string(),
  /** The post already there, for the screen to link to; null when the finding is about no post. */
  existing_post: existingPostSchema.nullable(),
});
export type ManualHeld = z.infer<typeof manualHeldSchema>;

export const manualGenerationResultSchema = z.object({
  title: z.string(),
  article_id: z.number().int(),
  content: z.string(),
  attempts: z.number().int(),
  refusal_recovered: z.boolean(),
  refusal_matches: z.array(z.string()),
  word_count: z.number().int(),
  /** The article's status after the push: draft or published. */
  status: z.string(),
  wordpress_post_id: z.number().int().nullable(),
  wordpress_permalink: z.string().nullable(),
  /** Why the push to WordPress did not happen; the article stays saved as a draft. */
  publish_error: z.string().nullable(),
  /** Set when the quality gate held the publish back (publish_error says it too). */
  held: manualHeldSchema.nullable(),
  /**
   * Set when the publishing policy kept the article back (issue #33): it waits in the Review inbox,
   * held or until `release_at`; nothing public went to WordPress (a preview draft may have).
   */
  review: z
    .object({ reason: z.enum(['held', 'delayed']), release_at: z.string().nullable() })
    .nullable()
    .optional(),
  /** True when the built-in offline writer produced the article. */
  offline: z.boolean(),
});
export type ManualGenerationResult = z.infer<typeof manualGenerationResultSchema>;

export const manualGenerateResponseSchema = z.object({ data: manualGenerationResultSchema });
export type ManualGenerateResponse = z.infer<typeof manualGenerateResponseSchema>;

/** The secure variant's answer; `success` is false when the publish was held back (`held` says why). */
export const secureGenerateResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  article_id: z.number().int().optional(),
  title: z.string().optional(),
  held: manualHeldSchema.optional(),
});
export type SecureGenerateResponse = z.infer<typeof secureGenerateResponseSchema>;

export const taskTypeListSchema = z.array(z.string());
