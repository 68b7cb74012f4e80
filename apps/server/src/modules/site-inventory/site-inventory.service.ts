import {
  INVENTORY_MESSAGES,
  type InventoryList,
  type InventoryListQuery,
  type InventorySummary,
  type InventoryTaxonomy,
  LINK_REPORT_MAX_POSTS,
  type LinkReport,
} from '@abp/contracts';
import { SiteUnavailableError } from '../../domain-errors.js';
import { isWordPressError } from '../../integrations/wordpress/index.js';
import type { JobDefinition, JobQueue } from '../../jobs/queue.js';
import type { SitesService } from '../sites/sites.service.js';
import { DEFAULT_INVENTORY_LIMITS, type InventoryLimits, syncInventory } from './inventory-sync.js';
import { linkGraph } from './link-report.js';
import type {
  InventoryItemRow,
  RefreshInventoryRow,
  SiteInventoryRepository,
  SyncRow,
} from './site-inventory.repository.js';

/** A running sync that has not moved for this long lost its worker (a page of 100 takes seconds). */
const STALE_MS = 10 * 60 * 1000;
/** One job runs the requests that arrive while it ends, up to this many syncs in all. */
const MAX_SYNCS_PER_JOB = 3;
const RESEND_ATTEMPTS = 20;
const RESEND_PAUSE_MS = 150;
/** Shown as "Syncing scores and links…" while the after-work runs. */
const AFTER_SYNC_PHASE = 'Scores and links';
export const INVENTORY_SCHEDULE_CRON = '7 * * * *';

export type SyncTrigger = SyncRow['trigger'];

/** What the Sites screen says about a failed sync: WordPress' reason, or a generic line (the details go to the log). */
function describeFailure(error: unknown): string {
  if (isWordPressError(error) || error instanceof SiteUnavailableError) return error.message;
  return 'The sync failed on our side; see the server log.';
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toSummary(siteId: number, sync: SyncRow | null, now: Date): InventorySummary {
  const interrupted = sync?.state === 'running' && (sync.progressAt?.getTime() ?? 0) < now.getTime() - STALE_MS;
  return {
    site_id: siteId,
    state: sync ? (interrupted ? 'failed' : sync.state) : 'never',
    trigger: sync?.trigger ?? null,
    posts: sync?.postCount ?? 0,
    pages: sync?.pageCount ?? 0,
    last_synced_at: iso(sync?.lastSuccessAt ?? null),
    phase: sync?.state === 'running' && !interrupted ? sync.phase : null,
    done: sync?.done ?? 0,
    total: sync?.total ?? null,
    fetched: sync?.fetched ?? 0,
    removed: sync?.removed ?? 0,
    started_at: iso(sync?.startedAt ?? null),
    finished_at: iso(sync?.finishedAt ?? null),
    error: interrupted ? INVENTORY_MESSAGES.interrupted : (sync?.error ?? null),
  };
}

function toItem(row: InventoryItemRow) {
  return {
    kind: row.kind,
    wp_id: row.wpId,
    title: row.title,
    slug: row.slug,
    link: row.link,
    status: row.status,
    published_at: iso(row.publishedAt),
    modified_at: iso(row.modifiedAt),
    category_ids: row.categoryIds,
    tag_ids: row.tagIds,
    author_id: row.authorId,
    excerpt: row.excerpt,
  };
}

/**
 * The site inventory: what each site already has, kept by a durable sync job per site (on demand
 * and on a schedule) and read by the Sites screen and by generation.
 */
export class SiteInventoryService {
  constructor(
    private readonly repo: SiteInventoryRepository,
    private readonly sites: Pick<SitesService, 'findOrThrow' | 'getClientForSite'>,
    private readonly queue: JobQueue,
    private readonly syncHours: number,
    /**
     * afterSync: what else learns from a finished sync (publishing flags the articles whose posts
     * are gone), with the time the sync began reading (what the app wrote since is newer than it); limits: how far one sync follows a site (INVENTORY_MAX_*); upkeep: the embedded
     * database's, every 10,000 items written and at the end (PGlite has no autovacuum: each post
     * read again leaves its old row behind, and its write-ahead log waits for a timed checkpoint).
     */
    private readonly hooks: {
      afterSync?: (siteId: number, startedAt: Date) => Promise<unknown>;
      limits?: InventoryLimits;
      upkeep?: () => Promise<void>;
    } = {},
    private readonly now: () => Date = () => new Date(),
  ) {}

  async summaries(): Promise<InventorySummary[]> {
    const now = this.now();
    return (await this.repo.summaries()).map(({ siteId, sync }) => toSummary(siteId, sync, now));
  }

  async summary(siteId: number): Promise<InventorySummary> {
    await this.sites.findOrThrow(siteId);
    return toSummary(siteId, await this.repo.syncOf(siteId), this.now());
  }

  /**
   * A site was added, or its address or credentials changed: its first (whole) sync starts now
   * rather than at the next hourly tick, so the duplicate check and the links into the site know it
   * at once. Only where syncs run by themselves (INVENTORY_SYNC_HOURS > 0) and for active sites,
   * as the schedule; a failure to queue never fails the save (the tick tries again).
   */
  async syncSavedSite(siteId: number): Promise<void> {
    if (this.syncHours <= 0) return;
    const site = await this.sites.findOrThrow(siteId).catch(() => null);
    if (!site?.isActive || site.deletingSince) return;
    await this.repo.forgetCursor(siteId);
    await this.requestSync(siteId, 'site_saved').catch(() => undefined);
  }

  /** Asks for a sync; one already queued or running is answered with its progress instead. */
  async requestSync(siteId: number, trigger: SyncTrigger = 'manual'): Promise<InventorySummary> {
    const site = await this.sites.findOrThrow(siteId);
    if (site.deletingSince) throw new SiteUnavailableError(siteId, 'deleting', INVENTORY_MESSAGES.siteDeleting);
    const staleBefore = new Date(this.now().getTime() - STALE_MS);
    if (await this.repo.markQueued(siteId, trigger, staleBefore)) {
      // One entry per site at a time (the queue's 'exclusive' policy with the site as key): a
      // request while one waits or runs is that one.
      const sent = await this.queue
        .trySend('inventorySync', { siteId, trigger }, { singletonKey: `site-${siteId}` })
        .catch(async (error: unknown) => {
          await this.repo.markFailed(siteId, describeFailure(error));
          throw error;
        });
      if (!sent) {
        await this.repo.progress(siteId, 'Waiting for the running sync', 0, null);
        this.sendWhenFree(siteId, trigger);
      }
    }
    return this.summary(siteId);
  }

  /**
   * The queue refused the entry: the last sync's job has not ended yet (its afterSync runs, or it is
   * just being marked complete). The job runs a request that waits when it ends its work (`syncJob`);
   * one that came in the instant after, the queue takes once the job is gone.
   */
  private sendWhenFree(siteId: number, trigger: SyncTrigger): void {
    void (async () => {
      for (let attempt = 0; attempt < RESEND_ATTEMPTS; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, RESEND_PAUSE_MS));
        if ((await this.repo.syncOf(siteId))?.state !== 'queued') return; // the job took it up
        if (await this.queue.trySend('inventorySync', { siteId, trigger }, { singletonKey: `site-${siteId}` })) return;
      }
    })().catch(() => undefined); // the app closing under it; the schedule or the next press asks again
  }

  /** The job: one sync of one site. A failure is stored for the screen, then handed to pg-boss to retry. */
  async runSync(
    siteId: number,
  ): Promise<{ fetched: number; removed: number; stopped: string | null } | { skipped: string }> {
    const site = await this.sites.findOrThrow(siteId).catch(() => null);
    if (!site) return { skipped: 'site deleted' };
    if (site.deletingSince) return { skipped: 'site being deleted' };
    const previous = await this.repo.syncOf(siteId);
    const startedAt = this.now();
    await this.repo.markStarted(siteId);
    try {
      const client = await this.sites.getClientForSite(siteId);
      const figures = await syncInventory(
        client,
        this.repo,
        siteId,
        previous?.lastSuccessAt ? previous.cursor : null,
        (phase, done, total) => this.repo.progress(siteId, phase, done, total),
        {
          limits: this.hooks.limits ?? DEFAULT_INVENTORY_LIMITS,
          siteUrl: site.url,
          ...(this.hooks.upkeep ? { upkeep: this.hooks.upkeep } : {}),
        },
      );
      // The sync ends when what follows from it has (articles flagged, refresh scores): whoever
      // waits for it then reads the whole result, and a press meanwhile is this sync's.
      await this.repo.markSucceeded(siteId, figures, this.hooks.afterSync ? AFTER_SYNC_PHASE : undefined);
      if (this.hooks.afterSync) {
        await this.hooks.afterSync(siteId, startedAt);
        await this.repo.markFinished(siteId, figures.stopped);
      }
      return { fetched: figures.fetched, removed: figures.removed, stopped: figures.stopped };
    } catch (error) {
      await this.repo.markFailed(siteId, describeFailure(error)).catch(() => undefined);
      throw error;
    }
  }

  /** The hourly tick: queues a sync for every active site whose inventory is older than INVENTORY_SYNC_HOURS. */
  async queueDueSyncs(): Promise<number[]> {
    if (this.syncHours <= 0) return [];
    const now = this.now().getTime();
    const due = await this.repo.dueSites(new Date(now - this.syncHours * 3_600_000), new Date(now - STALE_MS));
    for (const siteId of due) await this.requestSync(siteId, 'schedule').catch(() => undefined);
    return due;
  }

  async list(siteId: number, query: InventoryListQuery): Promise<InventoryList> {
    await this.sites.findOrThrow(siteId);
    const { rows, total } = await this.repo.list(siteId, query);
    return { items: rows.map(toItem), total, limit: query.limit, offset: query.offset };
  }

  /** Internal links between the site's published posts (from the last sync), and the posts nothing links to. */
  async linkReport(siteId: number): Promise<LinkReport> {
    await this.sites.findOrThrow(siteId);
    const [{ rows, more }, sync] = await Promise.all([
      this.repo.linkReportRows(siteId, LINK_REPORT_MAX_POSTS),
      this.repo.syncOf(siteId),
    ]);
    const graph = linkGraph(rows);
    return {
      site_id: siteId,
      posts_scanned: rows.length,
      capped: more,
      internal_links: graph.internalLinks,
      posts: graph.posts,
      orphans: graph.orphans,
      synced_at: sync?.lastSuccessAt?.toISOString() ?? null,
    };
  }

  /** The site's published posts with their text and links, for the refresh scores (issue #36). */
  postsForRefresh(siteId: number): Promise<RefreshInventoryRow[]> {
    return this.repo.refreshRows(siteId);
  }

  async taxonomy(siteId: number): Promise<InventoryTaxonomy> {
    await this.sites.findOrThrow(siteId);
    const [categories, authors, tags] = await Promise.all([
      this.repo.categories(siteId),
      this.repo.authors(siteId),
      this.repo.terms(siteId, 'tag'),
    ]);
    const term = (t: (typeof categories)[number]) => ({
      id: t.wpId,
      name: t.name,
      slug: t.slug,
      parent: t.parent,
      count: t.postCount,
    });
    return {
      categories: categories.map(term),
      authors: authors.map((a) => ({ id: a.wpId, name: a.name, slug: a.slug })),
      tags: tags.map(term),
    };
  }

  syncJob(): JobDefinition<'inventorySync'> {
    return {
      job: 'inventorySync',
      // Heartbeats (pg-boss sends them while the handler runs) hand a sync whose worker died to another within a minute.
      queue: {
        policy: 'exclusive',
        retryLimit: 2,
        retryDelay: 60,
        retryBackoff: true,
        heartbeatSeconds: 60,
        expireInSeconds: 2 * 60 * 60,
        deleteAfterSeconds: 24 * 60 * 60,
      },
      handler: async ({ siteId }) => {
        let result = await this.runSync(siteId);
        // A request made while this job ended its work (afterSync) found the queue still holding
        // this job and was refused there: it waits as 'queued', and this job runs it.
        for (let round = 1; round < MAX_SYNCS_PER_JOB; round++) {
          if ((await this.repo.syncOf(siteId))?.state !== 'queued') break;
          result = await this.runSync(siteId);
        }
        return result;
      },
    };
  }

  scheduleJob(): JobDefinition<'inventorySchedule'> {
    return {
      job: 'inventorySchedule',
      cron: INVENTORY_SCHEDULE_CRON,
      queue: { retryLimit: 0, expireInSeconds: 5 * 60 },
      handler: async () => ({ queued: await this.queueDueSyncs() }),
    };
  }
}
