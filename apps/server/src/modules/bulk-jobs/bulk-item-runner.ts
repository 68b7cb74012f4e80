import type { TaskType } from '@abp/contracts';
import { OneAtATime } from '../../lib/one-at-a-time.js';
import { classifyThrown, INTERNAL_FAILURE_MESSAGE, type FailureDecision } from '../article-pipeline/failure-classifier.js';
import type { BulkItemJobData, BulkItemQueue } from './bulk-item-queue.js';
import type { BulkItemsRepository, ClaimedItem, ClaimedJob, ItemOutcome } from './bulk-items.repository.js';
import type { BulkArticles, BulkGeneration, BulkProducer } from './bulk-ports.js';
import { RunStopped, type BulkRuns } from './bulk-runs.js';

export const ITEM_LEASE_MS = 60_000;
// Runs an item may take: passing failures (timeouts, WordPress 5xx) and waits (rate limits, a busy article).
const MAX_TRANSIENT_RUNS = 5;
const MAX_WAITING_RUNS = 40;
const BUSY_WAIT_S = 20;
export const RATE_LIMITED_STAGE = "Waiting for the model's rate limit";

export interface RunnerLogger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

type RunEnd = { type: 'finish'; outcome: ItemOutcome } | { type: 'later'; at: Date; stage?: string };

/** Retryable failures wait a little longer each time, with jitter so a job's items spread out. */
function backoffSeconds(runs: number): number {
  return Math.min(300, 5 * 2 ** Math.max(0, runs - 1)) * (0.75 + Math.random() * 0.5);
}

/**
 * Runs one item exactly once to completion: generate (unless the item already has its article),
 * record the article, publish it, finish the item with the counters. A queue entry for an item
 * that is not pending (done, running elsewhere, its job stopped) does nothing.
 */
export class BulkItemRunner {
  private readonly localTurns = new OneAtATime();

  constructor(
    private readonly items: BulkItemsRepository,
    private readonly runs: BulkRuns,
    private readonly generation: BulkGeneration,
    private readonly producer: BulkProducer,
    private readonly articles: BulkArticles,
    private readonly log: RunnerLogger,
    private readonly queue: Pick<BulkItemQueue, 'keepBusyWorkersFetching'>,
  ) {}

  async run(data: BulkItemJobData, queueSignal?: AbortSignal): Promise<void> {
    // Items written on this thread run one at a time: side by side they finish no sooner and
    // only hold the event loop longer (see lib/one-at-a-time.ts). A model keeps the concurrency.
    const release = (await this.generation.writesOnThisThread?.()) ? await this.localTurns.take() : undefined;
    try {
      // Stopped while waiting for the turn: the entry fails and pg-boss offers it again later.
      if (queueSignal?.aborted) throw new RunStopped('process_stopping');
      await this.runOnce(data, queueSignal);
    } finally {
      release?.();
      this.queue.keepBusyWorkersFetching();
    }
  }

  private async runOnce(data: BulkItemJobData, queueSignal?: AbortSignal): Promise<void> {
    const token = this.runs.newToken();
    const claimed = await this.items.claim(data.itemId, token, ITEM_LEASE_MS);
    if (!claimed) return;
    const signal = this.runs.add(token, claimed.job.id);
    const stopForQueue = () => this.runs.stopRun(token);
    queueSignal?.addEventListener('abort', stopForQueue, { once: true });
    try {
      const end = await this.execute(claimed.item, claimed.job, token, signal).catch((error: unknown) => this.onError(error, claimed.item, signal));
      if (end.type === 'finish') await this.items.finish(claimed.item.id, token, end.outcome);
      else await this.items.release(claimed.item.id, claimed.job.id, token, end.at, end.stage);
    } catch (error) {
      // Could not even record the end (database gone): the lease lapses and a recovery re-runs the item.
      this.log.error({ err: error, itemId: claimed.item.id }, 'bulk item could not be finished');
      throw error;
    } finally {
      queueSignal?.removeEventListener('abort', stopForQueue);
      this.runs.remove(token);
    }
  }

  private async execute(item: ClaimedItem, job: ClaimedJob, token: string, signal: AbortSignal): Promise<RunEnd> {
    if (job.siteId === null) return fail('The site of this job was deleted');
    const { options } = job;
    let takenOver = false;
    const outcome = await this.producer.produce(
      {
        siteId: job.siteId,
        topic: item.topic,
        taskType: job.taskType as TaskType,
        persona: options.persona,
        wordCount: options.wordCount,
        includeImages: options.includeImages,
        ...(options.categoryIds?.length || options.authorId ? { wordpress: { categoryIds: options.categoryIds ?? [], authorId: options.authorId ?? null } } : {}),
        origin: 'bulk',
        originKey: `bulk-item:${item.id}`,
        signal,
      },
      // As the spec's bulk publish does: a quality-gate objection is overridden; the report stays on the article.
      { publish: options.postToWordPress, onQualityGate: 'publish-anyway', ...(options.publishStatus === 'publish' ? { status: 'published' } : {}) },
      {
        existingArticleId: await this.usableArticle(item),
        afterStore: async (articleId, generated) => {
          if (!generated) return 'continue'; // an earlier run's article, already recorded on the item
          // Nothing to publish and still running: the article is recorded with the outcome, in the same statement.
          if (!options.postToWordPress && !signal.aborted) return 'continue';
          // Recorded before publishing (or before going with a stopped run), so that a later run does not write it again.
          if (!(await this.items.recordArticle(item.id, token, articleId, refusalOf(generated)))) {
            takenOver = true;
            return 'stop';
          }
          // Stopped while writing: the finished draft stays in Articles, but it is not published.
          return signal.aborted ? 'stop' : 'continue';
        },
      },
    );
    switch (outcome.stage) {
      case 'generation': {
        const failed = outcome.generated;
        if (!failed) return this.onError(outcome.error, item, signal);
        // A generation cut short is no article: it goes with the run.
        if (signal.aborted) {
          await this.articles.delete(failed.articleId).catch(() => undefined);
          return this.stopped(signal);
        }
        if (outcome.decision.kind !== 'permanent' && this.mayWait(outcome.decision, item.runs)) {
          // Only this attempt failed: its stored failure is dropped, the next attempt stores its own.
          await this.articles.delete(failed.articleId).catch(() => undefined);
          return this.later(outcome.decision, item.runs);
        }
        return { type: 'finish', outcome: { status: 'failed', error: outcome.decision.message, article: { articleId: failed.articleId, ...refusalOf(failed) } } };
      }
      case 'stored':
        if (takenOver) return fail('The item was taken over by another run');
        if (outcome.stopped) return this.stopped(signal);
        return { type: 'finish', outcome: { status: 'succeeded', ...(outcome.generated ? { article: { articleId: outcome.articleId, ...refusalOf(outcome.generated) } } : {}) } };
      case 'published':
        return { type: 'finish', outcome: { status: 'succeeded', wordpressPostId: outcome.post.wordpress_post_id, wordpressLink: outcome.post.wordpress_permalink } };
      case 'publish':
        return this.onError(outcome.error, item, signal);
    }
  }

  /** The article a previous run stored for this item, unless it failed or was deleted since. */
  private async usableArticle(item: ClaimedItem): Promise<number | null> {
    if (item.articleId === null) return null;
    const status = await this.items.articleStatus(item.articleId);
    return status === null || status === 'failed' ? null : item.articleId;
  }

  private onError(error: unknown, item: ClaimedItem, signal: AbortSignal): RunEnd {
    if (signal.aborted) return this.stopped(signal);
    const decision = classifyThrown(error);
    if (decision.message === INTERNAL_FAILURE_MESSAGE) this.log.error({ err: error, itemId: item.id }, 'bulk item failed unexpectedly');
    if (decision.kind !== 'permanent' && this.mayWait(decision, item.runs)) return this.later(decision, item.runs);
    return fail(decision.message);
  }

  private mayWait(decision: FailureDecision, runs: number): boolean {
    return decision.kind === 'transient' ? runs < MAX_TRANSIENT_RUNS : runs < MAX_WAITING_RUNS;
  }

  private later(decision: FailureDecision, runs: number): RunEnd {
    const seconds = decision.kind === 'rate_limited' ? decision.waitSeconds : decision.kind === 'busy' ? BUSY_WAIT_S : backoffSeconds(runs);
    return { type: 'later', at: new Date(Date.now() + seconds * 1000), ...(decision.kind === 'rate_limited' ? { stage: RATE_LIMITED_STAGE } : {}) };
  }

  private stopped(signal: AbortSignal): RunEnd {
    const reason: unknown = signal.reason;
    // A stopping process hands the item over at once; a stopped job keeps it as cancelled.
    if (reason instanceof RunStopped && reason.reason === 'process_stopping') return { type: 'later', at: new Date() };
    return { type: 'finish', outcome: { status: 'cancelled' } };
  }
}

function fail(message: string): RunEnd {
  return { type: 'finish', outcome: { status: 'failed', error: message } };
}

function refusalOf(generated: { attempts: number; refusal_recovered: boolean; refusal_matches: string[] }) {
  return { attempts: generated.attempts, refusal_recovered: generated.refusal_recovered, refusal_matches: generated.refusal_matches };
}
