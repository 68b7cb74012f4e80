import type { Tx } from '../../db/client.js';
import type { FailureDecision } from '../article-pipeline/failure-classifier.js';
import type { ProductionConsumer } from '../article-pipeline/production-runner.js';
import type { ProductionResult } from '../article-pipeline/production-unit.js';
import type { ProductionRow } from '../article-pipeline/productions.repository.js';
import { type ItemOutcome, RATE_LIMITED_STAGE } from './bulk-item-types.js';
import { itemIdOf, itemKey } from './bulk-item-unit.js';
import type { BulkItemsRepository } from './bulk-items.repository.js';

const SITE_DELETED = 'The site of this job was deleted';
const NOT_WANTED = 'The bulk job was cancelled';

/** The job a unit counts for (its context, written when the job was created). */
const jobIdOf = (unit: ProductionRow): string => String(unit.context.jobId);

/**
 * What a bulk item does around its article: the item follows the unit (running, waiting for a
 * rate limit, then succeeded / failed / cancelled) and the job's counters and final status move
 * with it, in the unit's finishing transaction. A job cancelled or cleared stops its items' runs.
 */
export class BulkItemConsumer implements ProductionConsumer {
  constructor(private readonly items: BulkItemsRepository) {}

  async begin(unit: ProductionRow): Promise<{ skip: string } | null> {
    const start = await this.items.begin(itemIdOf(unit));
    if (start.status === 'not-wanted') return { skip: NOT_WANTED };
    if (start.siteId === null) return { skip: SITE_DELETED };
    return null;
  }

  async finished(tx: Tx, unit: ProductionRow, end: ProductionResult): Promise<void> {
    await this.items.finish(tx, itemIdOf(unit), outcomeOf(end));
  }

  waiting(tx: Tx, unit: ProductionRow, at: Date, decision: FailureDecision): Promise<boolean> {
    return this.items.wait(
      tx,
      itemIdOf(unit),
      jobIdOf(unit),
      at,
      decision.kind === 'rate_limited' ? RATE_LIMITED_STAGE : undefined,
    );
  }

  async cancelled(units: readonly ProductionRow[]): Promise<string[]> {
    return (await this.items.stoppedAmong(units.map(itemIdOf))).map(itemKey);
  }
}

function outcomeOf(end: ProductionResult): ItemOutcome {
  switch (end.result) {
    case 'succeeded':
      return {
        status: 'succeeded',
        articleId: end.articleId,
        wordpressPostId: end.published?.postId ?? null,
        wordpressLink: end.published?.link ?? null,
      };
    case 'failed':
      return { status: 'failed', error: end.error, articleId: end.articleId };
    case 'skipped':
      // A cancelled item stays cancelled; any other reason (a deleted site, a reached budget) fails it,
      // so Retry Failed may take it up once the reason is gone.
      return end.reason === NOT_WANTED
        ? { status: 'cancelled', articleId: end.articleId }
        : { status: 'failed', error: end.reason, articleId: end.articleId };
    case 'cancelled':
      return { status: 'cancelled', articleId: end.articleId };
  }
}
