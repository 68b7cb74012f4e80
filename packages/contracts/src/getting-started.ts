import { z } from 'zod';

/*
 * GET /api/dashboard/getting-started (issue #37 point 4): the first-run checklist of the Dashboard.
 * Every step is ticked by the server from what the database holds, never by the browser.
 */

/** In the order the operator does them. */
export const GETTING_STARTED_STEPS = ['site', 'writer', 'article', 'schedule'] as const;
export const gettingStartedStepSchema = z.enum(GETTING_STARTED_STEPS);
export type GettingStartedStep = z.infer<typeof gettingStartedStepSchema>;

export const gettingStartedSchema = z.object({
  /** Every step, in GETTING_STARTED_STEPS order. */
  steps: z.array(z.object({ id: gettingStartedStepSchema, done: z.boolean() })),
  /** All steps done: the checklist is not shown any more. */
  complete: z.boolean(),
});
export type GettingStarted = z.infer<typeof gettingStartedSchema>;
