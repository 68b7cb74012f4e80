import { z } from 'zod';

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
