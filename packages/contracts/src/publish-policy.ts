import { z } from 'zod';
import { type PublishPolicyMode, publishPolicySchema } from './review.js';

/*
 * The publishing policy in use (issue #33, section 1): the fields sites, blog configurations and
 * bulk jobs carry, and the words every producer's logs, counters and screens use for an article the
 * policy kept back.
 */

/** A policy as the API returns it: the delay is null unless the mode is 'delay'. */
export const publishPolicyValueSchema = z.object({
  mode: z.enum(['auto', 'hold', 'delay']),
  delay_hours: z.number().int().nullable(),
});
export type PublishPolicyValue = z.infer<typeof publishPolicyValueSchema>;

/** A site's own policy (required, defaults to 'auto' = publish at once). */
export const sitePublishPolicyInputSchema = publishPolicySchema;
/** A blog configuration's or a bulk job's policy: null (or absent) = the site's default. */
export const optionalPublishPolicyInputSchema = publishPolicySchema.nullable();

export const DEFAULT_PUBLISH_POLICY: PublishPolicyValue = { mode: 'auto', delay_hours: null };

/** Normalises a stored or sent policy: the hours are kept for 'delay' only. */
export function publishPolicyValue(mode: PublishPolicyMode, delayHours: number | null | undefined): PublishPolicyValue {
  return { mode, delay_hours: mode === 'delay' ? (delayHours ?? null) : null };
}

/** What producers, job pages and article chips say about an article the policy kept back. */
export const PUBLISH_POLICY_TEXT = {
  /** A held article (a log line, a bulk item's result, a slot's note). */
  held: 'Held for review',
  /** A delayed article: it goes out at this time unless the operator holds it first. */
  delayed: (releaseAt: string) => `Publishes at ${releaseAt}`,
  /** The log line of a delayed article, with its ISO time. */
  delayedLog: (releaseAt: string) => `Held for review: publishes at ${releaseAt} unless held`,
  /** Sent to WordPress as a draft to preview there (send_held_as_draft). */
  draftSent: 'sent to WordPress as a draft to preview',
  /** The empty choice of a blog configuration's or a bulk job's policy. */
  siteDefault: 'Site default',
  /** The Sites form's switch. */
  sendHeldAsDraft: 'Send held articles to WordPress as drafts',
  /** The form's field label, and the hours field's. */
  policyLabel: 'Publishing policy',
  delayHoursLabel: 'Delay (hours)',
  /** The chips of other waiting reasons. */
  qualityGate: 'Refused by the quality gate',
  budget: 'Stopped by a budget',
  /** A release the job could not publish: the article is held instead, with this note. */
  releaseFailed: (reason: string) => `The delayed release failed: ${reason}`,
} as const;
