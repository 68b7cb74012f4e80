import { z } from 'zod';
import { DEFAULT_TASK_TYPE, TASK_TYPES, WORD_COUNT_LIMITS } from './generation.js';
import { idSchema, idTextSchema } from './ids.js';
import { optionalPublishPolicyInputSchema, publishPolicyValueSchema } from './publish-policy.js';
import { type CostEstimateRequest, confirmBudgetSchema } from './usage.js';

/* Blog configurations: one per site, the posting schedule the scheduler follows (spec part 1). */

/** Spec §9 business constants, shared by the dialog, the server's validation and the scheduler. */
export const BLOG_CONFIG_LIMITS = {
  interval: { min: 1, max: 24, defaultMin: 1, defaultMax: 3 },
  maxPostsPerDay: { min: 1, max: 50, default: 10 },
  wordCount: {
    min: WORD_COUNT_LIMITS.config.min,
    max: WORD_COUNT_LIMITS.config.max,
    step: 100,
    default: WORD_COUNT_LIMITS.config.default,
  },
  topic: { maxLength: 200 },
  /** Not in the spec: a bound so that one request cannot store an unbounded list. */
  maxTopics: 1000,
  persona: 500,
  /** Topics shown as chips in a table row before '+N more'. */
  topicsShown: 3,
  /** Links into the live site's existing posts per new article (site inventory). */
  internalLinks: { max: 10, default: 3 },
} as const;

export const CONFIG_POST_STATUSES = ['draft', 'published'] as const;
export const configPostStatusSchema = z.enum(CONFIG_POST_STATUSES);
export type ConfigPostStatus = z.infer<typeof configPostStatusSchema>;
export const DEFAULT_CONFIG_POST_STATUS: ConfigPostStatus = 'draft';

/** Exact texts of the spec (§2, §5, §8) used by the screen. */
export const BLOG_CONFIG_MESSAGES = {
  noSitesWarning: 'You need to add WordPress sites first before creating blog configurations.',
  empty: 'No blog configurations set up',
  confirmDelete: 'Are you sure you want to delete this configuration?',
  created: 'Configuration created successfully',
  updated: 'Configuration updated successfully',
  deleted: 'Configuration deleted successfully',
  saveFailed: 'Failed to save configuration',
  deleteFailed: 'Failed to delete configuration',
  loadFailed: 'Failed to load data',
} as const;

/** Topics are compared trimmed and ignoring case: "SEO tips" and "seo tips " are one topic. */
export const topicKey = (topic: string): string => topic.trim().toLowerCase();

/** Adds a topic the way the dialog does: trimmed, blanks and duplicates ignored. */
export function addTopic(topics: readonly string[], candidate: string): string[] {
  const topic = candidate.trim();
  if (!topic || topics.some((t) => topicKey(t) === topicKey(topic))) return [...topics];
  return [...topics, topic];
}

const { interval, maxPostsPerDay, wordCount, topic } = BLOG_CONFIG_LIMITS;

const wholeNumber = (label: string, min: number, max: number) =>
  z
    .number({ message: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be between ${min} and ${max}`)
    .max(max, `${label} must be between ${min} and ${max}`);

const topicsSchema = z
  .array(
    z
      .string({ message: 'Each topic must be text' })
      .trim()
      .min(1, 'Topics must not be blank')
      .max(topic.maxLength, `Each topic must be at most ${topic.maxLength} characters`),
    { message: 'Topics must be a list of text' },
  )
  .min(1, 'At least one topic is required')
  .max(BLOG_CONFIG_LIMITS.maxTopics, `At most ${BLOG_CONFIG_LIMITS.maxTopics} topics`)
  .superRefine((topics, ctx) => {
    const seen = new Set<string>();
    topics.forEach((t, index) => {
      const key = topicKey(t);
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [index], message: `Duplicate topic "${t}"` });
      seen.add(key);
    });
  });

/** WordPress category ids chosen for new posts (from the site's inventory): at most 10, no repeats. */
export const wordpressCategoryIdsSchema = z
  .array(idSchema('category_ids', 'Each category must be a WordPress category id'), {
    message: 'Categories must be a list of WordPress category ids',
  })
  .max(10, 'At most 10 categories')
  .refine((ids) => new Set(ids).size === ids.length, 'A category is chosen twice');
/** The WordPress user (id on the site) who will be the posts' author; null: the connected user. */
export const wordpressAuthorIdSchema = idSchema('author_id', 'The author must be a WordPress user id').nullable();

/** POST /api/config and PUT /api/config/{id}: the spec's fields, with the spec's defaults. */
export const blogConfigInputSchema = z
  .object({
    site_id: idSchema('site_id', 'A site is required'),
    topics: topicsSchema,
    posting_interval_min: wholeNumber('Minimum interval', interval.min, interval.max).default(interval.defaultMin),
    posting_interval_max: wholeNumber('Maximum interval', interval.min, interval.max).default(interval.defaultMax),
    max_posts_per_day: wholeNumber('Max posts per day', maxPostsPerDay.min, maxPostsPerDay.max).default(
      maxPostsPerDay.default,
    ),
    post_status: z
      .enum(CONFIG_POST_STATUSES, { message: "Post status must be 'draft' or 'published'" })
      .default(DEFAULT_CONFIG_POST_STATUS),
    task_type: z
      .enum(TASK_TYPES, { message: `Task type must be one of: ${TASK_TYPES.join(', ')}` })
      .default(DEFAULT_TASK_TYPE),
    is_active: z.boolean({ message: 'Active must be true or false' }).default(true),
    word_count: wholeNumber('Word count', wordCount.min, wordCount.max)
      .refine((n) => n % wordCount.step === 0, `Word count must be a multiple of ${wordCount.step}`)
      .default(wordCount.default),
    content_persona: z
      .string({ message: 'Persona must be text' })
      .trim()
      .max(BLOG_CONFIG_LIMITS.persona, `Persona must be at most ${BLOG_CONFIG_LIMITS.persona} characters`)
      .default(''),
    category_ids: wordpressCategoryIdsSchema.default([]),
    author_id: wordpressAuthorIdSchema.default(null),
    internal_links: wholeNumber('Links into the site', 0, BLOG_CONFIG_LIMITS.internalLinks.max).default(
      BLOG_CONFIG_LIMITS.internalLinks.default,
    ),
    add_tags: z.boolean({ message: 'Add tags must be true or false' }).default(true),
    /** Its own model providers, in order: 'main' (Settings → Language model) and fallback ids; null: the default chain. */
    providers: z
      .array(z.string().min(1).max(100))
      .min(1, 'Choose at least one provider, or the default')
      .max(6, 'At most 6 providers')
      .refine((ids) => new Set(ids).size === ids.length, 'A provider can be chosen once')
      .nullable()
      .default(null),
    /** The publishing policy of its articles (issue #33); null: the site's default. */
    publish_policy: optionalPublishPolicyInputSchema.optional(),
    /** The operator confirmed that the schedule's expected month may cross a budget (issue #37); without it such a save is a 409. Not stored. */
    confirm_budget: confirmBudgetSchema,
  })
  .superRefine((body, ctx) => {
    if (body.posting_interval_min > body.posting_interval_max) {
      ctx.addIssue({
        code: 'custom',
        path: ['posting_interval_max'],
        message: 'Maximum interval must be greater than or equal to the minimum interval',
      });
    }
  });
export type BlogConfigInput = z.input<typeof blogConfigInputSchema>;
export type BlogConfigValues = z.output<typeof blogConfigInputSchema>;

/**
 * About how many articles a schedule writes in a month: one per average interval, at most the daily
 * cap, over 30 days (null while inactive or while a field is not a number). The screen's estimate
 * and the server's budget check alike (issue #37).
 */
export function monthlyArticles(values: {
  active: boolean;
  intervalMin: number;
  intervalMax: number;
  postsPerDay: number;
  words: number;
}): CostEstimateRequest | null {
  const { active, intervalMin, intervalMax, postsPerDay, words } = values;
  if (!active || ![intervalMin, intervalMax, postsPerDay, words].every((value) => Number.isFinite(value) && value > 0))
    return null;
  const perDay = Math.min(postsPerDay, 24 / ((intervalMin + intervalMax) / 2));
  const articles = Math.max(1, Math.round(perDay * 30));
  return { articles, word_count: words };
}

/** A reached monthly budget pausing a configuration's schedule (issue #31). */
export const blogConfigBudgetPauseSchema = z.object({
  /** The budget's own words: which budget, what is spent, and how to go on (raise it, or override it for this month). */
  message: z.string(),
  /** When the budget was reached (ISO 8601): the call that reached it, or the month's start for a budget of $0. */
  since: z.string(),
  /** When the schedule goes on by itself (ISO 8601): the next month's start, in the server's time zone. */
  resumes_at: z.string(),
});
export type BlogConfigBudgetPause = z.infer<typeof blogConfigBudgetPauseSchema>;

export const blogConfigSchema = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  site_name: z.string(),
  site_url: z.string(),
  /** False while the site is switched off (or being deleted): nothing is posted then. */
  site_is_active: z.boolean(),
  topics: z.array(z.string()),
  posting_interval_min: z.number().int(),
  posting_interval_max: z.number().int(),
  max_posts_per_day: z.number().int(),
  post_status: configPostStatusSchema,
  task_type: z.string(),
  is_active: z.boolean(),
  word_count: z.number().int(),
  content_persona: z.string(),
  /** WordPress categories (ids on the site) and author of the posts; [] / null: WordPress' defaults. */
  category_ids: z.array(z.number().int()),
  author_id: z.number().int().nullable(),
  /** Links into the site's existing posts per new article (0–10). */
  internal_links: z.number().int(),
  /** False: the site's posts get no WordPress tags (every producer's). */
  add_tags: z.boolean(),
  /** Its own model providers, in order ('main', fallback ids); null: the default chain. */
  providers: z.array(z.string()).nullable(),
  /** The publishing policy of its articles (issue #33); null: the site's default. */
  publish_policy: publishPolicyValueSchema.nullable(),
  /** When the next article is due (ISO 8601); it is posted once the daily cap allows. */
  next_post_at: z.string().nullable(),
  /** Scheduled slots taken today (the operator's day in the server's TZ); failed and skipped ones do not count. */
  posts_today: z.number().int().nonnegative(),
  last_post_at: z.string().nullable(),
  /** The error of the most recent slot when it failed, else null. */
  last_error: z.string().nullable(),
  /** What the most recent slot noted, e.g. the topics it passed over because the site already covers them. */
  last_note: z.string().nullable(),
  /** Set while a reached monthly budget holds the schedule (its slots wait, unclaimed); null otherwise. */
  budget_pause: blogConfigBudgetPauseSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type BlogConfig = z.infer<typeof blogConfigSchema>;
export const blogConfigListSchema = z.array(blogConfigSchema);

export const blogConfigIdParamSchema = z.object({ id: idTextSchema('id') });
export const blogConfigDeletedSchema = z.object({ success: z.literal(true), id: z.number().int() });
