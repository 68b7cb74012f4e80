import { z } from 'zod';
import { qualityReportSchema } from './generation.js';
import { idSchema, MAX_ID } from './ids.js';
import { emptyAsUndefined, pageLimitSchema, pageOffsetSchema } from './paging.js';
import { refreshProposalSchema } from './refresh-proposals.js';
import { usageTotalsSchema } from './usage-totals.js';

/*
 * Editorial control (issue #33): the publishing policy every producer's articles go out under, and
 * the Review inbox of everything that waits for the operator.
 */

/**
 * How a finished article goes out: 'auto' publishes it at once (the spec's behaviour, the default),
 * 'hold' keeps it for the operator's decision, 'delay' publishes it after `delay_hours` unless the
 * operator holds it first.
 */
export const PUBLISH_POLICY_MODES = ['auto', 'hold', 'delay'] as const;
export const publishPolicyModeSchema = z.enum(PUBLISH_POLICY_MODES);
export type PublishPolicyMode = z.infer<typeof publishPolicyModeSchema>;

export const PUBLISH_DELAY_HOURS = { min: 1, max: 336, default: 24 } as const;

/** The labels of the three modes, as every form shows them. */
export const PUBLISH_POLICY_LABELS: Record<PublishPolicyMode, string> = {
  auto: 'Publish automatically',
  hold: 'Hold for review',
  delay: 'Publish after a delay unless held',
};

const delayHoursSchema = z
  .number({ message: 'must be a number of hours' })
  .int('must be a whole number of hours')
  .min(PUBLISH_DELAY_HOURS.min, `must be at least ${PUBLISH_DELAY_HOURS.min} hour`)
  .max(PUBLISH_DELAY_HOURS.max, `must be at most ${PUBLISH_DELAY_HOURS.max} hours (two weeks)`);

/** A policy as a form or a job sends it: the delay is needed (and only read) for 'delay'. */
export const publishPolicySchema = z
  .object({
    mode: publishPolicyModeSchema,
    delay_hours: delayHoursSchema.nullable().optional(),
  })
  .refine((p) => p.mode !== 'delay' || (p.delay_hours !== null && p.delay_hours !== undefined), {
    message: 'is required when the policy publishes after a delay',
    path: ['delay_hours'],
  });
export type PublishPolicySetting = z.infer<typeof publishPolicySchema>;

/**
 * Why an article waits in the Review inbox: held by the policy, waiting out its delay, refused by
 * the quality gate, stopped by a budget, or drafted by an assistant through the MCP server.
 */
export const REVIEW_REASONS = ['held', 'delayed', 'quality_gate', 'budget', 'agent'] as const;
export const reviewReasonSchema = z.enum(REVIEW_REASONS);
export type ReviewReason = z.infer<typeof reviewReasonSchema>;

/* ---- The Review inbox (issue #33, section 2): its items, filters, decisions. ---- */

/**
 * What waits: an article (held, delayed, refused by the quality gate, stopped by a budget, drafted
 * by an assistant) or a link proposal (a backlink to a new article, or a link between existing
 * posts from the link report), which the backlinks module applies or dismisses.
 */
export const REVIEW_ITEM_KINDS = ['article', 'link', 'refresh'] as const;
export const reviewItemKindSchema = z.enum(REVIEW_ITEM_KINDS, {
  message: `must be one of ${REVIEW_ITEM_KINDS.join(', ')}`,
});
export type ReviewItemKind = z.infer<typeof reviewItemKindSchema>;

/** The inbox's reasons: an article's, or a link proposal's (to a new article, or from the link report). */
export const REVIEW_ITEM_REASONS = [...REVIEW_REASONS, 'backlink', 'link_report', 'refresh'] as const;
export const reviewItemReasonSchema = z.enum(REVIEW_ITEM_REASONS, {
  message: `must be one of ${REVIEW_ITEM_REASONS.join(', ')}`,
});
export type ReviewItemReason = z.infer<typeof reviewItemReasonSchema>;

/** The reason in words, as the inbox and the Dashboard show it. */
export const REVIEW_REASON_LABELS: Record<ReviewItemReason, string> = {
  held: 'Held for review',
  delayed: 'Publishes after a delay',
  quality_gate: 'Quality gate objection',
  budget: 'Stopped by a budget',
  agent: 'Drafted by an assistant',
  backlink: 'Backlink proposal',
  link_report: 'Link report proposal',
  refresh: 'Refresh proposal',
};

export const REVIEW_PAGE_SIZE = 25;
export const REVIEW_MAX_PAGE_SIZE = 100;
/** Items one bulk decision may name. */
export const REVIEW_MAX_BULK_ITEMS = 100;
export const REVIEW_REJECT_REASON_MAX_LENGTH = 1000;
/** How often the navigation asks for the waiting count. */
export const REVIEW_SUMMARY_POLL_MS = 30_000;

export const reviewListQuerySchema = z.object({
  limit: pageLimitSchema(REVIEW_MAX_PAGE_SIZE, REVIEW_PAGE_SIZE),
  offset: pageOffsetSchema(1_000_000_000),
  site_id: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ message: 'must be a positive whole number (a site id)' })
      .int('must be a positive whole number (a site id)')
      .positive('must be a positive whole number (a site id)')
      .max(MAX_ID, 'must be a positive whole number (a site id)')
      .optional(),
  ),
  reason: z.preprocess(emptyAsUndefined, reviewItemReasonSchema.optional()),
  /** 'oldest' (the default: what waited longest comes first) or 'newest'. */
  order: z.preprocess(
    emptyAsUndefined,
    z.enum(['oldest', 'newest'], { message: "must be 'oldest' or 'newest'" }).default('oldest'),
  ),
});
export type ReviewListQuery = z.infer<typeof reviewListQuerySchema>;

/** A link the article's body carries (what linking into the site found). */
export const reviewLinkSchema = z.object({ href: z.string(), text: z.string() });

/** A post the article repeats, as its quality report records it. */
export const reviewDuplicateSchema = z.object({
  rule: z.string(),
  message: z.string(),
  title: z.string(),
  link: z.string().nullable(),
  site_name: z.string().nullable(),
});

/** A link proposal's particulars: which post links to which, with which words. */
export const reviewLinkProposalSchema = z.object({
  source_title: z.string(),
  source_link: z.string(),
  target_title: z.string(),
  target_link: z.string().nullable(),
  anchor: z.string(),
  paragraph_text: z.string(),
});

export const reviewItemSchema = z.object({
  kind: reviewItemKindSchema,
  id: z.number().int(),
  site_id: z.number().int().nullable(),
  site_name: z.string().nullable(),
  title: z.string(),
  reason: reviewItemReasonSchema,
  /** The reason in words (REVIEW_REASON_LABELS). */
  reason_label: z.string(),
  /** Since when it waits (ISO 8601). */
  since: z.string(),
  /** A delayed article goes out then unless held (ISO 8601). */
  release_at: z.string().nullable(),
  /** Articles: its status, its WordPress state, its quality report, duplicates, links, cost. */
  article_status: z.string().nullable(),
  wordpress_post_id: z.number().int().nullable(),
  wordpress_permalink: z.string().nullable(),
  quality_report: qualityReportSchema.nullable(),
  duplicates: z.array(reviewDuplicateSchema),
  links: z.array(reviewLinkSchema),
  /** What its model calls cost (the usage ledger), null when none were recorded. */
  usage: usageTotalsSchema.nullable(),
  /** The article to preview (POST /api/articles/{id}/preview) and edit; for a backlink, its article. */
  article_id: z.number().int().nullable(),
  link_proposal: reviewLinkProposalSchema.nullable(),
  /** A refresh proposal (issue #36): its changes as a diff, approved by applying it. */
  refresh_proposal: refreshProposalSchema.nullable(),
});
export type ReviewItem = z.infer<typeof reviewItemSchema>;

export const reviewListResponseSchema = z.object({ items: z.array(reviewItemSchema), total: z.number().int() });
export type ReviewListResponse = z.infer<typeof reviewListResponseSchema>;

export const reviewSummarySchema = z.object({
  count: z.number().int(),
  /** When the item that waited longest started waiting; null when nothing waits. */
  oldest_since: z.string().nullable(),
});
export type ReviewSummary = z.infer<typeof reviewSummarySchema>;

export const reviewItemRefSchema = z.object({
  kind: reviewItemKindSchema,
  id: idSchema('id'),
});
export type ReviewItemRef = z.infer<typeof reviewItemRefSchema>;

const reviewItemsSchema = z
  .array(reviewItemRefSchema, { message: 'must be a list of {kind, id}' })
  .min(1, 'must name at least one item')
  .max(REVIEW_MAX_BULK_ITEMS, `must name at most ${REVIEW_MAX_BULK_ITEMS} items`);

export const reviewApproveRequestSchema = z.object({
  items: reviewItemsSchema,
  /** Publish at this time (scheduled on WordPress) instead of now; ISO 8601 with a zone, in the future. */
  schedule_at: z.iso
    .datetime({ offset: true, message: 'must be an ISO 8601 date-time with a time zone' })
    .nullable()
    .optional(),
});
export type ReviewApproveRequest = z.infer<typeof reviewApproveRequestSchema>;

export const reviewRejectRequestSchema = z.object({
  items: reviewItemsSchema,
  /** Required: kept with the article as its review note. */
  reason: z
    .string({ message: 'is required: say why' })
    .trim()
    .min(1, 'is required: say why')
    .max(REVIEW_REJECT_REASON_MAX_LENGTH, `must be at most ${REVIEW_REJECT_REASON_MAX_LENGTH} characters`),
});
export type ReviewRejectRequest = z.infer<typeof reviewRejectRequestSchema>;

export const reviewHoldRequestSchema = z.object({ items: reviewItemsSchema });
export type ReviewHoldRequest = z.infer<typeof reviewHoldRequestSchema>;

/** What a decision did to one item: done, or not (with why); one item's failure never fails the others. */
export const REVIEW_OUTCOMES = [
  'published',
  'scheduled',
  'rejected',
  'held',
  'applied',
  'dismissed',
  'not_waiting',
  'refused',
  'failed',
] as const;
export const reviewOutcomeSchema = z.enum(REVIEW_OUTCOMES);
export type ReviewOutcome = z.infer<typeof reviewOutcomeSchema>;

export const reviewItemResultSchema = z.object({
  kind: reviewItemKindSchema,
  id: z.number().int(),
  ok: z.boolean(),
  outcome: reviewOutcomeSchema,
  message: z.string(),
  /** An approved article: its post on WordPress. */
  wordpress_permalink: z.string().nullable(),
});
export type ReviewItemResult = z.infer<typeof reviewItemResultSchema>;

export const reviewDecisionResultSchema = z.object({
  results: z.array(reviewItemResultSchema),
  /** How many items the decision did. */
  done: z.number().int(),
  failed: z.number().int(),
});
export type ReviewDecisionResult = z.infer<typeof reviewDecisionResultSchema>;

/** The Dashboard's line: "3 waiting for review — oldest since <date>". */
export function reviewWaitingLine(count: number, oldestSince: string | null): string {
  const what = `${count} waiting for review`;
  return oldestSince ? `${what} — oldest since ${oldestSince}` : what;
}
