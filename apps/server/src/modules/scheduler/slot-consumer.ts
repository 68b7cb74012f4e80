import { PUBLISH_POLICY_TEXT, SITE_CREDENTIALS_TEXT } from '@abp/contracts';
import type { Tx } from '../../db/client.js';
import type { ProductionConsumer } from '../article-pipeline/production-runner.js';
import type { ProductionResult } from '../article-pipeline/production-unit.js';
import type { ProductionRow } from '../article-pipeline/productions.repository.js';
import type { SchedulerRepository, SlotRow } from './scheduler.repository.js';

/** The slot a unit of the pipeline belongs to (its origin key is `schedule-slot:<id>`). */
function slotIdOf(unit: ProductionRow): number {
  return Number(unit.originKey.slice('schedule-slot:'.length));
}

/**
 * What a schedule slot does around its article: the slot row follows the unit (generating,
 * publishing, then posted / failed / skipped), a configuration or site switched off meanwhile
 * stops it, and a post moves the configuration's last_post_at, in the unit's finishing transaction.
 */
export class SlotConsumer implements ProductionConsumer {
  constructor(
    private readonly repo: SchedulerRepository,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async begin(unit: ProductionRow): Promise<{ skip: string } | null> {
    const slot = await this.repo.findSlot(slotIdOf(unit));
    if (!slot) return { skip: 'The configuration was deleted' };
    const stopped = await this.stoppedReason(slot);
    if (stopped) return { skip: stopped };
    await this.repo.setOutcome(slot.id, this.now(), {
      outcome: slot.articleId === null ? 'generating' : slot.outcome,
      newAttempt: true,
    });
    return null;
  }

  async stored(unit: ProductionRow, articleId: number): Promise<{ stop: string } | null> {
    const slot = await this.repo.findSlot(slotIdOf(unit));
    if (!slot) return { stop: 'The configuration was deleted' };
    await this.repo.setOutcome(slot.id, this.now(), { outcome: 'publishing', articleId });
    // Switched off while the article was being written: keep the article, post nothing.
    const stopped = await this.stoppedReason(slot);
    return stopped ? { stop: stopped } : null;
  }

  async finished(tx: Tx, unit: ProductionRow, end: ProductionResult): Promise<void> {
    const slotId = slotIdOf(unit);
    const now = this.now();
    switch (end.result) {
      case 'succeeded': {
        // Read on the transaction: the embedded database has one connection, held by it.
        const slot = await this.repo.findSlot(slotId, tx);
        await this.repo.setOutcome(
          slotId,
          now,
          {
            outcome: 'posted',
            articleId: end.articleId,
            error: null,
            // Kept back by the publishing policy (issue #33): the slot's note says so, not "published".
            ...(end.held ? { addNote: heldNote(end.held) } : {}),
          },
          tx,
        );
        if (slot) await this.repo.markPosted(slot.configId, now, tx);
        return;
      }
      case 'failed':
        // The article keeps its status (the pipeline's rule: a draft, offered for publishing again); the slot says why.
        await this.repo.setOutcome(
          slotId,
          now,
          {
            outcome: 'failed',
            articleId: end.articleId,
            error: (end.stage === 'generation' ? `Generation failed: ${end.error}` : end.error).slice(0, 2000),
          },
          tx,
        );
        return;
      case 'skipped':
        await this.repo.setOutcome(
          slotId,
          now,
          { outcome: 'skipped', articleId: end.articleId, error: end.reason },
          tx,
        );
        return;
      case 'cancelled':
        await this.repo.setOutcome(
          slotId,
          now,
          { outcome: 'skipped', articleId: end.articleId, error: 'Cancelled' },
          tx,
        );
        return;
    }
  }

  private async stoppedReason(slot: SlotRow): Promise<string | null> {
    const context = await this.repo.slotContext(slot.configId);
    if (!context) return 'The configuration was deleted';
    if (!context.configActive) return 'The configuration is inactive';
    if (!context.siteActive) return 'The site is inactive';
    if (context.credentialsRejected) return SITE_CREDENTIALS_TEXT.skipped;
    return null;
  }
}

/** What a slot notes about an article the publishing policy kept back. */
export function heldNote(held: { reason: 'held' | 'delayed'; releaseAt: string | null }): string {
  return held.releaseAt ? `${PUBLISH_POLICY_TEXT.delayedLog(held.releaseAt)}.` : `${PUBLISH_POLICY_TEXT.held}.`;
}
