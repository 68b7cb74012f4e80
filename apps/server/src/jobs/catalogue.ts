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
  /**
   * Before the article pipeline: one claimed schedule slot. Kept so that entries queued by an
   * older version are drained (the migration turned their slots into article.produce units).
   */
  schedulerSlot: { name: 'scheduler.post-slot', payload: z.object({ slotId: positiveId }) },
  /**
   * Before the article pipeline: one bulk item. Kept so that entries queued by an older version
   * are drained (the migration turned their items into article.produce units).
   */
  bulkItem: { name: 'bulk-jobs.item', payload: z.object({ jobId: z.string(), itemId: z.number().int() }) },
  /** One trend check (one queued or active at a time: the queue's 'exclusive' policy). */
  trendCheck: { name: 'trends.check', payload: z.object({ trigger: z.enum(['manual', 'schedule']) }) },
  /** Every five minutes: starts a trend check when one is due. */
  trendSchedule: { name: 'trends.schedule-tick', payload: z.unknown() },
  /** One planned SEO article. */
  seoArticle: { name: 'seo.article', payload: z.object({ seoArticleId: positiveId }) },
  /** One "Publish Pages" / "Publish Articles" run of an SEO project (the run's row holds its items and results). */
  seoPublish: { name: 'seo.publish', payload: z.object({ runId: positiveId }) },
} as const;

export type JobKey = keyof typeof JOBS;
export type JobPayload<K extends JobKey> = z.infer<(typeof JOBS)[K]['payload']>;
