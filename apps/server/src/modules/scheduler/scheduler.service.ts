import type { Tx } from '../../db/client.js';
import type { ArticlePipeline } from '../article-pipeline/article-pipeline.module.js';
import type { ProductionQueuePort } from '../article-pipeline/production-runner.js';
import { nextSlotAfter, pickTopic, startOfOperatorDay } from '../posting-policy/index.js';
import type { CoveredTopics, CoveringPost } from './covered-topics.js';
import { coveredKey } from './covered-topics.js';
import type { DueConfig, SchedulerRepository, SlotContext, SlotRow } from './scheduler.repository.js';

/** Slots claimed per tick; more due configurations wait for the next minute. */
const TICK_BATCH = 100;

export interface SchedulerOptions {
  repo: SchedulerRepository;
  /** The article pipeline: a claimed slot's article is one of its units, queued with the claim. */
  pipeline: Pick<ArticlePipeline, 'enqueue'> & { queue: Pick<ProductionQueuePort, 'prepare'> };
  timeZone: string;
  now?: () => Date;
  random?: () => number;
  /** Generation of scheduled articles includes the featured image (title card) by default. */
  includeImages?: boolean;
  /** The post of the site that already covers a topic (its content inventory), or null: such topics are passed over. */
  coveredOnSite?: (siteId: number, topic: string) => Promise<CoveringPost | null>;
  /** A reached monthly budget's reason (issue #16): the site's slots are not claimed, its schedule waits. */
  budgetBlock?: (siteId: number) => Promise<string | null>;
}

/** The origin key of a slot's article: its unit in the pipeline. */
export const slotOriginKey = (slotId: number): string => `schedule-slot:${slotId}`;

/**
 * The posting scheduler. A tick (every minute, from any number of workers) claims each due slot
 * with a compare-and-set on next_post_at, which is what makes a slot happen exactly once, and in
 * the same transaction queues its article as a unit of the article pipeline (which writes, stores
 * and publishes it exactly once, see article-pipeline/). The slot hears how it went through
 * SlotConsumer (slot-consumer.ts).
 */
export class SchedulerService {
  private readonly now: () => Date;
  private readonly random: () => number;

  constructor(private readonly options: SchedulerOptions) {
    this.now = options.now ?? (() => new Date());
    this.random = options.random ?? Math.random;
  }

  /** Claims every due slot (one per configuration: no catch-up burst after downtime) and dispatches it. */
  async tick(): Promise<{ claimed: SlotRow[] }> {
    const { repo } = this.options;
    const now = this.now();
    const due = await repo.findDue(now, startOfOperatorDay(now, this.options.timeZone), TICK_BATCH);
    const claimed: SlotRow[] = [];
    if (due.length > 0) await this.options.pipeline.queue.prepare();
    for (const config of due) {
      // A paused schedule keeps its slot due: it posts once the budget allows, then keeps its rhythm.
      if (await this.options.budgetBlock?.(config.siteId)) continue;
      // The interval runs from now, not from the missed slot: one post, then the normal rhythm.
      const covered = await this.coveredTopics(config);
      const next = nextSlotAfter(now, config.intervalMin, config.intervalMax, this.random);
      const slot = await repo.claimSlot(config, next, now, covered, (tx, claimedSlot, context) =>
        this.queueArticle(tx, claimedSlot, context),
      );
      if (slot) claimed.push(slot); // null: another worker took it
    }
    return { claimed };
  }

  /** The slot's article as a unit of the pipeline: nobody watches a scheduled post, so a quality-gate objection fails it (the report stays on the article). */
  private async queueArticle(tx: Tx, slot: SlotRow, context: SlotContext): Promise<void> {
    await this.options.pipeline.enqueue(tx, {
      originKey: slotOriginKey(slot.id),
      brief: {
        siteId: slot.siteId,
        topic: slot.topic,
        taskType: context.taskType,
        persona: context.persona,
        wordCount: context.wordCount,
        includeImages: this.options.includeImages ?? true,
        origin: 'schedule',
        // The configuration's own model providers, when it chose some (issue #16).
        ...(context.providers ? { providers: context.providers } : {}),
      },
      policy: { publish: true, status: context.postStatus, onQualityGate: 'refuse', siteId: slot.siteId },
    });
  }

  /**
   * The topics, in rotation order, that the site already has a post on, up to the first it has not
   * (only those can be passed over: a long topic list costs one lookup per slot, not one per topic).
   * An unanswered lookup counts as not covered.
   */
  private async coveredTopics(config: DueConfig): Promise<CoveredTopics> {
    const covered = new Map<string, CoveringPost>();
    const lookup = this.options.coveredOnSite;
    if (!lookup) return covered;
    let used = config.usedTopics;
    for (let i = 0; i < config.topics.length; i++) {
      const next = pickTopic(config.topics, used);
      used = next.used;
      const post = await lookup(config.siteId, next.topic).catch(() => null);
      if (!post) break;
      covered.set(coveredKey(next.topic), post);
    }
    return covered;
  }
}
