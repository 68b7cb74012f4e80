import { z } from 'zod';
import { idSchema, idTextSchema } from './ids.js';
import { emptyAsUndefined, pageLimitSchema, pageOffsetSchema } from './paging.js';

/* Refresh (issue #36 §1): what has gone stale on the operator's sites, and why. */

/** Why a post may need a refresh; each reason of a score is one of these. */
export const REFRESH_REASON_KINDS = ['age', 'past_year', 'dead_links', 'thin', 'orphan', 'newer_post'] as const;
export const refreshReasonKindSchema = z.enum(REFRESH_REASON_KINDS);
export type RefreshReasonKind = z.infer<typeof refreshReasonKindSchema>;

/** The filter's names for the reasons (the Refresh view). */
export const REFRESH_REASON_LABELS: Record<RefreshReasonKind, string> = {
  age: 'Not changed for long',
  past_year: 'Out-of-date year',
  dead_links: 'Dead links',
  thin: 'Thin post',
  orphan: 'Nothing links to it',
  newer_post: 'A newer post covers it',
};

export const refreshReasonSchema = z.object({
  kind: refreshReasonKindSchema,
  /** Points this reason adds to the score (the score is their sum, at most 100). */
  weight: z.number().int(),
  /** For the operator: what was found ("Says \"in 2024\"; it is 2026 now."). */
  words: z.string(),
});
export type RefreshReason = z.infer<typeof refreshReasonSchema>;

export const refreshListQuerySchema = z.object({
  site_id: z.preprocess(emptyAsUndefined, idTextSchema('site_id').optional()),
  reason: z.preprocess(
    emptyAsUndefined,
    z.enum(REFRESH_REASON_KINDS, { message: `must be one of ${REFRESH_REASON_KINDS.join(', ')}` }).optional(),
  ),
  limit: pageLimitSchema(200, 50),
  offset: pageOffsetSchema(1_000_000),
});
export type RefreshListQuery = z.infer<typeof refreshListQuerySchema>;

export const refreshPostSchema = z.object({
  site_id: z.number().int(),
  site_name: z.string(),
  wp_id: z.number().int(),
  title: z.string(),
  link: z.string(),
  modified_at: z.string().nullable(),
  score: z.number().int().min(0).max(100),
  reasons: z.array(refreshReasonSchema),
  computed_at: z.string(),
});
export type RefreshPost = z.infer<typeof refreshPostSchema>;

export const refreshListSchema = z.object({
  items: z.array(refreshPostSchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type RefreshList = z.infer<typeof refreshListSchema>;

export const refreshRecomputeBodySchema = z.object({ site_id: idSchema('site_id') });
export type RefreshRecomputeBody = z.infer<typeof refreshRecomputeBodySchema>;

export const refreshRecomputeResultSchema = z.object({
  site_id: z.number().int(),
  scored: z.number().int(),
  /** Whether a link check of the site's links was queued (its results change the scores when it ends). */
  link_check_queued: z.boolean(),
});
export type RefreshRecomputeResult = z.infer<typeof refreshRecomputeResultSchema>;

/** Per site: how many posts are scored, how many need a refresh (score ≥ REFRESH_STALE_SCORE), per reason. */
export const refreshSiteSummarySchema = z.object({
  site_id: z.number().int(),
  site_name: z.string(),
  scored: z.number().int(),
  stale: z.number().int(),
  reasons: z.record(z.string(), z.number().int()),
  dead_links: z.number().int(),
  computed_at: z.string().nullable(),
});
export type RefreshSiteSummary = z.infer<typeof refreshSiteSummarySchema>;
export const refreshSummarySchema = z.array(refreshSiteSummarySchema);

/** From this score on, a post counts as needing a refresh (the summary's `stale`). */
export const REFRESH_STALE_SCORE = 30;

export const REFRESH_TEXTS = {
  title: 'Refresh',
  intro: 'Posts of your sites by how much they need a refresh, with the reasons found.',
  allSites: 'All sites',
  allReasons: 'All reasons',
  empty: 'No post needs a refresh here yet. Scores are computed after each inventory sync.',
  recompute: 'Score again',
  recomputed: (scored: number) => `Scored ${scored} posts; the link check runs in the background.`,
} as const;
