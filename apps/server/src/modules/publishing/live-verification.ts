import type { LiveCheck } from '@abp/contracts';
import { DELETED_POST_STATUS } from '../../db/schema/index.js';
import { conflict, notFound } from '../../errors.js';
import { isWordPressError, type WordPressClient, type WpPost } from '../../integrations/wordpress/index.js';
import type { JobDefinition, JobQueue } from '../../jobs/queue.js';
import type { LiveCheckRecords } from '../articles/article-store.js';
import { type LiveVerdict, publicPageProblem, readBackProblem, unpublishedVerdict } from './live-check.js';
import type { LiveCheckArticleRow, LiveCheckRepository } from './publishing.repository.js';
import type { SiteConnections } from './site-connections.js';

/** A published post is checked a moment after its publish; a scheduled one this long after its time. */
const CHECK_DELAY_MS = 5_000;
const AFTER_SCHEDULE_MS = 2 * 60_000;
/** A 'future' post this long past its time was missed by WP-Cron: we publish it ourselves. */
const MISSED_SCHEDULE_GRACE_MS = 60_000;
/** After a content sync, WordPress is asked about at most this many posts missing from it. */
const ABSENT_LOOKUPS = 100;

/** WordPress' "2026-11-23T10:00:00" (GMT, no zone). */
function gmt(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(/[zZ]$|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * Proves that a published post is live: read back from WordPress (status, our content, featured
 * image) and, for a public post, its permalink fetched as a visitor (a 200 page showing the
 * title, not a login or maintenance page). Runs as a job after every publish and on demand
 * ("Check again"); a scheduled post is checked after its time, and one WordPress left in
 * 'future' past it (WP-Cron did not run) is published from here, saying so.
 */
export class LiveVerification {
  constructor(
    private readonly repo: LiveCheckRepository,
    /** The verdict is stored by the articles module. */
    private readonly store: LiveCheckRecords,
    private readonly sites: Pick<SiteConnections, 'getClientForSite'>,
    private readonly queue: Pick<JobQueue, 'send'>,
    /** Told when a check finds the post live (backlink proposals start there). A failure there never fails the check. */
    private readonly onLive: ((articleId: number) => Promise<void>) | null = null,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Called by publishing once WordPress has the post: records what is known now and queues the check. */
  async afterPublish(articleId: number, post: WpPost): Promise<void> {
    const due = post.status === 'future' ? gmt(post.date_gmt) : null;
    if (post.status !== 'publish') await this.store.recordLiveCheck(articleId, unpublishedVerdict(post.status));
    if (post.status !== 'publish' && post.status !== 'future') return; // a draft: nothing to prove yet
    const startAfter = new Date((due?.getTime() ?? this.now().getTime()) + (due ? AFTER_SCHEDULE_MS : CHECK_DELAY_MS));
    await this.queue.send('liveCheck', { articleId }, { startAfter });
  }

  /** Checks the article's post now and stores the verdict. */
  async check(articleId: number): Promise<LiveCheck> {
    const article = await this.repo.findForLiveCheck(articleId);
    if (!article) throw notFound('Article not found');
    if (article.siteId === null || article.wordpressPostId === null)
      throw conflict('This article has no WordPress post to check: publish it first.');
    const { verdict, permalink, wordpressStatus } = await this.verify(article, article.siteId, article.wordpressPostId);
    await this.store.recordLiveCheck(articleId, verdict, permalink, wordpressStatus);
    if (verdict.state === 'live') await this.onLive?.(articleId).catch(() => undefined);
    return { state: verdict.state, reason: verdict.reason, checked_at: this.now().toISOString() };
  }

  /**
   * After a content sync of the site: posts it no longer has public are flagged not live; the
   * posts it does not have at all are asked of WordPress one by one (a sync that stopped at a cap
   * did not read them all), and those trashed or deleted there say so in their WordPress state.
   * An article the app sent to WordPress after the sync began is newer than what the sync read:
   * the next sync judges it.
   */
  async afterInventorySync(siteId: number, syncStartedAt: Date): Promise<void> {
    await this.store.flagVanishedPosts(siteId, syncStartedAt);
    const absent = await this.repo.absentPosts(siteId, ABSENT_LOOKUPS);
    if (absent.length === 0) return;
    const client = await this.sites.getClientForSite(siteId).catch(() => null);
    if (!client) return; // the sync itself just reached the site; the next one asks again
    for (const { id, postId } of absent) {
      try {
        const post = await client.posts.get(postId);
        if (post.status === 'trash')
          await this.store.recordPostGone(
            id,
            'trash',
            'the post is in the WordPress trash (found by the content sync)',
          );
      } catch (error) {
        if (isWordPressError(error) && error.kind === 'not_found')
          await this.store.recordPostGone(
            id,
            'deleted',
            'the post was deleted on WordPress (found by the content sync)',
          );
        // Any other answer proves nothing: the next sync asks again.
        else return;
      }
    }
  }

  private async verify(
    article: LiveCheckArticleRow,
    siteId: number,
    postId: number,
  ): Promise<{ verdict: LiveVerdict; permalink?: string; wordpressStatus?: string }> {
    let client: WordPressClient;
    let post: WpPost;
    try {
      client = await this.sites.getClientForSite(siteId);
      post = await client.posts.get(postId);
    } catch (error) {
      if (isWordPressError(error) && error.kind === 'not_found')
        return {
          verdict: { state: 'not_live', reason: 'the post was deleted on WordPress' },
          wordpressStatus: DELETED_POST_STATUS,
        };
      return {
        verdict: {
          state: 'not_live',
          reason: `WordPress could not be asked: ${error instanceof Error ? error.message : String(error)}`,
        },
      };
    }
    let missed: string | null = null;
    const due = gmt(post.date_gmt);
    if (post.status === 'future' && due && due.getTime() < this.now().getTime() - MISSED_SCHEDULE_GRACE_MS) {
      // WP-Cron never ran the scheduled publish (a site without visitors, or cron switched off).
      try {
        post = await client.posts.update(postId, { status: 'publish' });
      } catch (error) {
        return {
          verdict: {
            state: 'not_live',
            reason: `WordPress missed the scheduled time (${due.toISOString()}) and publishing it failed: ${error instanceof Error ? error.message : String(error)}`,
          },
        };
      }
      missed = `WordPress missed the scheduled time (${due.toISOString()}); Automated Blog Poster published the post at ${this.now().toISOString()}`;
    }
    if (post.status === 'trash')
      return { verdict: { state: 'not_live', reason: 'the post is in the WordPress trash' }, wordpressStatus: 'trash' };
    if (post.status !== 'publish') return { verdict: unpublishedVerdict(post.status), wordpressStatus: post.status };
    const expected = { title: article.title, marker: article.publishMarker, featuredMediaId: article.imageMediaId };
    const problem =
      readBackProblem(post, expected) ?? publicPageProblem(await client.fetchPublicPage(post.link), article.title);
    const verdict: LiveVerdict = problem
      ? { state: 'not_live', reason: missed ? `${missed}, but ${problem}` : problem }
      : { state: 'live', reason: missed };
    return { verdict, ...(post.link ? { permalink: post.link } : {}) };
  }

  job(): JobDefinition<'liveCheck'> {
    return {
      job: 'liveCheck',
      queue: { retryLimit: 2, retryDelay: 60, expireInSeconds: 10 * 60, deleteAfterSeconds: 24 * 60 * 60 },
      // An article deleted (or unpublished) since is nothing to check.
      handler: async ({ articleId }) =>
        this.check(articleId).catch((error: unknown) => ({
          skipped: error instanceof Error ? error.message : String(error),
        })),
    };
  }
}
