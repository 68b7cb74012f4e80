import {
  type ArticleUpdate,
  type BacklinkProposal,
  qualityReportSchema,
  REVIEW_REASON_LABELS,
  REVIEW_REASONS,
  type RefreshProposal,
  type ReviewApproveRequest,
  type ReviewDecisionResult,
  type ReviewItem,
  type ReviewItemRef,
  type ReviewItemResult,
  type ReviewListQuery,
  type ReviewListResponse,
  type ReviewOutcome,
  type ReviewReason,
  type ReviewSummary,
  type UsageTotals,
} from '@abp/contracts';
import { DomainError, httpStatusOf, QualityGateBlockedError } from '../../domain-errors.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import { findElements, parseHtml, renderHtml } from '../../lib/html/html-tree.js';
import { htmlToText } from '../../lib/html/index.js';
import type { ReviewRecords } from '../articles/article-store.js';
import type { WaitingProposalFilter } from '../backlinks/backlinks.repository.js';
import type { ReviewRepository, WaitingArticleFilter, WaitingArticleRow } from './review.repository.js';

/** At most this many links of an article's body are listed with its item. */
const MAX_LINKS = 20;

type WaitingProposal = BacklinkProposal & { article_title: string | null };

export interface ReviewDependencies {
  repo: ReviewRepository;
  /** The articles module's marks: an article leaves the inbox (or a delayed one is held) through them. */
  marks: Pick<ReviewRecords, 'markWaiting' | 'clearWaiting'>;
  /** The one publish path (publishing module): approve publishes or schedules; reject trashes a preview draft. */
  publishing: {
    publishArticle(
      id: number,
      options: { status: 'published' | 'scheduled'; force: boolean },
    ): Promise<{ wordpress_permalink: string | null; wordpress_status: string }>;
    trashPost(id: number): Promise<'trashed' | 'none'>;
  };
  /** The articles module's edit (its status and publish time, with its own checks). */
  articles: { update(id: number, body: ArticleUpdate): Promise<unknown> };
  /** The backlinks module's proposals: listed here, applied or dismissed by its own operations. */
  links: {
    waiting(filter: WaitingProposalFilter, order: 'oldest' | 'newest', limit: number): Promise<WaitingProposal[]>;
    waitingSummary(filter: WaitingProposalFilter): Promise<{ count: number; oldest: Date | null }>;
    apply(id: number): Promise<unknown>;
    dismiss(id: number): Promise<unknown>;
  };
  /**
   * The refresh module's proposals (issue #36): listed here (kind 'refresh'), applied by approve and
   * dismissed by reject through its own operations. Optional: without it the inbox has none.
   */
  refreshes?: {
    waiting(filter: { siteId?: number }, order: 'oldest' | 'newest', limit: number): Promise<RefreshProposal[]>;
    waitingSummary(filter: { siteId?: number }): Promise<{ count: number; oldest: Date | null }>;
    apply(id: number): Promise<RefreshProposal>;
    dismiss(id: number): Promise<unknown>;
  };
  /** What each article's model calls cost (the usage ledger). */
  usage: { articleUsage(ids: readonly number[]): Promise<Map<number, UsageTotals>> };
  now?: () => Date;
}

const isArticleReason = (reason: string | undefined): reason is ReviewReason =>
  (REVIEW_REASONS as readonly string[]).includes(reason ?? '');

/**
 * The Review inbox (issue #33): everything that waits for the operator, across sites — articles the
 * publishing policy held or delays, the quality gate refused, a budget stopped or an assistant
 * drafted, and link proposals — and the decisions on them. Decisions go through the modules that
 * own the things decided on: publishing publishes, the articles module marks, backlinks applies.
 * A bulk decision answers per item; one item failing never fails the others.
 */
export class ReviewService {
  private readonly now: () => Date;

  constructor(private readonly deps: ReviewDependencies) {
    this.now = deps.now ?? (() => new Date());
  }

  async list(query: ReviewListQuery): Promise<ReviewListResponse> {
    const { articleFilter, linkFilter, refreshFilter: wantRefresh } = filtersOf(query);
    const refreshFilter = this.deps.refreshes ? wantRefresh : null;
    // A page of the merged queue: the first offset+limit of each kind, merged by waiting time.
    const wanted = query.offset + query.limit;
    const [articleRows, proposals, articleCount, linkCount, refreshes, refreshCount] = await Promise.all([
      articleFilter ? this.deps.repo.listWaiting(articleFilter, query.order, wanted) : [],
      linkFilter ? this.deps.links.waiting(linkFilter, query.order, wanted) : [],
      articleFilter ? this.deps.repo.waitingSummary(articleFilter) : null,
      linkFilter ? this.deps.links.waitingSummary(linkFilter) : null,
      refreshFilter ? this.deps.refreshes!.waiting(refreshFilter, query.order, wanted) : [],
      refreshFilter ? this.deps.refreshes!.waitingSummary(refreshFilter) : null,
    ]);
    const merged: Array<{
      since: number;
      kind: 0 | 1 | 2;
      id: number;
      article?: WaitingArticleRow;
      link?: WaitingProposal;
      refresh?: RefreshProposal;
    }> = [
      ...articleRows.map((row) => ({
        since: row.reviewSince?.getTime() ?? 0,
        kind: 0 as const,
        id: row.id,
        article: row,
      })),
      ...proposals.map((link) => ({ since: Date.parse(link.created_at), kind: 1 as const, id: link.id, link })),
      ...refreshes.map((refresh) => ({
        since: Date.parse(refresh.created_at),
        kind: 2 as const,
        id: refresh.id,
        refresh,
      })),
    ];
    const direction = query.order === 'oldest' ? 1 : -1;
    merged.sort((a, b) => direction * (a.since - b.since || a.kind - b.kind || a.id - b.id));
    const page = merged.slice(query.offset, query.offset + query.limit);
    const pageArticles = page.flatMap((entry) => (entry.article ? [entry.article] : []));
    const pageLinks = page.flatMap((entry) => (entry.link ? [entry.link] : []));
    const [usage, siteNames] = await Promise.all([
      pageArticles.length > 0
        ? this.deps.usage.articleUsage(pageArticles.map((row) => row.id))
        : new Map<number, UsageTotals>(),
      this.deps.repo.siteNames(pageLinks.map((link) => link.site_id)),
    ]);
    return {
      items: page.map((entry) =>
        entry.article
          ? articleItem(entry.article, usage.get(entry.article.id) ?? null)
          : entry.refresh
            ? refreshItem(entry.refresh)
            : linkItem(entry.link!, siteNames.get(entry.link!.site_id) ?? null),
      ),
      total: (articleCount?.count ?? 0) + (linkCount?.count ?? 0) + (refreshCount?.count ?? 0),
    };
  }

  async summary(): Promise<ReviewSummary> {
    const [waitingArticles, links, refreshes] = await Promise.all([
      this.deps.repo.waitingSummary({}),
      this.deps.links.waitingSummary({}),
      this.deps.refreshes?.waitingSummary({}) ?? { count: 0, oldest: null },
    ]);
    const oldest = [waitingArticles.oldest, links.oldest, refreshes.oldest]
      .filter((date): date is Date => date !== null)
      .sort((a, b) => a.getTime() - b.getTime())[0];
    return {
      count: waitingArticles.count + links.count + refreshes.count,
      oldest_since: oldest?.toISOString() ?? null,
    };
  }

  /**
   * Approve: an article is published now (a delayed one too, its countdown dropped), or scheduled on
   * WordPress at `schedule_at`; a quality-gate objection is approved as "publish anyway". A link
   * proposal is applied. The operator's approval is the confirmation an offline-written article
   * needs before it goes live.
   */
  async approve(request: ReviewApproveRequest): Promise<ReviewDecisionResult> {
    const scheduleAt = request.schedule_at ? new Date(request.schedule_at) : null;
    if (scheduleAt && scheduleAt.getTime() <= this.now().getTime())
      throw badRequest('schedule_at', 'must be in the future');
    return this.decide(request.items, {
      article: async (row) => {
        if (scheduleAt)
          await this.deps.articles.update(row.id, { status: 'scheduled', scheduled_at: scheduleAt.toISOString() });
        let result: Awaited<ReturnType<ReviewDependencies['publishing']['publishArticle']>>;
        try {
          result = await this.deps.publishing.publishArticle(row.id, {
            status: scheduleAt ? 'scheduled' : 'published',
            force: row.reviewReason === 'quality_gate',
          });
        } catch (error) {
          // Nothing went out: the article reads as it did (not "scheduled" without a post), still waiting.
          if (scheduleAt)
            await this.deps.articles
              .update(row.id, { status: row.status, scheduled_at: row.scheduledAt?.toISOString() ?? null })
              .catch(() => undefined);
          // The gate objects to a held article: it now waits as an objection, which an approval overrides.
          if (error instanceof QualityGateBlockedError && row.reviewReason !== 'quality_gate')
            await this.deps.marks.markWaiting(row.id, 'quality_gate');
          throw error;
        }
        await this.deps.marks.clearWaiting(row.id);
        return scheduleAt
          ? done('scheduled', `Scheduled on WordPress for ${scheduleAt.toISOString()}`, result.wordpress_permalink)
          : done('published', 'Published to WordPress', result.wordpress_permalink);
      },
      link: async (id) => {
        if (scheduleAt) return refused('A link is placed in the post at once: approve it without a time.');
        await this.deps.links.apply(id);
        return done('applied', 'Link placed in the post on WordPress');
      },
      refresh: async (id) => {
        if (scheduleAt) return refused('A refresh is applied to the post at once: approve it without a time.');
        const applied = await this.refreshes().apply(id);
        if (applied.state !== 'applied') return refused(applied.note ?? 'The refresh could not be applied.');
        const dropped = applied.changes.filter((change) => change.outcome === 'dropped').length;
        return done(
          'applied',
          dropped > 0
            ? `Refresh applied on WordPress; ${dropped} change(s) left out: the post was edited there since`
            : 'Refresh applied on WordPress',
        );
      },
    });
  }

  /**
   * Reject: the article goes back to draft and out of the inbox, the reason kept as its review note;
   * a WordPress draft sent only so the operator could preview it is moved to the WordPress trash
   * (a live post is never touched). A link proposal is dismissed.
   */
  async reject(items: readonly ReviewItemRef[], reason: string): Promise<ReviewDecisionResult> {
    return this.decide(items, {
      article: async (row) => {
        const previewDraft =
          row.wordpressPostId !== null && (row.wordpressStatus === 'draft' || row.wordpressStatus === 'pending');
        const trashed = previewDraft ? (await this.deps.publishing.trashPost(row.id)) === 'trashed' : false;
        if (row.status !== 'draft') await this.deps.articles.update(row.id, { status: 'draft' });
        await this.deps.marks.clearWaiting(row.id, { note: reason });
        return done(
          'rejected',
          trashed
            ? 'Rejected: back to draft; its WordPress draft was moved to the WordPress trash'
            : 'Rejected: back to draft',
        );
      },
      link: async (id) => {
        await this.deps.links.dismiss(id);
        return done('dismissed', 'Link proposal dismissed');
      },
      refresh: async (id) => {
        await this.refreshes().dismiss(id);
        return done('dismissed', 'Refresh proposal dismissed');
      },
    });
  }

  /** Hold: a delayed article stops its countdown and waits as held (no release time). */
  async hold(items: readonly ReviewItemRef[]): Promise<ReviewDecisionResult> {
    return this.decide(items, {
      article: async (row) => {
        if (row.reviewReason === 'held') return done('held', 'Already held: it waits for your decision');
        if (row.reviewReason !== 'delayed')
          return refused('Only an article waiting out a delay can be held; this one waits for your decision already.');
        await this.deps.marks.markWaiting(row.id, 'held', { releaseAt: null });
        return done('held', 'Held: it no longer publishes by itself');
      },
      link: async () => refused('A link proposal waits for your decision already: approve or reject it.'),
      refresh: async () => refused('A refresh proposal waits for your decision already: approve or reject it.'),
    });
  }

  private refreshes(): NonNullable<ReviewDependencies['refreshes']> {
    if (!this.deps.refreshes) throw notFound('Refresh proposal not found');
    return this.deps.refreshes;
  }

  /** Runs the decision item by item (in order); each answers for itself. */
  private async decide(
    items: readonly ReviewItemRef[],
    handlers: {
      article: (row: WaitingArticleRow) => Promise<Outcome>;
      link: (id: number) => Promise<Outcome>;
      refresh: (id: number) => Promise<Outcome>;
    },
  ): Promise<ReviewDecisionResult> {
    const results: ReviewItemResult[] = [];
    const seen = new Set<string>();
    for (const item of items) {
      const key = `${item.kind}:${item.id}`;
      if (seen.has(key)) continue; // the same item named twice is decided once
      seen.add(key);
      let outcome: Outcome;
      try {
        if (item.kind === 'article') {
          const row = await this.deps.repo.find(item.id);
          outcome =
            row === null
              ? { ok: false, outcome: 'not_waiting', message: 'Article not found' }
              : row.reviewReason === null
                ? { ok: false, outcome: 'not_waiting', message: 'This article no longer waits for review' }
                : await handlers.article(row);
        } else if (item.kind === 'refresh') {
          outcome = await handlers.refresh(item.id);
        } else {
          outcome = await handlers.link(item.id);
        }
      } catch (error) {
        outcome = failure(error);
      }
      results.push({ kind: item.kind, id: item.id, wordpress_permalink: null, ...outcome });
    }
    const ok = results.filter((result) => result.ok).length;
    return { results, done: ok, failed: results.length - ok };
  }
}

interface Outcome {
  ok: boolean;
  outcome: ReviewOutcome;
  message: string;
  wordpress_permalink?: string | null;
}

const done = (outcome: ReviewOutcome, message: string, permalink: string | null = null): Outcome => ({
  ok: true,
  outcome,
  message,
  wordpress_permalink: permalink,
});
const refused = (message: string): Outcome => ({ ok: false, outcome: 'refused', message });

/** Why one item's decision failed: a refusal (the request or the item's state) or a failure (WordPress, the server). */
function failure(error: unknown): Outcome {
  const status = error instanceof AppError ? error.status : error instanceof DomainError ? httpStatusOf(error) : 500;
  if (status === 404) return { ok: false, outcome: 'not_waiting', message: messageOf(error) };
  if (status < 500 && (error instanceof AppError || error instanceof QualityGateBlockedError || status === 409))
    return { ok: false, outcome: 'refused', message: messageOf(error) };
  // WordPress refused or was unreachable (424), or something else broke: said, never thrown.
  return {
    ok: false,
    outcome: 'failed',
    message: status >= 500 ? 'The decision failed on the server' : messageOf(error),
  };
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

function filtersOf(query: ReviewListQuery): {
  articleFilter: WaitingArticleFilter | null;
  linkFilter: WaitingProposalFilter | null;
  refreshFilter: { siteId?: number } | null;
} {
  const reason = query.reason;
  const siteId = query.site_id;
  const refreshFilter = siteId === undefined ? {} : { siteId };
  if (reason === undefined) return { articleFilter: { siteId }, linkFilter: { siteId }, refreshFilter };
  if (isArticleReason(reason)) return { articleFilter: { siteId, reason }, linkFilter: null, refreshFilter: null };
  // Refresh proposals (issue #36): listed by the refresh module through its port.
  if (reason === 'refresh') return { articleFilter: null, linkFilter: null, refreshFilter };
  return { articleFilter: null, linkFilter: { siteId, kind: reason }, refreshFilter: null };
}

function refreshItem(proposal: RefreshProposal): ReviewItem {
  return {
    kind: 'refresh',
    id: proposal.id,
    site_id: proposal.site_id,
    site_name: proposal.site_name,
    title: `Refresh of “${proposal.post_title}”`,
    reason: 'refresh',
    reason_label: REVIEW_REASON_LABELS.refresh,
    since: proposal.created_at,
    release_at: null,
    article_status: null,
    wordpress_post_id: proposal.wp_id,
    wordpress_permalink: proposal.post_link || null,
    quality_report: null,
    duplicates: [],
    links: [],
    usage: null,
    article_id: null,
    link_proposal: null,
    refresh_proposal: proposal,
  };
}

function articleItem(row: WaitingArticleRow, usage: UsageTotals | null): ReviewItem {
  const parsed = qualityReportSchema.safeParse(row.qualityReport);
  const report = parsed.success ? parsed.data : null;
  const reason = row.reviewReason ?? 'held';
  return {
    kind: 'article',
    id: row.id,
    site_id: row.siteId,
    site_name: row.siteName || null,
    title: row.title,
    reason,
    reason_label: REVIEW_REASON_LABELS[reason],
    since: (row.reviewSince ?? new Date(0)).toISOString(),
    release_at: row.releaseAt?.toISOString() ?? null,
    article_status: row.status,
    wordpress_post_id: row.wordpressPostId,
    wordpress_permalink: row.wordpressPermalink,
    quality_report: report,
    duplicates: report
      ? [...report.issues, ...report.warnings].flatMap((finding) =>
          finding.existing_post
            ? [
                {
                  rule: finding.rule,
                  message: finding.message,
                  title: finding.existing_post.title,
                  link: finding.existing_post.link,
                  site_name: finding.existing_post.site_name,
                },
              ]
            : [],
        )
      : [],
    links: linksOf(row.content),
    usage,
    article_id: row.id,
    link_proposal: null,
    refresh_proposal: null,
  };
}

function linkItem(link: WaitingProposal, siteName: string | null): ReviewItem {
  const reason = link.article_id === null ? 'link_report' : 'backlink';
  const targetTitle = link.article_id === null ? link.target_title : (link.article_title ?? 'the article');
  return {
    kind: 'link',
    id: link.id,
    site_id: link.site_id,
    site_name: siteName,
    title: `Link from “${link.source_title}” to “${targetTitle}”`,
    reason,
    reason_label: REVIEW_REASON_LABELS[reason],
    since: link.created_at,
    release_at: null,
    article_status: null,
    wordpress_post_id: null,
    wordpress_permalink: null,
    quality_report: null,
    duplicates: [],
    links: [],
    usage: null,
    article_id: link.article_id,
    link_proposal: {
      source_title: link.source_title,
      source_link: link.source_link,
      target_title: targetTitle,
      target_link: link.article_id === null ? link.target_link : null,
      anchor: link.anchor,
      paragraph_text: link.paragraph_text,
    },
    refresh_proposal: null,
  };
}

/** The links the article's body carries (what linking into the site placed, and its sources). */
function linksOf(html: string): ReviewItem['links'] {
  if (!html.includes('<a')) return [];
  const anchors = findElements(parseHtml(html), (el) => el.name === 'a' && typeof el.attribs.href === 'string');
  return anchors.slice(0, MAX_LINKS).map((el) => ({
    href: el.attribs.href ?? '',
    text: htmlToText(renderHtml(el.children)).trim(),
  }));
}
