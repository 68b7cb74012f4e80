import { randomUUID } from 'node:crypto';
import type { ArticleProducer } from '../article-pipeline/article-producer.js';
import type { CoveredTopics, CoveringPost } from './covered-topics.js';
import { coveredKey } from './covered-topics.js';
import type { DueConfig, SchedulerRepository, SlotRow } from './scheduler.repository.js';
import { nextSlotAfter, pickTopic, startOfOperatorDay } from '../posting-policy/index.js';
import { classifyThrown, mayRetry } from '../article-pipeline/failure-classifier.js';

/** Slots claimed per tick; more due configurations wait for the next minute. */
const TICK_BATCH = 100;
/** A slot runner holds its slot this long, renewed while it works; a dead runner frees it after. */
export const SLOT_LEASE_MS = 10 * 60_000;
const LEASE_RENEW_MS = 2 * 60_000;
/** A slot left unfinished and untouched this long has lost its job: the tick sends it again. */
const STRANDED_AFTER_MS = 15 * 60_000;
/** Runs of one slot before a retryable failure is recorded as final (then the next slot tries anew). */
export const MAX_SLOT_ATTEMPTS = 3;

export interface SchedulerOptions {
  repo: SchedulerRepository;
  /** The article pipeline's one producer: writes, stores and publishes the slot's article. */
  producer: Pick<ArticleProducer, 'produce'>;
  /** Hands a claimed slot to a worker (the post-slot job); tests run it directly instead. */
  dispatch: (slot: SlotRow) => Promise<void>;
  timeZone: string;
  now?: () => Date;
  random?: () => number;
  /** Generation of scheduled articles includes the featured image (title card) by default. */
  includeImages?: boolean;
  log?: { warn(obj: object, msg: string): void };
  /** The post of the site that already covers a topic (its content inventory), or null: such topics are passed over. */
  coveredOnSite?: (siteId: number, topic: string) => Promise<CoveringPost | null>;
}

export type SlotRunResult =
  | { status: 'busy' }
  | { status: 'skipped'; reason: string }
  | { status: 'posted'; articleId: number }
  | { status: 'failed'; articleId: number | null; error: string };

/**
 * The posting scheduler. A tick (every minute, from any number of workers) claims each due slot
 * with a compare-and-set on next_post_at, which is what makes a slot run exactly once, and hands
 * it to a job. The slot job generates the article, records its id on the slot, then publishes it
 * through the idempotent publish, so a crash at any point finishes with one article and one post.
 */
export class SchedulerService {
  private readonly now: () => Date;
  private readonly random: () => number;

  constructor(private readonly options: SchedulerOptions) {
    this.now = options.now ?? (() => new Date());
    this.random = options.random ?? Math.random;
  }

  /** Claims every due slot (one per configuration: no catch-up burst after downtime) and dispatches it. */
  async tick(): Promise<{ claimed: SlotRow[]; redispatched: number }> {
    const { repo } = this.options;
    const now = this.now();
    const due = await repo.findDue(now, startOfOperatorDay(now, this.options.timeZone), TICK_BATCH);
    const claimed: SlotRow[] = [];
    for (const config of due) {
      // The interval runs from now, not from the missed slot: one post, then the normal rhythm.
      const covered = await this.coveredTopics(config);
      const slot = await repo.claimSlot(config, nextSlotAfter(now, config.intervalMin, config.intervalMax, this.random), now, covered);
      if (!slot) continue; // another worker took it
      claimed.push(slot);
      if (slot.outcome === 'pending') await this.safeDispatch(slot); // skipped: every topic is already on the site
    }
    const stranded = await repo.findStranded(now, new Date(now.getTime() - STRANDED_AFTER_MS), TICK_BATCH);
    for (const slot of stranded) await this.safeDispatch(slot);
    return { claimed, redispatched: stranded.length };
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

  /** The post-slot job: generate (unless this slot already has its article), then publish. */
  async runSlot(slotId: number): Promise<SlotRunResult> {
    const { repo } = this.options;
    const token = randomUUID();
    const slot = await repo.acquireLease(slotId, token, this.now(), SLOT_LEASE_MS);
    if (!slot) return { status: 'busy' }; // finished, or another runner holds it
    const heartbeat = setInterval(() => {
      void repo.renewLease(slotId, token, new Date(this.now().getTime() + SLOT_LEASE_MS)).catch(() => undefined);
    }, LEASE_RENEW_MS);
    heartbeat.unref();
    let articleId = slot.articleId;
    try {
      const stopped = await this.stoppedReason(slot);
      if (stopped) {
        await repo.setOutcome(slotId, token, this.now(), { outcome: 'skipped', error: stopped });
        return { status: 'skipped', reason: stopped };
      }
      const context = (await repo.slotContext(slot.configId))!;
      if (articleId === null) await repo.setOutcome(slotId, token, this.now(), { outcome: 'generating' });
      let stoppedMeanwhile: string | null = null;
      const outcome = await this.options.producer.produce(
        {
          siteId: slot.siteId,
          topic: slot.topic,
          taskType: context.taskType,
          persona: context.persona,
          wordCount: context.wordCount,
          includeImages: this.options.includeImages ?? true,
          origin: 'schedule',
          originKey: `schedule-slot:${slot.id}`,
        },
        // Nobody is watching a scheduled post: a quality-gate objection fails the slot (the report stays on the article).
        { publish: true, status: context.postStatus, onQualityGate: 'refuse', siteId: slot.siteId },
        {
          existingArticleId: articleId,
          afterStore: async (storedId, generated) => {
            articleId = storedId;
            // Recorded before publishing: a retry publishes this article instead of writing another.
            if (generated) await repo.setOutcome(slotId, token, this.now(), { outcome: 'publishing', articleId: storedId });
            // Switched off while the article was being written: keep the article, post nothing.
            stoppedMeanwhile = await this.stoppedReason(slot);
            return stoppedMeanwhile ? 'stop' : 'continue';
          },
        },
      );
      if (outcome.stage === 'generation') {
        if (!outcome.generated) throw outcome.error;
        const error = `Generation failed: ${outcome.generated.error ?? 'unknown error'}`;
        await repo.setOutcome(slotId, token, this.now(), { outcome: 'failed', articleId: outcome.generated.articleId, error });
        return { status: 'failed', articleId: outcome.generated.articleId, error };
      }
      if (outcome.stage === 'publish') throw outcome.error;
      if (outcome.stage === 'stored') {
        const reason = stoppedMeanwhile ?? 'Not published';
        await repo.setOutcome(slotId, token, this.now(), { outcome: 'skipped', error: reason });
        return { status: 'skipped', reason };
      }
      const postedAt = this.now();
      await repo.setOutcome(slotId, token, postedAt, { outcome: 'posted', error: null });
      await repo.markPosted(slot.configId, postedAt);
      return { status: 'posted', articleId: outcome.articleId };
    } catch (error) {
      if (mayRetry(classifyThrown(error)) && slot.attempts < MAX_SLOT_ATTEMPTS) {
        // Let the job be retried (same slot, same article); the lease is freed for it.
        await repo.releaseLease(slotId, token, this.now());
        throw error;
      }
      const message = failureMessage(error);
      // The article keeps its status (a draft, offered for publishing again); the slot says why.
      await repo.setOutcome(slotId, token, this.now(), { outcome: 'failed', error: message, ...(articleId !== null ? { articleId } : {}) });
      return { status: 'failed', articleId, error: message };
    } finally {
      clearInterval(heartbeat);
    }
  }

  private async stoppedReason(slot: SlotRow): Promise<string | null> {
    const context = await this.options.repo.slotContext(slot.configId);
    if (!context) return 'The configuration was deleted';
    if (!context.configActive) return 'The configuration is inactive';
    if (!context.siteActive) return 'The site is inactive';
    return null;
  }

  private async safeDispatch(slot: SlotRow): Promise<void> {
    try {
      await this.options.dispatch(slot);
    } catch (error) {
      // The slot row stays unfinished: a later tick finds it stranded and sends it again.
      this.options.log?.warn({ err: error, slotId: slot.id }, 'could not queue a scheduled post');
    }
  }
}

/** The text stored in the scheduler log. */
function failureMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message.slice(0, 2000);
  return 'Unknown error';
}
