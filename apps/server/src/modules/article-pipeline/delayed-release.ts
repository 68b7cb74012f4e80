import { and, asc, eq, lte } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { articleProductions, articles } from '../../db/schema/index.js';
import { PublishInProgressError, QualityGateBlockedError } from '../../domain-errors.js';
import type { JobDefinition } from '../../jobs/queue.js';
import type { ReviewRecords } from '../articles/article-store.js';
import type { ProducerPorts, PublishPolicy } from './article-producer.js';

/** Delayed articles released per run of the job: the next minute takes the rest. */
const RELEASE_BATCH = 20;

export interface ReleaseLogger {
  error(obj: object, msg: string): void;
}

/** What one run of the release did (for the job's output and the tests). */
export interface ReleaseReport {
  released: number[];
  /** Could not be published: now held for the operator (or refused by the quality gate). */
  held: number[];
}

/**
 * Publishes the delayed articles whose time has come (issue #33): each through the publishing
 * service with the status its producer wanted (the policy stored on its unit of the pipeline),
 * after which it no longer waits. Retries are bounded by handing over: one attempt per article; a
 * failure is recorded on the article like any publish failure (its failure reason) and the article
 * stays in the Review inbox, now held ('quality_gate' when the gate refused it), for the operator to
 * decide; only a publish already under way elsewhere leaves it delayed for the next minute.
 */
export class DelayedRelease {
  constructor(
    private readonly db: Database,
    private readonly publishing: ProducerPorts['publishing'],
    private readonly review: ReviewRecords,
    private readonly log: ReleaseLogger,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async releaseDue(): Promise<ReleaseReport> {
    const due = await this.db
      .select({ id: articles.id, policy: articleProductions.policy })
      .from(articles)
      .leftJoin(articleProductions, eq(articleProductions.articleId, articles.id))
      .where(and(eq(articles.reviewReason, 'delayed'), lte(articles.releaseAt, this.now())))
      .orderBy(asc(articles.releaseAt), asc(articles.id))
      .limit(RELEASE_BATCH);
    const report: ReleaseReport = { released: [], held: [] };
    for (const { id, policy: stored } of due) {
      // Read as a batch, decided one by one: an article held, rejected or moved meanwhile is left alone.
      if (!(await this.review.claimRelease(id, this.now()))) continue;
      const policy = (stored ?? null) as Partial<PublishPolicy> | null;
      try {
        await this.publishing.publishArticle(id, {
          ...(policy?.status ? { status: policy.status } : {}),
          force: policy?.onQualityGate === 'publish-anyway',
          ...(typeof policy?.siteId === 'number' ? { siteId: policy.siteId } : {}),
        });
        // A draft push does not clear the marks by itself (recordPublished): the release is the decision.
        await this.review.clearWaiting(id);
        report.released.push(id);
      } catch (error) {
        if (error instanceof PublishInProgressError) {
          // Published elsewhere right now: due again, for the next minute.
          await this.review.markWaiting(id, 'delayed', { releaseAt: this.now() });
          continue;
        }
        const reason = error instanceof QualityGateBlockedError ? 'quality_gate' : 'held';
        await this.review.markWaiting(id, reason, { releaseAt: null });
        report.held.push(id);
        this.log.error({ err: error, articleId: id }, 'a delayed article could not be released; it is held');
      }
    }
    return report;
  }

  /** Every minute, on whichever worker gets the occurrence; a failed run is not retried (the next minute is). */
  job(): JobDefinition<'releaseDelayed'> {
    return {
      job: 'releaseDelayed',
      cron: '* * * * *',
      queue: { retryLimit: 0, expireInSeconds: 10 * 60, policy: 'exclusive' },
      handler: async () => this.releaseDue(),
    };
  }
}
