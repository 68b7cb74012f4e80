import { z } from 'zod';
import { idTextSchema } from './ids.js';
import { publishPolicyValueSchema, sitePublishPolicyInputSchema } from './publish-policy.js';

/* WordPress sites: the Sites screen, its calls, and the limits both sides agree on. */

export const SITE_LIMITS = { name: 200, url: 2000, username: 200, password: 200, persona: 500 } as const;

/** The name the dialog suggests for the application password created in WordPress. */
export const APPLICATION_PASSWORD_NAME = 'Automated Blog Poster';

/** Spec §4/§9: health ratings on the 0–1 scale. */
export const HEALTH_THRESHOLDS = { excellent: 0.8, fair: 0.5 } as const;
export type HealthRating = 'excellent' | 'fair' | 'poor';
export function healthRating(value: number): HealthRating {
  if (value >= HEALTH_THRESHOLDS.excellent) return 'excellent';
  if (value >= HEALTH_THRESHOLDS.fair) return 'fair';
  return 'poor';
}

/** Spec §9: the screen's polling. */
export const SITE_POLLING = {
  healthIntervalMs: 300_000,
  healthGapMs: 250,
  healthPauseAfter429Ms: 900_000,
  deletePollMs: 2_000,
  deletePollTimes: 5,
} as const;

/**
 * Server-side limits of GET /api/sites/{id}/health. A live check (discovery + users/me) runs at
 * most once per `freshSeconds` per site; inside that window the stored result is returned.
 * Requests beyond `perSitePerMinute` for one site or `overallPerMinute` in total get 429.
 */
export const SITE_HEALTH_LIMITS = { freshSeconds: 60, perSitePerMinute: 6, overallPerMinute: 300 } as const;

const requiredText = (label: string, max: number) =>
  z.string().trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);

function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const { protocol, hostname } = new URL(value);
  return (protocol === 'http:' || protocol === 'https:') && hostname.length > 0;
}

function hasNoCredentials(value: string): boolean {
  if (!URL.canParse(value)) return true;
  const { username, password } = new URL(value);
  return username === '' && password === '';
}

export const siteUrlSchema = requiredText('URL', SITE_LIMITS.url)
  .refine(isHttpUrl, { message: 'URL must be a full http:// or https:// address (e.g. https://example.com)' })
  .refine(hasNoCredentials, {
    message: 'URL must not contain a user name or password: use the Username and Application password fields',
  });

const passwordText = z
  .string()
  .max(SITE_LIMITS.password, `Application password must be at most ${SITE_LIMITS.password} characters`);

const siteFields = {
  name: requiredText('Name', SITE_LIMITS.name),
  url: siteUrlSchema,
  username: requiredText('Username', SITE_LIMITS.username),
  is_active: z.boolean().default(true),
  content_persona: z
    .string()
    .trim()
    .max(SITE_LIMITS.persona, `Persona must be at most ${SITE_LIMITS.persona} characters`)
    .default(''),
};

/** POST /api/sites. The password is write-only: it is never part of any answer. */
export const siteCreateSchema = z.object({
  ...siteFields,
  /** The site's default publishing policy (issue #33); absent: 'auto', today's behaviour. */
  publish_policy: sitePublishPolicyInputSchema.default({ mode: 'auto' }),
  send_held_as_draft: z.boolean({ message: 'must be true or false' }).default(false),
  password: passwordText.refine((v) => v.trim().length > 0, { message: 'Application password is required' }),
});
export type SiteCreateInput = z.input<typeof siteCreateSchema>;

/**
 * PUT /api/sites/{id}: the same body; a blank or missing password keeps the stored one, and so
 * does a missing is_active or content_persona (an older client must not reset them by omission).
 */
export const siteUpdateSchema = z.object({
  ...siteFields,
  is_active: siteFields.is_active.removeDefault().optional(),
  content_persona: siteFields.content_persona.removeDefault().optional(),
  password: passwordText.optional(),
  /** Absent: the stored policy stays. */
  publish_policy: sitePublishPolicyInputSchema.optional(),
  send_held_as_draft: z.boolean({ message: 'must be true or false' }).optional(),
});
export type SiteUpdateInput = z.input<typeof siteUpdateSchema>;

/**
 * The two connection tests named by what they do (issue #37 point 8: "Test" and "Test Connection"
 * side by side said nothing about which was which).
 */
export const SITE_TEST_LABELS = {
  basic: 'Check Login',
  enhanced: 'Full Diagnosis',
  running: 'Testing...',
} as const;

/** A site whose credentials WordPress rejected: the Sites screen's state and what skipped work says. */
export const SITE_CREDENTIALS_TEXT = {
  state: 'Credentials rejected — fix them',
  explain:
    'WordPress rejected the username or application password. Nothing is scheduled or published to this site until Edit saves working credentials or Check Login passes.',
  refused: (siteName: string) =>
    `WordPress rejected the credentials of "${siteName}": nothing is published to it until they are fixed (edit the site or test its connection in WordPress Sites).`,
  /** The Active switch's label while the state holds: switched on, but nothing goes to the site. */
  switchLabel: 'Paused',
  /** A schedule's slot, a trend check's site: what was left out and why. */
  skipped: 'Skipped: WordPress rejected this site’s credentials (fix them in WordPress Sites)',
} as const;

export const siteSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  username: z.string(),
  is_active: z.boolean(),
  content_persona: z.string(),
  /** The REST root found by discovery (…/wp-json/ or …/?rest_route=/), null until found. */
  rest_root: z.string().nullable(),
  /** Last health score 0–100 and when it was taken, null before the first check. */
  health_score: z.number().int().min(0).max(100).nullable(),
  health_checked_at: z.string().nullable(),
  /** True while a cascade deletion of the site runs in the background. */
  deleting: z.boolean(),
  /**
   * Set while WordPress rejects the site's stored credentials (issue #37 point 3): nothing is
   * scheduled or published to it until a connection test or an edit is accepted. `reason` is
   * WordPress' answer.
   */
  credentials_rejected: z.object({ at: z.string(), reason: z.string() }).nullable(),
  /** The site's default publishing policy (issue #33) and whether held articles go to WordPress as drafts. */
  publish_policy: publishPolicyValueSchema,
  send_held_as_draft: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Site = z.infer<typeof siteSchema>;
export const siteListSchema = z.array(siteSchema);

/** Saving never fails because WordPress is down: the warning says what discovery found instead. */
export const siteSaveResponseSchema = siteSchema.extend({ warning: z.string().nullable() });
export type SiteSaveResponse = z.infer<typeof siteSaveResponseSchema>;

export const siteIdParamSchema = z.object({ id: idTextSchema('id') });

const queryFlag = z
  .enum(['true', 'false', '1', '0'], { message: "must be 'true' or 'false'" })
  .optional()
  .transform((v) => v === 'true' || v === '1');
export const testConnectionQuerySchema = z.object({ enhanced: queryFlag });
/** cascade: the site's articles go too; trash_posts (with cascade): their WordPress posts go to the WordPress trash. */
export const deleteSiteQuerySchema = z.object({ cascade: queryFlag, trash_posts: queryFlag });

export const connectionCheckSchema = z.object({
  success: z.boolean(),
  /** Milliseconds. */
  response_time: z.number(),
  error: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type ConnectionCheck = z.infer<typeof connectionCheckSchema>;

export const connectionTestResultSchema = z.object({
  success: z.boolean(),
  /** 0–1. */
  success_rate: z.number().min(0).max(1),
  tests: z.record(z.string(), connectionCheckSchema),
  recommendations: z.array(z.string()),
  mode: z.enum(['basic', 'enhanced']),
  rest_root: z.string().nullable(),
  /** Enhanced test only: the SEO plugin found and where publishing puts the meta description; null otherwise. */
  seo: z
    .object({
      plugin: z.string().nullable(),
      description_field: z.string().nullable(),
      keyword_field: z.string().nullable(),
      summary: z.string(),
    })
    .nullable(),
});
export type ConnectionTestResult = z.infer<typeof connectionTestResultSchema>;

export const siteHealthSchema = z.object({
  site_id: z.number().int(),
  /** 0–1: the share of health checks that passed. */
  success_rate: z.number().min(0).max(1),
  health: z.object({
    /** 0–100. */
    score: z.number().int().min(0).max(100),
    rating: z.enum(['excellent', 'fair', 'poor']),
    checks: z.record(z.string(), connectionCheckSchema),
    recommendations: z.array(z.string()),
  }),
  checked_at: z.string(),
  /** True when this is the stored result of a check taken less than a minute ago. */
  cached: z.boolean(),
});
export type SiteHealth = z.infer<typeof siteHealthSchema>;

export const siteDeletedSchema = z.object({ success: z.literal(true) });
export const siteDeletionQueuedSchema = z.object({ status: z.literal('processing'), job_id: z.string() });
export const siteDeleteResponseSchema = z.union([siteDeletedSchema, siteDeletionQueuedSchema]);

/** GET /api/sites/{id}/delete-preview: what "Delete All" removes (issue #17 item 2). */
export const siteDeletePreviewSchema = z.object({
  /** The site's articles in this app. */
  articles: z.number().int(),
  /** Of those, the ones with a post on WordPress that this app created. */
  wordpress_posts: z.number().int(),
});
export type SiteDeletePreview = z.infer<typeof siteDeletePreviewSchema>;

/** GET /api/sites/deletions/{jobId}: how a "Delete All" went, once its background job has run. */
export const siteDeletionStatusSchema = z.object({
  state: z.enum(['running', 'done', 'failed']),
  articles_deleted: z.number().int(),
  posts_trashed: z.number().int(),
  /** Posts WordPress did not let us trash ("post 12: …"); they stay on the site. */
  trash_failures: z.array(z.string()),
});
export type SiteDeletionStatus = z.infer<typeof siteDeletionStatusSchema>;
export const siteDeletionIdParamSchema = z.object({ jobId: z.string().min(1).max(100) });
export type SiteDeleteResponse = z.infer<typeof siteDeleteResponseSchema>;
