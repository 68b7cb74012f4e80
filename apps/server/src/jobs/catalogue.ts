import { z } from 'zod';

const positiveId = z.number().int().positive();

/**
 * Every durable job of the app, in one place: its name and the payload it carries. The name is
 * the pg-boss queue's: never rename one, the entries of a running installation live under it.
 * A module defines the handler (`JobDefinition` in queue.ts, keyed by the catalogue entry);
 * `JobQueue` checks every payload against the schema here before it reaches the queue.
 *
 * To add a job: an entry here, a JobDefinition in the module that runs it, one line in
 * container.ts `defineJobs`.
 * To retire one: remove those three, and list its name in RETIRED_QUEUES below.
 */
export const JOBS = {
  /** Settings → diagnostics: proves a worker picks jobs up. */
  queueProbe: { name: 'diagnostics.queue-probe', payload: z.object({ probeId: z.string() }) },
  /** Deletes a site with all its articles, in batches. */
  siteCascadeDelete: {
    name: 'sites.cascade-delete',
    payload: z.object({ siteId: positiveId, trashPosts: z.boolean().default(false) }),
  },
  /** Reads one site's posts, pages, categories and authors into its inventory (one queued or running per site). */
  inventorySync: {
    name: 'sites.inventory-sync',
    payload: z.object({ siteId: positiveId, trigger: z.enum(['manual', 'schedule', 'site_saved']) }),
  },
  /** Every hour: queues the inventory syncs that are due (INVENTORY_SYNC_HOURS). */
  inventorySchedule: { name: 'sites.inventory-schedule', payload: z.unknown() },
  /** Site knowledge: embeds one site's documents that have no vector of the model in use (one queued or running per site). */
  knowledgeEmbed: { name: 'site-knowledge.embed', payload: z.object({ siteId: positiveId }) },
  /** Every 15 minutes: queues the embedding runs of sites whose documents changed. */
  knowledgeEmbedSchedule: { name: 'site-knowledge.embed-schedule', payload: z.unknown() },
  /** Proves a published article's post is live (read back, public page); a scheduled one after its time. */
  liveCheck: { name: 'articles.live-check', payload: z.object({ articleId: positiveId }) },
  /** Every ten minutes: fingerprints published articles that have no near-duplicate fingerprint yet. */
  fingerprintBackfill: { name: 'articles.fingerprint-backfill', payload: z.unknown() },
  /**
   * One unit of the article pipeline ("produce an article": write, store, publish), named by its
   * origin key; the unit's row (article_productions) holds the brief, the policy and its state.
   */
  articleProduce: { name: 'article.produce', payload: z.object({ originKey: z.string().min(1).max(200) }) },
  /** Every minute: claims the due schedule slots. */
  schedulerTick: { name: 'scheduler.tick', payload: z.unknown() },
  /** One trend check (one queued or active at a time: the queue's 'exclusive' policy). */
  trendCheck: { name: 'trends.check', payload: z.object({ trigger: z.enum(['manual', 'schedule']) }) },
  /** Every five minutes: starts a trend check when one is due. */
  trendSchedule: { name: 'trends.schedule-tick', payload: z.unknown() },
  /** One "Publish Pages" / "Publish Articles" run of an SEO project (the run's row holds its items and results). */
  seoPublish: { name: 'seo.publish', payload: z.object({ runId: positiveId }) },
  /** Every five minutes: notifications of review waits, sites down and budgets reached; sends due again (issue #33 §5). */
  notificationsCheck: { name: 'notifications.check', payload: z.unknown() },
  /** Refresh (issue #36): checks one site's linked addresses that are due, then scores its posts again (one per site). */
  refreshLinkCheck: { name: 'refresh.link-check', payload: z.object({ siteId: positiveId }) },
  /** Daily: refresh proposals for each site's top posts by score, within its weekly budget (issue #36 §2). */
  refreshProposeSchedule: { name: 'refresh.propose-schedule', payload: z.unknown() },
  /** Every minute: publishes the delayed articles whose release time has come (issue #33). */
  releaseDelayed: { name: 'articles.release-delayed', payload: z.unknown() },
} as const;

/**
 * Queues of jobs an older version had and this one does not: the post-slot and planned-article
 * jobs (before migration 0022) and the per-item bulk job (before 0024). Those migrations made
 * every slot, planned article and bulk item still open a unit of the article pipeline, which gets
 * its own `article.produce` entry at start (`queueCarriedOver`), so an entry left in these queues
 * has nothing to do. Worker processes delete them, entries included, as they start (JobQueue.start):
 * nothing is left to wait, expire or be retried without a handler. Never reuse one of these names.
 */
export const RETIRED_QUEUES: readonly string[] = ['scheduler.post-slot', 'seo.article', 'bulk-jobs.item'];

export type JobKey = keyof typeof JOBS;
export type JobPayload<K extends JobKey> = z.infer<(typeof JOBS)[K]['payload']>;
