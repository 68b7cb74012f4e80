import {
  REFRESH_STALE_SCORE,
  type RefreshList,
  type RefreshListQuery,
  type RefreshReason,
  type RefreshRecomputeResult,
  type RefreshSiteSummary,
} from '@abp/contracts';
import type { JobDefinition, JobQueue } from '../../jobs/queue.js';
import { addressKey } from '../site-inventory/link-report.js';
import type { RefreshInventoryRow } from '../site-inventory/site-inventory.repository.js';
import { deadWhy, isDead, type LinkChecker } from './link-checker.js';
import type { RefreshRepository } from './refresh.repository.js';
import { median, scorePost, wordCount } from './scoring.js';

const DAY_MS = 24 * 3600 * 1000;
/** A link that answered 5xx once is looked at again after this long (the second 5xx makes it dead-ish). */
export const SERVER_ERROR_RECHECK_HOURS = 6;
/** Addresses one link-check run of a site checks at most (the next run goes on). */
export const LINK_CHECK_MAX_PER_RUN = 5_000;
/** Posts per site asked of site knowledge for a newer post on the same subject (the oldest first). */
export const NEWER_POST_CHECK_MAX = 300;

/** Site knowledge, as refresh asks it: posts of the site on the same subject, with the duplicate verdict. */
export interface SubjectPort {
  similar(
    siteId: number,
    post: { title: string; text: string },
  ): Promise<Array<{ key: string; title: string; link: string; duplicate: boolean }>>;
}

export interface RefreshPorts {
  /** The site inventory's published posts of a site (site-inventory's service). */
  inventory: { postsForRefresh(siteId: number): Promise<RefreshInventoryRow[]> };
  /** The site's address (its origin may be any address for the link check, as the operator entered it). */
  sites: { findOrThrow(siteId: number): Promise<{ id: number; url: string }> };
  subjects?: SubjectPort;
  queue?: JobQueue;
  log?: { warn(object: unknown, message: string): void };
  /**
   * REFRESH_LINK_CHECK_SCOPE: 'site' checks only the links to the site's own address (the end-to-end
   * run on a shared WordPress: nothing is followed off the machine); 'all' (the default) every link.
   */
  linkCheckScope?: 'all' | 'site';
}

/**
 * Refresh (issue #36 §1): for every inventory post of every site, a score 0–100 of how much it
 * needs a refresh, with its reasons (scoring.ts), recomputed after each inventory sync, after each
 * link check of the site and on demand; the link check runs in the background (job refresh.link-check).
 */
export class RefreshService {
  constructor(
    private readonly repo: RefreshRepository,
    readonly links: LinkChecker,
    private readonly ports: RefreshPorts,
    /** REFRESH_LINK_CHECK_DAYS: a link checked this long ago is checked again; 0: no link checks. */
    private readonly linkCheckDays = 7,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** After an inventory sync of the site: score now (with the links known), and check its links in the background. */
  async afterInventorySync(siteId: number): Promise<void> {
    await this.score(siteId);
    await this.queueLinkCheck(siteId).catch(() => false);
  }

  async recompute(siteId: number): Promise<RefreshRecomputeResult> {
    await this.ports.sites.findOrThrow(siteId);
    const scored = await this.score(siteId);
    const queued = await this.queueLinkCheck(siteId);
    return { site_id: siteId, scored, link_check_queued: queued };
  }

  async queueLinkCheck(siteId: number): Promise<boolean> {
    if (!this.ports.queue || this.linkCheckDays <= 0) return false;
    const sent = await this.ports.queue.trySend('refreshLinkCheck', { siteId }, { singletonKey: `site-${siteId}` });
    return sent !== null;
  }

  /** Scores every published post of the site (reading the inventory) and stores the scores. Returns how many. */
  async score(siteId: number): Promise<number> {
    const today = this.now();
    const posts = await this.ports.inventory.postsForRefresh(siteId);
    const site = await this.ports.sites.findOrThrow(siteId);
    const siteKey = addressKey(site.url)?.split('/')[0] ?? null;
    // The links worth checking: web addresses, the fragment dropped (one page, one check).
    const postLinks: Array<{ wpId: number; url: string }> = [];
    for (const post of posts) {
      for (const link of new Set(post.links.map(checkable).filter((url): url is string => url !== null))) {
        postLinks.push({ wpId: post.wpId, url: link });
      }
    }
    await this.repo.replacePostLinks(siteId, postLinks);

    const dead = new Map<number, Array<{ url: string; why: string }>>();
    for (const { wpId, check } of await this.repo.deadLinks(siteId)) {
      if (!isDead(check)) continue;
      const list = dead.get(wpId) ?? [];
      list.push({ url: check.url, why: deadWhy(check) });
      dead.set(wpId, list);
    }
    const linksIn = internalLinksIn(posts, siteKey);
    const words = new Map(posts.map((post) => [post.wpId, wordCount(`${post.headings}\n${post.body}`)]));
    const figures = { posts: posts.length, medianWords: median([...words.values()]) };
    const newer = await this.newerPosts(siteId, posts, today);

    const rows = posts.map((post) => {
      const { score, reasons } = scorePost(
        {
          wpId: post.wpId,
          title: post.title,
          text: `${post.headings}\n${post.body}`,
          modifiedAt: post.modifiedAt,
          publishedAt: post.publishedAt,
          words: words.get(post.wpId) ?? 0,
          linksIn: linksIn.get(post.wpId) ?? 0,
          deadLinks: dead.get(post.wpId) ?? [],
          newerPost: newer.get(post.wpId) ?? null,
        },
        figures,
        today,
      );
      return {
        wpId: post.wpId,
        title: post.title,
        link: post.link,
        modifiedAt: post.modifiedAt,
        score,
        reasons,
        reasonKinds: reasons.map((reason) => reason.kind),
        computedAt: today,
      };
    });
    await this.repo.replaceScores(siteId, rows);
    return rows.length;
  }

  /**
   * Site knowledge's newer post on the same subject, for the oldest posts (at most NEWER_POST_CHECK_MAX,
   * not changed for a year): the best duplicate-verdict post of the site published after it.
   */
  private async newerPosts(
    siteId: number,
    posts: readonly RefreshInventoryRow[],
    today: Date,
  ): Promise<Map<number, { title: string; link: string }>> {
    const found = new Map<number, { title: string; link: string }>();
    const subjects = this.ports.subjects;
    if (!subjects || posts.length < 2) return found;
    const published = new Map(posts.map((post) => [post.wpId, post.publishedAt?.getTime() ?? 0]));
    const yearAgo = today.getTime() - 365 * DAY_MS;
    const candidates = posts
      .filter((post) => ((post.modifiedAt ?? post.publishedAt)?.getTime() ?? 0) < yearAgo)
      .sort((a, b) => (a.publishedAt?.getTime() ?? 0) - (b.publishedAt?.getTime() ?? 0))
      .slice(0, NEWER_POST_CHECK_MAX);
    for (const post of candidates) {
      try {
        const similar = await subjects.similar(siteId, { title: post.title, text: post.body.slice(0, 4_000) });
        const own = published.get(post.wpId) ?? 0;
        const better = similar.find((doc) => {
          if (!doc.duplicate || !doc.key.startsWith('post:')) return false;
          const wpId = Number(doc.key.slice(5));
          return wpId !== post.wpId && (published.get(wpId) ?? 0) > own;
        });
        if (better) found.set(post.wpId, { title: better.title, link: better.link });
      } catch (error) {
        // Site knowledge is a help, not a condition: without it the other reasons still count.
        this.ports.log?.warn({ err: error, siteId }, 'refresh: site knowledge could not be asked');
        break;
      }
    }
    return found;
  }

  /** The job: checks the site's links that are due, stores the results, scores the site again. */
  async runLinkCheck(siteId: number): Promise<{ checked: number; dead: number } | { skipped: string }> {
    if (!(await this.repo.siteExists(siteId))) return { skipped: 'site deleted' };
    const site = await this.ports.sites.findOrThrow(siteId);
    const now = this.now().getTime();
    const siteOrigin = originOf(site.url);
    const due = (
      await this.repo.dueLinks(
        siteId,
        new Date(now - Math.max(1, this.linkCheckDays) * DAY_MS),
        new Date(now - SERVER_ERROR_RECHECK_HOURS * 3600 * 1000),
        LINK_CHECK_MAX_PER_RUN,
      )
    ).filter((link) => (this.ports.linkCheckScope ?? 'all') === 'all' || originOf(link.url) === siteOrigin);
    const results = await this.links.checkAll(
      due.map((link) => ({ url: link.url, entered: site.url })),
      new Map(due.map((link) => [link.url, link.serverErrors])),
    );
    await this.repo.saveChecks(results);
    await this.score(siteId);
    return { checked: results.length, dead: results.filter(isDead).length };
  }

  linkCheckJob(): JobDefinition<'refreshLinkCheck'> {
    return {
      job: 'refreshLinkCheck',
      queue: {
        policy: 'exclusive',
        retryLimit: 1,
        retryDelay: 300,
        heartbeatSeconds: 60,
        expireInSeconds: 2 * 60 * 60,
        deleteAfterSeconds: 24 * 60 * 60,
      },
      handler: async ({ siteId }) => this.runLinkCheck(siteId),
    };
  }

  async list(query: RefreshListQuery): Promise<RefreshList> {
    if (query.site_id !== undefined) await this.ports.sites.findOrThrow(query.site_id);
    const { rows, total } = await this.repo.list(query);
    return {
      items: rows.map((row) => ({
        site_id: row.siteId,
        site_name: row.siteName,
        wp_id: row.wpId,
        title: row.title,
        link: row.link,
        modified_at: row.modifiedAt?.toISOString() ?? null,
        score: row.score,
        reasons: row.reasons as RefreshReason[],
        computed_at: row.computedAt.toISOString(),
      })),
      total,
      limit: query.limit,
      offset: query.offset,
    };
  }

  async summary(): Promise<RefreshSiteSummary[]> {
    return (await this.repo.summary(REFRESH_STALE_SCORE)).map((row) => ({
      site_id: row.siteId,
      site_name: row.siteName,
      scored: row.scored,
      stale: row.stale,
      reasons: row.reasons,
      dead_links: row.deadLinks,
      computed_at: row.computedAt?.toISOString() ?? null,
    }));
  }
}

/** A link as checked: http(s) only, without its fragment; null for anything else. */
export function checkable(link: string): string | null {
  try {
    const url = new URL(link);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    url.hash = '';
    return url.href;
  } catch {
    return null;
  }
}

/** How many other posts of the site link to each post (each linking post once), by address or "?p=<id>". */
function internalLinksIn(posts: readonly RefreshInventoryRow[], siteHost: string | null): Map<number, number> {
  const byAddress = new Map<string, number>();
  for (const post of posts) {
    const key = addressKey(post.link);
    if (key) byAddress.set(key, post.wpId);
  }
  const ids = new Set(posts.map((post) => post.wpId));
  const into = new Map<number, Set<number>>();
  for (const post of posts) {
    for (const link of post.links) {
      const key = addressKey(link);
      let target = key ? byAddress.get(key) : undefined;
      if (target === undefined && key && siteHost && key.startsWith(`${siteHost}/`)) {
        const id = /[?&]p=(\d{1,10})(?:&|$)/.exec(key)?.[1];
        if (id && ids.has(Number(id))) target = Number(id);
      }
      if (target === undefined || target === post.wpId) continue;
      const set = into.get(target) ?? new Set<number>();
      set.add(post.wpId);
      into.set(target, set);
    }
  }
  return new Map([...into].map(([wpId, from]) => [wpId, from.size]));
}

/** "http://127.0.0.1:8881" of an address (null when it is not one). */
function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}
