import { z } from 'zod';
import { positiveId } from './fields.js';
import { publishResponseSchema } from './pages.js';

export const SEO_PUBLISH_RUN_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type SeoPublishRunState = (typeof SEO_PUBLISH_RUN_STATES)[number];

/**
 * A "Publish Pages" / "Publish Articles" run (issue #14): the POST starts it (202) and the wizard
 * follows it through GET /api/seo/publish-runs/{runId} until `state` is done or failed. `outcome`
 * holds the counts and per-item results so far (the complete publish answer once done).
 */
export const seoPublishRunSchema = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  kind: z.enum(['pages', 'articles']),
  target_status: z.enum(['publish', 'draft']),
  state: z.enum(SEO_PUBLISH_RUN_STATES),
  total: z.number().int(),
  processed: z.number().int(),
  /** Why the run stopped before its items (site unreachable, site disabled, …); null otherwise. */
  error: z.string().nullable(),
  outcome: publishResponseSchema,
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type SeoPublishRun = z.infer<typeof seoPublishRunSchema>;
export const seoPublishRunListSchema = z.array(seoPublishRunSchema);

export const seoPublishRunIdParamSchema = z.object({ runId: positiveId('runId') });

/** A run is over (no more polling) once done or failed. */
export const isPublishRunOver = (run: Pick<SeoPublishRun, 'state'>): boolean =>
  run.state === 'done' || run.state === 'failed';

/** The SEO publish run page's texts (/jobs/seo-publish/<runId>, issue #37 point 2); the server's refusals too. */
export const SEO_PUBLISH_RUN_PAGE = {
  title: 'SEO publish run',
  openPage: 'Open the run page',
  back: 'Back to the SEO Suite',
  items: 'Items',
  live: 'Went live',
  failed: 'Failed',
  notReached: 'Not reached',
  reasonLabel: 'Reason:',
  viewPost: 'View on the site',
  retryFailed: 'Retry failed',
  cancel: 'Cancel',
  retried: (count: number) => `${count} ${count === 1 ? 'item' : 'items'} queued again in a new run`,
  cancelled: 'Publish run cancelled',
  cancelledReason: 'Cancelled by the operator: the items not yet sent were not published.',
  stillRunning: 'This run is still publishing: wait until it has finished, then retry its failed items.',
  nothingToRetry: 'Nothing to retry: every item of this run reached the site or was deliberately not sent.',
  alreadyOver: 'This run has already finished: there is nothing to cancel.',
  notFound: 'Publish run not found',
  openWizard: 'Open the project in the wizard',
} as const;
