import {
  ARTICLE_ERROR_CODES,
  REFRESH_COOLDOWN_DAYS_DEFAULT,
  REFRESH_PROPOSAL_MESSAGES,
  REFRESH_STALE_SCORE,
  type RefreshChange,
  type RefreshProposal,
  type RefreshProposalList,
  type RefreshProposalListQuery,
  type RefreshSiteSettings,
  type RefreshSiteSettingsBody,
} from '@abp/contracts';
import type { StoredRefreshChange } from '../../db/schema/refresh.js';
import { AppError, badRequest, conflict, notFound } from '../../errors.js';
import { isWordPressError, type WordPressClient } from '../../integrations/wordpress/index.js';
import type { WpPost } from '../../integrations/wordpress/schemas.js';
import type { JobDefinition } from '../../jobs/queue.js';
import { deadWhy, isDead } from './link-checker.js';
import { type ModelPorts, modelChanges } from './model-changes.js';
import { contentLinks, type LinkFact, mechanicalChanges } from './proposals.js';
import type {
  RefreshProposalRow,
  RefreshProposalsRepository,
  WaitingRefreshFilter,
} from './refresh-proposals.repository.js';
import { mergeField } from './three-way-merge.js';

const DAY_MS = 24 * 3600 * 1000;
/** The weekly job proposes for posts scoring at least this (the Refresh view's "stale"). */
export const SCHEDULE_MIN_SCORE = REFRESH_STALE_SCORE;
/** Posts the weekly job looks at per site and run, best score first (each costs a WordPress read). */
const SCHEDULE_CANDIDATES = 50;
/** Daily: the week's budget is spread as it comes (a budget used up waits for the next week). */
export const REFRESH_PROPOSE_CRON = '17 4 * * *';

export interface RefreshProposalPorts {
  sites: {
    findOrThrow(siteId: number): Promise<{ id: number; url: string }>;
    getClientForSite(siteId: number): Promise<WordPressClient>;
  };
  /** The site inventory's published posts (their publish dates say which related post is newer). */
  inventory: { postsForRefresh(siteId: number): Promise<Array<{ wpId: number; publishedAt: Date | null }>> };
  /** Site knowledge: the site's posts on the same subject as this one, best first. */
  related?: (
    siteId: number,
    post: { wpId: number; title: string; text: string },
  ) => Promise<Array<{ wpId: number; title: string; link: string }>>;
  /** The app's provider chain (updated facts, a clearer title and meta description); none offline. */
  model?: ModelPorts;
  log?: { warn(object: unknown, message: string): void };
}

const DROP_REASONS = {
  edited: 'This part of the post was edited on WordPress since the proposal; the edit was kept.',
  rewritten: 'The post was rewritten on WordPress since the proposal; the edit was kept.',
  overlap: 'This part of the post no longer reads as the proposal saw it; the edit was kept.',
  field: (field: string) => `The post's ${field} was edited on WordPress since the proposal; the edit was kept.`,
} as const;

const raw = (field: { raw?: string | null } | undefined | null) => field?.raw ?? '';

/**
 * Refresh proposals (issue #36 §2–§3): what a refresh would change in one post (mechanical fixes:
 * years, dead links, links to newer posts), waiting for a decision; applied as a three-way merge
 * against what WordPress has at that moment (three-way-merge.ts) and undone exactly unless the post
 * was edited since. Per site: a cooldown, a weekly budget for the schedule, auto-apply of dead links.
 */
/** A write to WordPress ends (or times out) well within this: a claim older than it lost its process. */
const STALE_CLAIM_MS = 10 * 60 * 1000;

export class RefreshProposalService {
  constructor(
    private readonly repo: RefreshProposalsRepository,
    private readonly ports: RefreshProposalPorts,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async propose(siteId: number, wpId: number, origin: 'manual' | 'schedule' = 'manual'): Promise<RefreshProposal> {
    await this.ports.sites.findOrThrow(siteId);
    const settings = await this.settings(siteId);
    const last = await this.repo.lastAppliedAt(siteId, wpId);
    if (last) {
      const until = new Date(last.getTime() + settings.cooldown_days * DAY_MS);
      if (until > this.now()) throw conflict(REFRESH_PROPOSAL_MESSAGES.cooldown(until.toISOString().slice(0, 10)));
    }
    if ((await this.repo.waitingFor(siteId, wpId)) !== null) throw conflict(REFRESH_PROPOSAL_MESSAGES.alreadyWaiting);

    const client = await this.client(siteId);
    const post = await this.read(client, wpId);
    if (!post) throw notFound(`Post ${wpId} is not on the site's WordPress.`);
    const content = raw(post.content);
    const title = raw(post.title);
    const excerpt = raw(post.excerpt);
    const link = post.link ?? '';

    const links = await this.linkFacts(content, link);
    const newer = await this.newerPosts(siteId, post, content);
    let proposed = mechanicalChanges({ content, title, link, today: this.now(), links, newer });
    let estimatedCostUsd = 0;
    let costUsd = 0;
    if (this.ports.model) {
      try {
        const modified = post.modified_gmt ? new Date(`${post.modified_gmt.replace(/Z$/, '')}Z`) : null;
        const made = await modelChanges(
          this.ports.model,
          { siteId, wpId, content, title, excerpt, modifiedAt: modified },
          this.now(),
          proposed,
        );
        estimatedCostUsd = made.estimatedUsd;
        costUsd = made.costUsd;
        // The model's whole-title change carries this year itself: the mechanical one would overlap it.
        if (made.changes.some((change) => change.field === 'title'))
          proposed = proposed.filter((change) => change.field !== 'title');
        proposed = [...proposed, ...made.changes].sort((a, b) => a.field.localeCompare(b.field) || a.start - b.start);
      } catch (error) {
        // The model is a help: without its answer the mechanical changes are still proposed.
        this.ports.log?.warn({ err: error, siteId, wpId }, 'refresh: the model could not propose changes');
      }
    }
    if (proposed.length === 0) throw conflict(REFRESH_PROPOSAL_MESSAGES.nothingToChange);

    const changes: StoredRefreshChange[] = proposed.map((change, index) => ({
      ...change,
      id: `c${index + 1}`,
      outcome: 'pending',
      outcome_reason: null,
    }));
    let id: number;
    try {
      id = await this.repo.insert({
        siteId,
        wpId,
        postTitle: title,
        postLink: link,
        origin,
        markup: content.includes('<!-- wp:') ? 'block' : 'classic',
        baseContent: content,
        baseTitle: title,
        baseExcerpt: excerpt,
        baseModifiedGmt: post.modified_gmt ?? null,
        changes,
        estimatedCostUsd,
        costUsd,
        createdAt: this.now(),
      });
    } catch (error) {
      // The unique index on (site, post) for waiting proposals: another request proposed meanwhile.
      if (isUniqueViolation(error)) throw conflict(REFRESH_PROPOSAL_MESSAGES.alreadyWaiting);
      throw error;
    }
    if (settings.auto_apply_dead_links && changes.every((change) => change.kind === 'dead_link'))
      return this.apply(id, undefined, { auto: true });
    return this.get(id);
  }

  async get(id: number): Promise<RefreshProposal> {
    return toDto(await this.require(id));
  }

  async list(query: RefreshProposalListQuery): Promise<RefreshProposalList> {
    if (query.site_id !== undefined) await this.ports.sites.findOrThrow(query.site_id);
    const { rows, total } = await this.repo.list(query);
    return { items: rows.map(toDto), total };
  }

  /** Applies the proposal's changes (all, or those named) as a three-way merge against WordPress now. */
  async apply(id: number, changeIds?: readonly string[], options: { auto?: boolean } = {}): Promise<RefreshProposal> {
    await this.repo.releaseStaleClaim(id, new Date(this.now().getTime() - STALE_CLAIM_MS));
    const row = await this.require(id);
    const known = new Set(row.changes.map((change) => change.id));
    const unknown = changeIds?.find((changeId) => !known.has(changeId));
    if (unknown !== undefined) throw badRequest('change_ids', `this proposal has no change "${unknown}"`);
    if (row.state !== 'proposed') throw conflict(REFRESH_PROPOSAL_MESSAGES.notProposed);
    const chosen = new Set(changeIds ?? known);

    const client = await this.client(row.siteId);
    const post = await this.read(client, row.wpId);
    const decidedAt = this.now();
    if (!post) {
      await this.repo.transition(id, 'proposed', {
        state: 'refused',
        note: REFRESH_PROPOSAL_MESSAGES.postGone,
        decidedAt,
      });
      return this.get(id);
    }
    const theirs = { content: raw(post.content), title: raw(post.title), excerpt: raw(post.excerpt) };
    const base = { content: row.baseContent, title: row.baseTitle, excerpt: row.baseExcerpt };
    const changes: StoredRefreshChange[] = row.changes.map((change) => ({ ...change }));
    const merged = { ...theirs };
    for (const field of ['content', 'title', 'excerpt'] as const) {
      const edits = changes.filter((change) => change.field === field && chosen.has(change.id));
      if (edits.length === 0) continue;
      // Title and excerpt are short: any edit of them since keeps the person's version whole.
      if (field !== 'content' && theirs[field] !== base[field]) {
        for (const edit of edits)
          Object.assign(edit, { outcome: 'dropped', outcome_reason: DROP_REASONS.field(field) });
        continue;
      }
      const result = mergeField(base[field], theirs[field], edits);
      merged[field] = result.text;
      for (const edit of edits) {
        const dropped = result.dropped.find((d) => d.id === edit.id);
        Object.assign(
          edit,
          dropped
            ? { outcome: 'dropped', outcome_reason: DROP_REASONS[dropped.why] }
            : { outcome: 'applied', outcome_reason: null },
        );
      }
    }
    for (const change of changes)
      if (!chosen.has(change.id))
        Object.assign(change, { outcome: 'skipped', outcome_reason: 'Left out when the proposal was applied.' });

    if (!changes.some((change) => change.outcome === 'applied')) {
      await this.repo.transition(id, 'proposed', {
        state: 'refused',
        note: REFRESH_PROPOSAL_MESSAGES.allConflict,
        changes,
        decidedAt,
      });
      return this.get(id);
    }
    const update: { content?: string; title?: string; excerpt?: string } = {};
    for (const field of ['content', 'title', 'excerpt'] as const)
      if (merged[field] !== theirs[field]) update[field] = merged[field];
    // Claim the proposal before writing (two clicks, the inbox and the view): one apply writes.
    if (!(await this.repo.transition(id, 'proposed', { state: 'applying' as string, decidedAt })))
      throw conflict(REFRESH_PROPOSAL_MESSAGES.notProposed);
    let written: WpPost;
    try {
      written = await client.posts.update(row.wpId, { ...update, verbatim: true });
    } catch (error) {
      await this.repo.transition(id, 'applying', { state: 'proposed', decidedAt: null });
      throw conflict(`WordPress refused the refresh: ${error instanceof Error ? error.message : String(error)}`);
    }
    await this.repo.transition(id, 'applying', {
      state: 'applied',
      changes,
      appliedAt: this.now(),
      autoApplied: options.auto ?? false,
      previousContent: theirs.content,
      previousTitle: theirs.title,
      previousExcerpt: theirs.excerpt,
      appliedContent: written.content?.raw ?? merged.content,
      appliedTitle: written.title?.raw ?? merged.title,
      appliedExcerpt: written.excerpt?.raw ?? merged.excerpt,
    });
    return this.get(id);
  }

  async dismiss(id: number): Promise<RefreshProposal> {
    await this.require(id);
    if (!(await this.repo.transition(id, 'proposed', { state: 'dismissed', decidedAt: this.now() })))
      throw conflict(REFRESH_PROPOSAL_MESSAGES.notProposed);
    return this.get(id);
  }

  /** Writes back exactly what the post held before the refresh, if WordPress still has what it wrote. */
  async undo(id: number): Promise<RefreshProposal> {
    await this.repo.releaseStaleClaim(id, new Date(this.now().getTime() - STALE_CLAIM_MS));
    const row = await this.require(id);
    if (row.state !== 'applied' || row.previousContent === null) throw conflict(REFRESH_PROPOSAL_MESSAGES.notApplied);
    const client = await this.client(row.siteId);
    const post = await this.read(client, row.wpId);
    if (!post) throw conflict(REFRESH_PROPOSAL_MESSAGES.postGone);
    if (
      raw(post.content) !== row.appliedContent ||
      raw(post.title) !== row.appliedTitle ||
      raw(post.excerpt) !== row.appliedExcerpt
    ) {
      await this.repo.update(id, { note: REFRESH_PROPOSAL_MESSAGES.editedSince });
      throw conflict(REFRESH_PROPOSAL_MESSAGES.editedSince);
    }
    if (!(await this.repo.transition(id, 'applied', { state: 'undoing', undoneAt: this.now() })))
      throw conflict(REFRESH_PROPOSAL_MESSAGES.notApplied);
    try {
      await client.posts.update(row.wpId, {
        content: row.previousContent,
        title: row.previousTitle ?? '',
        excerpt: row.previousExcerpt ?? '',
        verbatim: true,
      });
    } catch (error) {
      await this.repo.transition(id, 'undoing', { state: 'applied', undoneAt: null });
      throw conflict(`WordPress refused the undo: ${error instanceof Error ? error.message : String(error)}`);
    }
    await this.repo.transition(id, 'undoing', { state: 'undone', undoneAt: this.now(), note: null });
    return this.get(id);
  }

  async settings(siteId: number): Promise<RefreshSiteSettings> {
    await this.ports.sites.findOrThrow(siteId);
    const row = await this.repo.settings(siteId);
    return {
      site_id: siteId,
      weekly_proposals: row?.weeklyProposals ?? 0,
      auto_apply_dead_links: row?.autoApplyDeadLinks ?? false,
      cooldown_days: row?.cooldownDays ?? REFRESH_COOLDOWN_DAYS_DEFAULT,
    };
  }

  async saveSettings(siteId: number, body: RefreshSiteSettingsBody): Promise<RefreshSiteSettings> {
    await this.ports.sites.findOrThrow(siteId);
    await this.repo.saveSettings(siteId, {
      weeklyProposals: body.weekly_proposals,
      autoApplyDeadLinks: body.auto_apply_dead_links,
      cooldownDays: body.cooldown_days,
    });
    return this.settings(siteId);
  }

  /**
   * The schedule: for each site with a weekly budget, proposals for its top posts by score (at least
   * SCHEDULE_MIN_SCORE, not in cooldown, none waiting) until the last 7 days' scheduled proposals
   * reach the budget. A post with nothing to change is passed over.
   */
  async runSchedule(): Promise<{ proposed: number }> {
    let proposed = 0;
    for (const site of await this.repo.budgetedSites()) {
      const now = this.now();
      let left =
        site.weeklyProposals - (await this.repo.scheduledSince(site.siteId, new Date(now.getTime() - 7 * DAY_MS)));
      if (left <= 0) continue;
      const busy = await this.repo.busyPosts(site.siteId, new Date(now.getTime() - site.cooldownDays * DAY_MS));
      for (const candidate of await this.repo.topScored(site.siteId, SCHEDULE_MIN_SCORE, SCHEDULE_CANDIDATES)) {
        if (left <= 0) break;
        if (busy.has(candidate.wpId)) continue;
        try {
          await this.propose(site.siteId, candidate.wpId, 'schedule');
          proposed++;
          left--;
        } catch (error) {
          // Nothing to change, cooldown or a post gone: the next candidate. Anything else is logged.
          if (!(error instanceof AppError) || error.status >= 500)
            this.ports.log?.warn({ err: error, siteId: site.siteId }, 'refresh: scheduled proposal failed');
        }
      }
    }
    return { proposed };
  }

  scheduleJob(): JobDefinition<'refreshProposeSchedule'> {
    return {
      job: 'refreshProposeSchedule',
      cron: REFRESH_PROPOSE_CRON,
      queue: { policy: 'exclusive', retryLimit: 0, expireInSeconds: 60 * 60 },
      handler: async () => this.runSchedule(),
    };
  }

  /** The Review inbox's view of waiting proposals. */
  async waiting(filter: WaitingRefreshFilter, order: 'oldest' | 'newest', limit: number): Promise<RefreshProposal[]> {
    return (await this.repo.waiting(filter, order, limit)).map(toDto);
  }

  waitingSummary(filter: WaitingRefreshFilter): Promise<{ count: number; oldest: Date | null }> {
    return this.repo.waitingSummary(filter);
  }

  /** The site's WordPress client; WordPress unreachable (a 424, as every WordPress failure of the API) is said, not a 500. */
  private async client(siteId: number): Promise<WordPressClient> {
    try {
      return await this.ports.sites.getClientForSite(siteId);
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError(
        ARTICLE_ERROR_CODES.wordpress,
        `WordPress could not be reached: ${error instanceof Error ? error.message : String(error)}`,
        424,
      );
    }
  }

  private async require(id: number): Promise<RefreshProposalRow> {
    const row = await this.repo.find(id);
    if (!row) throw notFound('Refresh proposal not found');
    return row;
  }

  /** The post as WordPress has it (context=edit), or null when it is gone (deleted or trashed). */
  private async read(client: WordPressClient, wpId: number): Promise<WpPost | null> {
    try {
      const post = await client.posts.get(wpId);
      return post.status === 'trash' ? null : post;
    } catch (error) {
      if (isWordPressError(error) && error.kind === 'not_found') return null;
      throw new AppError(
        ARTICLE_ERROR_CODES.wordpress,
        `WordPress could not be asked for the post: ${error instanceof Error ? error.message : String(error)}`,
        424,
      );
    }
  }

  /** What the link cache knows of the post's links: dead ones, and live ones that moved. */
  private async linkFacts(content: string, link: string): Promise<Map<string, LinkFact>> {
    const facts = new Map<string, LinkFact>();
    for (const check of await this.repo.linkChecks(contentLinks(content, link))) {
      if (isDead(check))
        facts.set(check.url, { kind: 'dead', why: deadWhy(check), finalUrl: null, checkedAt: check.checkedAt });
      else if (check.outcome === 'ok' && check.finalUrl && check.finalUrl !== check.url)
        facts.set(check.url, {
          kind: 'moved',
          why: 'a redirect',
          finalUrl: check.finalUrl,
          checkedAt: check.checkedAt,
        });
    }
    return facts;
  }

  /** The site's posts on the same subject published after this one (site knowledge, when it answers). */
  private async newerPosts(
    siteId: number,
    post: WpPost,
    content: string,
  ): Promise<Array<{ wpId: number; title: string; link: string }>> {
    if (!this.ports.related) return [];
    try {
      const related = await this.ports.related(siteId, {
        wpId: post.id,
        title: raw(post.title),
        text: content.replace(/<[^>]*>/g, ' ').slice(0, 4_000),
      });
      const published = new Map(
        (await this.ports.inventory.postsForRefresh(siteId)).map((p) => [p.wpId, p.publishedAt?.getTime() ?? 0]),
      );
      const own = post.date_gmt ? Date.parse(`${post.date_gmt}Z`) : (published.get(post.id) ?? 0);
      return related.filter((other) => other.wpId !== post.id && (published.get(other.wpId) ?? 0) > own);
    } catch (error) {
      this.ports.log?.warn({ err: error, siteId }, 'refresh: site knowledge could not be asked');
      return [];
    }
  }
}

function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export function toDto(row: RefreshProposalRow): RefreshProposal {
  // 'applying' / 'undoing' are the moments of a write: shown as the state they come from.
  const state = row.state === 'applying' ? 'proposed' : row.state === 'undoing' ? 'applied' : row.state;
  return {
    id: row.id,
    site_id: row.siteId,
    site_name: row.siteName,
    wp_id: row.wpId,
    post_title: row.postTitle,
    post_link: row.postLink,
    markup: row.markup === 'block' ? 'block' : 'classic',
    state: state as RefreshProposal['state'],
    origin: row.origin === 'schedule' ? 'schedule' : 'manual',
    base_modified_at: row.baseModifiedGmt ? new Date(`${row.baseModifiedGmt.replace(/Z$/, '')}Z`).toISOString() : null,
    changes: row.changes.map(
      (change): RefreshChange => ({
        id: change.id,
        kind: change.kind as RefreshChange['kind'],
        field: change.field,
        reason: change.reason,
        before: change.before,
        after: change.after,
        context_before: change.context_before,
        context_after: change.context_after,
        outcome: change.outcome,
        outcome_reason: change.outcome_reason,
      }),
    ),
    estimated_cost_usd: row.estimatedCostUsd,
    cost_usd: row.costUsd,
    created_at: row.createdAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
    applied_at: row.appliedAt?.toISOString() ?? null,
    undone_at: row.state === 'undone' ? (row.undoneAt?.toISOString() ?? null) : null,
    auto_applied: row.autoApplied,
    note: row.note,
    can_undo: state === 'applied' && row.note !== REFRESH_PROPOSAL_MESSAGES.editedSince,
  };
}
