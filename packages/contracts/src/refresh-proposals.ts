import { z } from 'zod';
import { idSchema, idTextSchema } from './ids.js';
import { emptyAsUndefined, pageLimitSchema, pageOffsetSchema } from './paging.js';

/*
 * Refresh proposals (issue #36 §2–§3): changes proposed for one existing post, shown as a diff with a
 * reason per change, approved by the operator (the Review inbox, the Refresh view), applied as a
 * three-way merge against what WordPress has now, undone exactly unless the post was edited since.
 */

/** What a change does. 'year', 'dead_link' and 'internal_link' are mechanical (no model needed). */
export const REFRESH_CHANGE_KINDS = [
  'year',
  'dead_link',
  'internal_link',
  'facts',
  'title',
  'meta_description',
] as const;
export const refreshChangeKindSchema = z.enum(REFRESH_CHANGE_KINDS);
export type RefreshChangeKind = z.infer<typeof refreshChangeKindSchema>;

export const REFRESH_CHANGE_LABELS: Record<RefreshChangeKind, string> = {
  year: 'Out-of-date year',
  dead_link: 'Dead link',
  internal_link: 'Link to a newer post',
  facts: 'Updated facts',
  title: 'Clearer title',
  meta_description: 'Meta description',
};

/** Where a change is made: the post's content (its raw markup), its title, or its excerpt (meta description). */
export const REFRESH_CHANGE_FIELDS = ['content', 'title', 'excerpt'] as const;

export const refreshChangeSchema = z.object({
  /** Stable within its proposal ("c1", "c2", …): what `apply` names. */
  id: z.string(),
  kind: refreshChangeKindSchema,
  field: z.enum(REFRESH_CHANGE_FIELDS),
  /** The operator's words: why this change ("Links to https://… which answers 404 since 3 Nov 2026."). */
  reason: z.string(),
  /** The exact span of the field as the proposal read it, and what replaces it (raw markup for content). */
  before: z.string(),
  after: z.string(),
  /** Plain text around the span (up to ~80 characters each side), for reading the diff. */
  context_before: z.string(),
  context_after: z.string(),
  /** After an apply: whether it went in, or why not (a person changed that part since). */
  outcome: z.enum(['pending', 'applied', 'dropped', 'skipped']),
  outcome_reason: z.string().nullable(),
});
export type RefreshChange = z.infer<typeof refreshChangeSchema>;

/**
 * 'proposed' waits for a decision; 'applied' is on WordPress; 'dismissed' was declined; 'refused' could
 * not be applied (every change met a person's edit, or the post is gone); 'undone' was taken back.
 */
export const REFRESH_PROPOSAL_STATES = ['proposed', 'applied', 'dismissed', 'refused', 'undone'] as const;
export const refreshProposalStateSchema = z.enum(REFRESH_PROPOSAL_STATES, {
  message: `must be one of ${REFRESH_PROPOSAL_STATES.join(', ')}`,
});
export type RefreshProposalState = z.infer<typeof refreshProposalStateSchema>;

export const refreshProposalSchema = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  site_name: z.string(),
  wp_id: z.number().int(),
  post_title: z.string(),
  post_link: z.string(),
  /** Block editor markup ('<!-- wp:') or classic. */
  markup: z.enum(['block', 'classic']),
  state: refreshProposalStateSchema,
  /** 'manual' (the operator asked), 'schedule' (the weekly budget's top posts). */
  origin: z.enum(['manual', 'schedule']),
  /** The post's WordPress `modified_gmt` the proposal was made from (ISO 8601). */
  base_modified_at: z.string().nullable(),
  changes: z.array(refreshChangeSchema),
  /** Before it is applied: what the model calls to make it cost (0 for mechanical ones), in USD. */
  estimated_cost_usd: z.number(),
  /** What making it cost (the usage ledger), in USD. */
  cost_usd: z.number(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  applied_at: z.string().nullable(),
  undone_at: z.string().nullable(),
  /** Applied automatically under the site's setting (dead-link fixes only). */
  auto_applied: z.boolean(),
  /** Why it was refused, or why an undo was declined. */
  note: z.string().nullable(),
  /** Applied and not edited on WordPress since (as far as the app knows): "Undo" is offered. */
  can_undo: z.boolean(),
});
export type RefreshProposal = z.infer<typeof refreshProposalSchema>;

export const refreshProposalListQuerySchema = z.object({
  site_id: z.preprocess(emptyAsUndefined, idTextSchema('site_id').optional()),
  wp_id: z.preprocess(emptyAsUndefined, idTextSchema('wp_id').optional()),
  state: z.preprocess(emptyAsUndefined, refreshProposalStateSchema.optional()),
  limit: pageLimitSchema(100, 25),
  offset: pageOffsetSchema(1_000_000),
});
export type RefreshProposalListQuery = z.infer<typeof refreshProposalListQuerySchema>;

export const refreshProposalListSchema = z.object({
  items: z.array(refreshProposalSchema),
  total: z.number().int(),
});
export type RefreshProposalList = z.infer<typeof refreshProposalListSchema>;

/** POST /api/refresh/proposals: propose a refresh of one post (409 while its cooldown runs or one waits). */
export const refreshProposeBodySchema = z.object({
  site_id: idSchema('site_id'),
  wp_id: idSchema('wp_id'),
});
export type RefreshProposeBody = z.infer<typeof refreshProposeBodySchema>;

/** POST /api/refresh/proposals/{id}/apply: all its changes, or the ones named. */
export const refreshApplyBodySchema = z.object({
  change_ids: z
    .array(z.string().min(1).max(20), { message: 'must be a list of change ids' })
    .min(1, 'must name at least one change')
    .max(200, 'must name at most 200 changes')
    .optional(),
});
export type RefreshApplyBody = z.infer<typeof refreshApplyBodySchema>;

/** Per site: the weekly budget of scheduled proposals, and whether dead-link fixes apply by themselves. */
export const REFRESH_WEEKLY_MAX = { min: 0, max: 50, default: 0 } as const;
export const REFRESH_COOLDOWN_DAYS_DEFAULT = 180;

export const refreshSiteSettingsSchema = z.object({
  site_id: z.number().int(),
  /** Proposals the schedule makes per week for the site's top posts by score; 0 = none (on demand only). */
  weekly_proposals: z.number().int(),
  auto_apply_dead_links: z.boolean(),
  /** Days after a refresh before the post is proposed again. */
  cooldown_days: z.number().int(),
});
export type RefreshSiteSettings = z.infer<typeof refreshSiteSettingsSchema>;

export const refreshSiteSettingsBodySchema = z.object({
  weekly_proposals: z
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(REFRESH_WEEKLY_MAX.min, `must be at least ${REFRESH_WEEKLY_MAX.min}`)
    .max(REFRESH_WEEKLY_MAX.max, `must be at most ${REFRESH_WEEKLY_MAX.max}`),
  auto_apply_dead_links: z.boolean({ message: 'must be true or false' }),
  cooldown_days: z
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1 day')
    .max(3650, 'must be at most 3650 days'),
});
export type RefreshSiteSettingsBody = z.infer<typeof refreshSiteSettingsBodySchema>;

/** Texts the server answers and the screens show. */
export const REFRESH_PROPOSAL_MESSAGES = {
  cooldown: (until: string) => `This post was refreshed recently; it can be proposed again after ${until}.`,
  alreadyWaiting: 'A refresh proposal for this post already waits for a decision.',
  nothingToChange: 'Nothing to refresh: no out-of-date year, dead link or newer post to link was found.',
  notProposed: 'Only a proposal that waits for a decision can be applied or dismissed.',
  editedSince: 'The post was edited on WordPress since the refresh; it was left as it is.',
  allConflict: 'Every change meets an edit made on WordPress since the proposal; nothing was applied.',
  postGone: 'The post is no longer on WordPress.',
  notApplied: 'Only an applied refresh can be undone.',
} as const;
