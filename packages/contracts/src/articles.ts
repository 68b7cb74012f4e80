import { z } from 'zod';
import { qualityReportSchema } from './generation.js';
import { MAX_ID } from './ids.js';
import { emptyAsUndefined, pageLimitSchema, pageOffsetSchema } from './paging.js';
import { reviewReasonSchema } from './review.js';
import { usageTotalsSchema } from './usage-totals.js';

/* Generated articles: the list, one article, edits, publishing to WordPress, trend sources. */

export const ARTICLE_STATUSES = ['draft', 'review', 'published', 'scheduled', 'failed'] as const;
export const articleStatusSchema = z.enum(ARTICLE_STATUSES);
export type ArticleStatus = z.infer<typeof articleStatusSchema>;

/** 'trend' when the article has source URLs, else 'manual' (spec §2.1). */
export const ARTICLE_SOURCE_TYPES = ['trend', 'manual'] as const;
export const articleSourceTypeSchema = z.enum(ARTICLE_SOURCE_TYPES);
export type ArticleSourceType = z.infer<typeof articleSourceTypeSchema>;

export const ARTICLE_PAGE_SIZES = [5, 10, 25, 50] as const;
export const ARTICLE_DEFAULT_PAGE_SIZE = 10;
export const ARTICLE_LIST_MAX_LIMIT = 100;
export const ARTICLE_TITLE_MAX_LENGTH = 500;
/** Generous: a 50,000-word article is about 400 KB of HTML. */
export const ARTICLE_CONTENT_MAX_LENGTH = 2_000_000;

/** Exact texts of the spec (§5 Publish, §8 Articles) shared by the server and the screen. */
export const ARTICLE_MESSAGES = {
  invalidId: 'Invalid article ID provided',
  invalidIdFormat: 'Invalid article ID format',
  noSite: 'Article does not have a valid site assigned',
  invalidSite: 'Article has invalid site assignment',
  notFound: 'Article not found',
  noGenerationLog: 'No generation log found for this article',
} as const;

/** The editor's confirmation before a live post changes (issue #37), on the screen and in the server's 409. */
export const livePostConfirmation = (siteName: string) =>
  `This article is live on ${siteName}. Saving updates the published post.`;
/** The body flag that confirms it: without it, an edit of what a live post shows is a 409 naming it. */
export const UPDATE_LIVE_POST_FIELD = 'update_live_post';

/** Slugs as WordPress makes them from plain words: lower-case letters and digits joined by single hyphens. */
export const ARTICLE_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const ARTICLE_SLUG_MAX_LENGTH = 200;
/** Search engines show about 155–160 characters of a meta description; WordPress stores any length. */
export const META_DESCRIPTION_GUIDANCE = { min: 120, max: 160 } as const;
export const META_DESCRIPTION_MAX_LENGTH = 320;
/** WordPress post tags: whole phrases, as many as publishing sends (lib/text/tag-phrases.ts on the server). */
export const ARTICLE_TAGS_MAX = 5;
export const ARTICLE_TAG_MAX_LENGTH = 40;
export const ARTICLE_SEARCH_MAX_LENGTH = 200;

/** Error codes a client may branch on (besides the generic ones in errors.ts). */
export const ARTICLE_ERROR_CODES = {
  qualityGate: 'quality_gate',
  publishInProgress: 'publish_in_progress',
  /** A live post would change: send update_live_post: true (issue #37). */
  livePostConfirmation: 'live_post_confirmation_required',
  wordpress: 'wordpress_error',
} as const;

// Query strings arrive as text; an empty value (`site_id=`) means "no filter", not 0.
const optionalQueryInt = (message: string) =>
  z.preprocess(
    emptyAsUndefined,
    z.coerce.number({ message }).int(message).positive(message).max(MAX_ID, message).optional(),
  );
/** How a publish sends the article: live (or scheduled), or as a draft. */
export const PUBLISH_SEND_AS = ['published', 'draft'] as const;
export type PublishSendAs = (typeof PUBLISH_SEND_AS)[number];

/**
 * What WordPress has of the article (issue #17), from the post status the last successful push
 * stored: not sent, a draft, pending review, scheduled (future) or live (publish); and, found by a
 * live check or after a content sync, trashed (in the WordPress trash: publishing again restores
 * that post) or deleted (gone: publishing again makes a new post).
 */
export const WORDPRESS_STATES = ['not_sent', 'draft', 'pending', 'scheduled', 'live', 'trashed', 'deleted'] as const;
export const wordpressStateSchema = z.enum(WORDPRESS_STATES);
export type WordPressState = z.infer<typeof wordpressStateSchema>;

export const articleListQuerySchema = z.object({
  limit: pageLimitSchema(ARTICLE_LIST_MAX_LIMIT, ARTICLE_DEFAULT_PAGE_SIZE),
  offset: pageOffsetSchema(1_000_000_000),
  site_id: optionalQueryInt('must be a positive whole number (a site id)'),
  status: z.preprocess(emptyAsUndefined, articleStatusSchema.optional()),
  source_type: z.preprocess(emptyAsUndefined, articleSourceTypeSchema.optional()),
  live: z.preprocess(
    emptyAsUndefined,
    z.enum(['live', 'not_live'], { message: "must be 'live' or 'not_live'" }).optional(),
  ),
  wordpress_state: z.preprocess(
    emptyAsUndefined,
    z.enum(WORDPRESS_STATES, { message: `must be one of ${WORDPRESS_STATES.join(', ')}` }).optional(),
  ),
  /** Text search (issue #37): words found in the title or the keywords, case ignored. */
  q: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z
      .string()
      .trim()
      .max(ARTICLE_SEARCH_MAX_LENGTH, `must be at most ${ARTICLE_SEARCH_MAX_LENGTH} characters`)
      .optional(),
  ),
});
export type ArticleListQuery = z.infer<typeof articleListQuerySchema>;

/**
 * Whether the article's post was proven live on WordPress after its publish: 'live' (read back and
 * its public page shows it), 'not_live' (with the reason), 'scheduled' (checked once its time has
 * come), 'not_public' (a draft, pending or private post: read back only).
 */
export const LIVE_STATES = ['live', 'not_live', 'scheduled', 'not_public'] as const;

export const liveStateSchema = z.enum(LIVE_STATES);
export type LiveState = z.infer<typeof liveStateSchema>;
export const liveCheckSchema = z.object({
  state: liveStateSchema,
  reason: z.string().nullable(),
  checked_at: z.string(),
});
export type LiveCheck = z.infer<typeof liveCheckSchema>;

/** One row of the list: everything but the content and the quality report. */
export const articleSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  status: articleStatusSchema,
  site_id: z.number().int().nullable(),
  /** The site's current name, or the name it had when the article was made (site deleted since). */
  site_name: z.string(),
  site_url: z.string().nullable(),
  source_type: articleSourceTypeSchema,
  task_type: z.string(),
  persona: z.string(),
  origin: z.string(),
  keywords: z.array(z.string()),
  /** The tags its WordPress post gets (whole phrases, decided when it was written). */
  tags: z.array(z.string()),
  /** Written by the offline writer, without a model: demonstration text, not for a public site. */
  demo: z.boolean(),
  source_urls: z.array(z.string()),
  word_count: z.number().int(),
  attempts: z.number().int(),
  refusal_recovered: z.boolean(),
  refusal_matches: z.array(z.string()),
  wordpress_post_id: z.number().int().nullable(),
  wordpress_permalink: z.string().nullable(),
  /** What WordPress has: the post status of the last successful push (its own column and filter on the Articles screen). */
  wordpress_state: wordpressStateSchema,
  featured_image_url: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  scheduled_at: z.string().nullable(),
  published_at: z.string().nullable(),
  /** The last live check of its WordPress post; null before the first publish (or before checks existed). */
  live_check: liveCheckSchema.nullable(),
  /** Why it waits for the operator in the Review inbox (issue #33); null: nothing waits. */
  review_reason: reviewReasonSchema.nullable(),
  review_since: z.string().nullable(),
  /** A delayed article goes out at this time unless held first. */
  release_at: z.string().nullable(),
  /** The operator's words on the last decision. */
  review_note: z.string().nullable(),
});
export type ArticleSummary = z.infer<typeof articleSummarySchema>;

export const articleSchema = articleSummarySchema.extend({
  /** Sanitised HTML. */
  content: z.string(),
  meta_description: z.string().nullable(),
  /** The post's slug as chosen here; null: WordPress makes one from the title. */
  slug: z.string().nullable(),
  /** The SEO plugin's focus keyword (the article's first keyword); null when it has none. */
  focus_keyword: z.string().nullable(),
  /** The WordPress categories chosen for its post (ids on its site); empty: the site's configuration decides. */
  category_ids: z.array(z.number().int()),
  failure_reason: z.string().nullable(),
  quality_report: qualityReportSchema.nullable(),
  /** What its model calls cost (issue #16); null when no model was called for it (the offline writer, an edit). */
  usage: usageTotalsSchema.nullable(),
});
export type Article = z.infer<typeof articleSchema>;

export const articleListResponseSchema = z.object({
  items: z.array(articleSummarySchema),
  total: z.number().int().nonnegative(),
});
export type ArticleListResponse = z.infer<typeof articleListResponseSchema>;

/** The id in the path stays text here: the server answers the spec's own messages for bad ids. */
export const articleIdParamSchema = z.object({ id: z.string().max(100) });

/** Edit (title, content, status, scheduled_at, SEO fields, categories, tags) or a bulk status change (status, maybe scheduled_at). */
export const articleUpdateSchema = z
  .object({
    title: z
      .string()
      .trim()
      .min(1, 'must not be empty')
      .max(ARTICLE_TITLE_MAX_LENGTH, `must be at most ${ARTICLE_TITLE_MAX_LENGTH} characters`)
      .optional(),
    content: z.string().max(ARTICLE_CONTENT_MAX_LENGTH, 'is too long').optional(),
    status: articleStatusSchema.optional(),
    /** ISO 8601 with a zone (e.g. 2026-12-01T09:00:00.000Z); required in the future for 'scheduled'. */
    scheduled_at: z.iso
      .datetime({ offset: true, message: 'must be an ISO 8601 date-time with a time zone' })
      .nullable()
      .optional(),
    /** Plain text; also the post's excerpt. Empty clears it. */
    meta_description: z
      .string()
      .trim()
      .max(META_DESCRIPTION_MAX_LENGTH, `must be at most ${META_DESCRIPTION_MAX_LENGTH} characters`)
      .optional(),
    /** Empty: WordPress makes one from the title. */
    slug: z
      .string()
      .trim()
      .max(ARTICLE_SLUG_MAX_LENGTH, `must be at most ${ARTICLE_SLUG_MAX_LENGTH} characters`)
      .refine((slug) => slug === '' || ARTICLE_SLUG_PATTERN.test(slug), {
        message: 'use lower-case letters, digits and single hyphens between them (like my-first-post)',
      })
      .optional(),
    /** Replaces the first keyword; only for an article that has keywords. */
    focus_keyword: z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters').optional(),
    /** Categories the site has (its content inventory); empty: the site's configuration decides. */
    category_ids: z
      .array(z.number().int().positive('must be a category id').max(MAX_ID, 'must be a category id'))
      .max(20, 'at most 20 categories')
      .optional(),
    /** Tag names: existing ones are reused on WordPress, new ones created. */
    tags: z
      .array(
        z
          .string()
          .trim()
          .min(2, 'must be at least 2 characters')
          .max(ARTICLE_TAG_MAX_LENGTH, `must be at most ${ARTICLE_TAG_MAX_LENGTH} characters`),
      )
      .max(ARTICLE_TAGS_MAX, `at most ${ARTICLE_TAGS_MAX} tags`)
      .optional(),
    /**
     * Confirms that the edit changes the article's live post (issue #37): the post is updated on
     * WordPress by the same request. Without it, an edit of a live article's post is a 409.
     */
    update_live_post: z.boolean().optional(),
  })
  .refine(({ update_live_post: _confirmation, ...body }) => Object.values(body).some((value) => value !== undefined), {
    message: 'nothing to update: send title, content, status or scheduled_at',
  });
export type ArticleUpdate = z.infer<typeof articleUpdateSchema>;

/**
 * What an edit did to the live post (when update_live_post was sent): updated, or why WordPress
 * still has the earlier version (the edit itself is saved either way).
 */
export const livePostUpdateSchema = z.object({
  updated: z.boolean(),
  message: z.string(),
  permalink: z.string().nullable(),
});
export const articleUpdateResultSchema = articleSchema.extend({ live_post_update: livePostUpdateSchema.nullable() });
export type ArticleUpdateResult = z.infer<typeof articleUpdateResultSchema>;

/** The preview (issue #37): the title and body as publishing would send them, without saving. */
export const articlePreviewRequestSchema = z.object({
  title: z.string().max(ARTICLE_TITLE_MAX_LENGTH, `must be at most ${ARTICLE_TITLE_MAX_LENGTH} characters`),
  content: z.string().max(ARTICLE_CONTENT_MAX_LENGTH, 'is too long'),
});
export const articlePreviewSchema = z.object({
  title: z.string(),
  /** Sanitised by the server's publishing sanitizer. */
  content: z.string(),
  featured_image_url: z.string().nullable(),
  site_name: z.string(),
});
export type ArticlePreview = z.infer<typeof articlePreviewSchema>;

/**
 * Publish body as the spec's screens send it: `articleId` + `siteId` (view dialog) or `site_id`
 * (edit and bulk), optional `force_publish`. Ids are checked by the server so that it can answer
 * the spec's exact messages; the X-Force-Publish header forces too.
 */
/**
 * The publish call's body. The one shape the web client sends (issue #34): `site_id`, `send_as`,
 * `force_publish`. Still read, as the spec's screens send them: `articleId` with `siteId` (the view
 * dialog), and the X-Force-Publish header. The server reads all of them in one place
 * (apps/server/src/modules/publishing/publish-request.ts) into one internal request.
 */
export const articlePublishRequestSchema = z
  .object({
    articleId: z
      .unknown()
      .optional()
      .describe("Legacy (the spec's view dialog): the article id, which must equal the one in the path"),
    siteId: z.unknown().optional().describe("Legacy spelling of site_id (the spec's view dialog)"),
    site_id: z
      .unknown()
      .optional()
      .describe(
        "The site the caller believes the article is on; it must be the article's own (absent: the article's site)",
      ),
    force_publish: z
      .union([z.boolean(), z.literal('true'), z.literal('false')])
      .optional()
      .describe('true publishes past a blocking quality-gate finding (the X-Force-Publish header does the same)'),
    /**
     * What WordPress gets (issue #17): 'published' (the default) makes the post live, or schedules it
     * for a scheduled article; 'draft' sends it without making it live (a review article as pending).
     */
    send_as: z.enum(PUBLISH_SEND_AS, { message: "must be 'published' or 'draft'" }).optional(),
  })
  // Fastify hands a missing body over as null.
  .nullish();
export type ArticlePublishRequest = z.infer<typeof articlePublishRequestSchema>;
export const FORCE_PUBLISH_HEADER = 'X-Force-Publish';
/** The publish call's one header of its own, for the API description; every other header passes untouched. */
export const articlePublishHeadersSchema = z.looseObject({
  'x-force-publish': z
    .enum(['true', 'false'])
    .optional()
    .describe('true publishes past the quality gate, like force_publish in the body'),
});

export const PUBLISH_ACTIONS = ['created', 'updated', 'recovered'] as const;

export const articlePublishResultSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  article_id: z.number().int(),
  site_id: z.number().int(),
  /** created: a new post; updated: the post stored with the article; recovered: found by its marker after a lost answer. */
  action: z.enum(PUBLISH_ACTIONS),
  wordpress_post_id: z.number().int(),
  wordpress_permalink: z.string().nullable(),
  /** The post's status on WordPress: publish, future, pending or draft. */
  wordpress_status: z.string(),
  article_status: articleStatusSchema,
  featured_media_id: z.number().int().nullable(),
  tag_ids: z.array(z.number().int()),
  forced: z.boolean(),
  quality_report: qualityReportSchema,
});
export type ArticlePublishResult = z.infer<typeof articlePublishResultSchema>;

/** `details` of the 409 answered when the quality gate blocks a publish. */
export const qualityGateConflictDetailsSchema = z.object({ quality_report: qualityReportSchema });

/** DELETE /api/articles/{id}?trash_post=true also moves its WordPress post to the WordPress trash. */
export const articleDeleteQuerySchema = z.object({
  trash_post: z.enum(['true', 'false'], { message: "trash_post must be 'true' or 'false'" }).optional(),
});
/**
 * `wordpress_post`: what became of its WordPress post — 'kept' (it stays on the site), 'trashed'
 * (moved to the WordPress trash, restorable there), 'none' (it had no post).
 */
export const articleDeleteResultSchema = z.object({
  success: z.literal(true),
  id: z.number().int(),
  wordpress_post: z.enum(['kept', 'trashed', 'none']),
});
export type ArticleDeleteResult = z.infer<typeof articleDeleteResultSchema>;

export const articleTrendSourceSchema = z.object({
  topic: z.string(),
  description: z.string(),
  published_date: z.string().nullable(),
  trend_url: z.string().nullable(),
});
export type ArticleTrendSource = z.infer<typeof articleTrendSourceSchema>;
export const articleTrendSourcesSchema = z.array(articleTrendSourceSchema);
