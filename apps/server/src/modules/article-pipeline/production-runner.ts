import type { Tx } from '../../db/client.js';
import { type Backoff, fullJitterDelayMs } from '../../lib/backoff.js';
import { OneAtATime } from '../../lib/one-at-a-time.js';
import type { ArticleRemovals } from '../articles/article-store.js';
import type { GenerateAndStoreResult } from '../generation/generation-input.js';
import type { BudgetAnswer, BudgetGate } from '../usage/budget-gate.js';
import { withUsageScope } from '../usage/usage-scope.js';
import type { ArticleProducer, ProductionOutcome } from './article-producer.js';
import { classifyThrown, type FailureDecision, INTERNAL_FAILURE_MESSAGE } from './failure-classifier.js';
import type { ProductionResult } from './production-unit.js';
import type { ProductionRow, ProductionsRepository } from './productions.repository.js';
import { usageAttribution } from './usage-attribution.js';

/**
 * Failures of a unit that may pass (timeouts, WordPress 5xx, a run cut off because its worker died)
 * before it fails for good: its runs that failed so, a cut-off one included (the unit's `failures`),
 * so pg-boss' retries of a cut-off run never multiply these. Waits do not count.
 */
export const MAX_TRANSIENT_ATTEMPTS = 3;
/** Attempts of a unit that keeps waiting (a provider's rate limit, an article being published elsewhere). */
export const MAX_WAITING_ATTEMPTS = 40;
const BUSY_WAIT_S = 20;
/**
 * The unit retry's back-off (lib/backoff.ts, full jitter): try n waits random(0, min(15 min, 20 s · 2^(n-1))),
 * on average 10 s, then 20 s: a lost answer or a WordPress hiccup is usually gone by then, and a bulk job keeps moving.
 */
const UNIT_BACKOFF: Backoff = { baseDelayMs: 20_000, maxDelayMs: 15 * 60_000 };
/** The longest a unit waits for a server's Retry-After before it asks again (a server asking for days is asked hourly). */
const MAX_RETRY_AFTER_S = 60 * 60;
/** How often running units are checked for a cancellation made in another process. */
const CANCEL_CHECK_MS = 1000;

/** Why a run's signal fired when its producer cancelled the unit (not a stopping process). */
export class ProductionCancelled extends Error {
  constructor() {
    super('The article was cancelled by its producer');
    this.name = 'ProductionCancelled';
  }
}

/** A run of the unit's queue entry: its id fences every change (see ProductionsRepository). */
export interface ProductionAttempt {
  queueJobId: string;
  /** Aborted when the process stops or pg-boss finds the entry's claim gone (it was retried elsewhere). */
  signal?: AbortSignal;
  /** A limit on writing (a request's deadline): when it fires, the generation fails like any other failure. */
  deadline?: AbortSignal;
  /** What cannot be stored with the brief (an uploaded image): used by this run only. */
  extras?: { selectedImagePng?: Buffer };
}

/** Where the pipeline's entries go: the `article.produce` job (jobs/), or a test's list. */
export interface ProductionQueuePort {
  /** Call before opening a transaction that sends (PGlite: see JobQueue.prepareForTx). */
  prepare(): Promise<void>;
  /** An entry for the unit, in the caller's transaction; returns its id. */
  send(tx: Tx, originKey: string, startAfter?: Date): Promise<string>;
  /** Entries for many units at once, in order; returns their ids. */
  sendMany(tx: Tx, originKeys: readonly string[]): Promise<string[]>;
  /** Drops entries that have not run yet (running ones end as no-ops: their unit is finished). */
  remove(tx: Tx, queueJobIds: readonly string[]): Promise<void>;
  /** After entries were committed: idle workers of this process start at once, not at their next poll. */
  wake(): void;
  /** As a run ends: busy workers fetch again at once, so no worker idles while units wait. */
  keepFetching(): void;
}

/**
 * What a producer does around its units: its own rows, counters and logs. The pipeline owns the
 * article; the producer only hears about it.
 */
export interface ProductionConsumer {
  /** Before any work: null to go on, or why the unit is not wanted any more (switched off, deleted). */
  begin?(unit: ProductionRow): Promise<{ skip: string } | null>;
  /** The article is stored, before it is published: null to go on, or why it stays unpublished. */
  stored?(
    unit: ProductionRow,
    articleId: number,
    generated: GenerateAndStoreResult | null,
  ): Promise<{ stop: string } | null>;
  /** In the transaction that finishes the unit: the producer records the outcome with it. */
  finished(tx: Tx, unit: ProductionRow, end: ProductionResult): Promise<void>;
  /** After that transaction: follow-ups with statements of their own (logs, progress); a failure is logged, not retried. */
  afterFinish?(unit: ProductionRow, end: ProductionResult): Promise<void>;
  /**
   * In the transaction that hands the unit to a later entry (a rate limit, another try): the
   * producer records the wait, or answers false when the unit is not wanted any more (its job was
   * cancelled meanwhile), and the unit is finished as cancelled instead.
   */
  waiting?(tx: Tx, unit: ProductionRow, at: Date, decision: FailureDecision): Promise<boolean>;
  /**
   * Of these running units, the origin keys of those cancelled since (asked about once a second
   * while they run, so a cancellation made in another process stops them too).
   */
  cancelled?(units: readonly ProductionRow[]): Promise<string[]>;
  /** False: any failure ends the unit at once (the operator is waiting for the answer and decides). */
  readonly triesAgain?: boolean;
}

export interface ProductionRunnerOptions {
  /** The articles module: a failed attempt's article goes when the unit is tried again or stopped (the next attempt stores its own). */
  articles: Pick<ArticleRemovals, 'discardFailed'>;
  /**
   * True when articles are computed on this thread (the offline writer): units then run one at a
   * time, since side by side they finish no sooner and only hold the event loop longer.
   */
  writesOnThisThread?: () => Promise<boolean>;
  /**
   * The monthly budgets (issues #16, #31): a unit that would write an article reserves its estimate
   * before it starts and releases it when it ends, however it ends. A budget its spend reached ends
   * the unit skipped with the reason; one the units under way may use up makes it wait for them
   * (a unit whose caller is waiting — triesAgain false — is skipped instead). A unit whose article
   * is stored already (a retried publish) calls no model and goes on.
   */
  budget?: Pick<BudgetGate, 'reserve'>;
}

interface Run {
  unit: ProductionRow;
  cancel: AbortController;
  /** Set by the hook after the article is stored; read once the producer is done. */
  stop: RunStop;
  outcome?: ProductionOutcome;
}

export type ProductionRunEnd =
  /** Not this entry's unit (a duplicate entry), or it is finished already. */
  | { status: 'not-owner' }
  | { status: 'later'; at: Date; decision: FailureDecision }
  /** `outcome`: what the producer said about the article in this run (for a caller that runs the unit itself). */
  | { status: 'finished'; end: ProductionResult; outcome?: ProductionOutcome };

/**
 * Where a run stands once its article is stored: going on to publish, or stopped by the hook —
 * its entry no longer owns the unit, the producer cancelled it, or the producer said why it stays
 * unpublished (switched off meanwhile).
 */
type RunStop =
  | { kind: 'running' }
  | { kind: 'taken_over' }
  | { kind: 'cancelled' }
  | { kind: 'skipped'; reason: string };

export interface ProductionLogger {
  error(obj: object, msg: string): void;
}

/**
 * The one runner of the article pipeline: claims a unit for the run of its queue entry, writes and
 * stores the article (or takes the one an earlier run stored), publishes it under the unit's
 * policy, and finishes the unit with its producer's record in one transaction. A failure that may
 * pass hands the unit to a new entry that runs later; a crash leaves it to pg-boss, whose retry of
 * the same entry (after its heartbeat stopped) carries on where the dead run was.
 */
export class ProductionRunner {
  private readonly consumers = new Map<string, ProductionConsumer>();
  private readonly runs = new Map<string, Run>();
  private readonly localTurns = new OneAtATime();
  private cancelTimer: NodeJS.Timeout | null = null;
  private checking = false;

  constructor(
    private readonly repo: ProductionsRepository,
    private readonly producer: Pick<ArticleProducer, 'produce'>,
    private readonly queue: ProductionQueuePort,
    private readonly log: ProductionLogger,
    private readonly options: ProductionRunnerOptions,
  ) {}

  /** Each producer registers once, under the origin of its units. */
  register(origin: string, consumer: ProductionConsumer): void {
    this.consumers.set(origin, consumer);
  }

  /**
   * Stops this process' runs of the units the predicate picks, at once (a producer's Cancel); runs
   * in other processes learn it from their producer's `cancelled` check within a second.
   */
  cancel(which: (unit: ProductionRow) => boolean): void {
    for (const run of this.runs.values())
      if (which(run.unit) && !run.cancel.signal.aborted) run.cancel.abort(new ProductionCancelled());
  }

  async run(originKey: string, attempt: ProductionAttempt): Promise<ProductionRunEnd> {
    const release = (await this.options.writesOnThisThread?.()) ? await this.localTurns.take() : undefined;
    try {
      // Stopped while waiting for the turn: the entry fails and pg-boss offers it again later.
      if (attempt.signal?.aborted) throw attempt.signal.reason ?? new Error('stopped');
      return await this.runOnce(originKey, attempt);
    } finally {
      release?.();
      this.queue.keepFetching();
    }
  }

  private async runOnce(originKey: string, attempt: ProductionAttempt): Promise<ProductionRunEnd> {
    const unit = await this.repo.claim(originKey, attempt.queueJobId);
    if (!unit) return { status: 'not-owner' };
    const consumer = this.consumers.get(unit.origin);
    if (!consumer) throw new Error(`No producer is registered for ${unit.origin} articles`);
    // Only a cut-off run (counted as the claim found it) takes the failures this far: the unit has
    // failed as often as a passing failure may be tried, so this delivery ends it instead of working again.
    if (unit.failures >= MAX_TRANSIENT_ATTEMPTS)
      return this.finish(unit, consumer, attempt, {
        result: 'failed',
        articleId: unit.articleId,
        error: `The article's runs failed or were cut off before they ended (a worker stopped) ${unit.failures} times; it is not tried again.`,
        stage: unit.articleId === null ? 'generation' : 'publish',
        stops: null,
      });
    const run: Run = { unit, cancel: new AbortController(), stop: { kind: 'running' } };
    this.runs.set(originKey, run);
    if (consumer.cancelled) this.startCancelChecks();
    let budget: BudgetAnswer | undefined;
    try {
      budget = unit.articleId
        ? undefined
        : await this.options.budget?.reserve({
            holder: unit.originKey,
            siteId: typeof unit.brief.siteId === 'number' ? unit.brief.siteId : null,
            wordCount: unit.brief.wordCount,
            providers: unit.brief.providers ?? null,
          });
      if (budget && !budget.go) {
        if (budget.reached || consumer.triesAgain === false)
          return await this.finish(unit, consumer, attempt, {
            result: 'skipped',
            articleId: unit.articleId,
            reason: budget.reason,
          });
        return await this.afterFailure(
          unit,
          consumer,
          attempt,
          { kind: 'busy', message: budget.reason, stops: null },
          null,
          unit.articleId,
          'refused',
        );
      }
      const skip = await consumer.begin?.(unit);
      if (skip)
        return await this.finish(unit, consumer, attempt, {
          result: 'skipped',
          articleId: unit.articleId,
          reason: skip.skip,
        });
      const end = await this.produce(unit, consumer, attempt, run);
      return end.status === 'finished' && run.outcome ? { ...end, outcome: run.outcome } : end;
    } catch (error) {
      // A stopping process leaves the unit to pg-boss' retry of this entry; anything else is judged like any failure.
      if (attempt.signal?.aborted) throw error;
      if (run.cancel.signal.aborted)
        return this.finish(unit, consumer, attempt, { result: 'cancelled', articleId: unit.articleId });
      return this.afterFailure(unit, consumer, attempt, classifyThrown(error), error, unit.articleId);
    } finally {
      // Whatever the end: the unit's spend is in the ledger now, so its estimate no longer counts.
      if (budget?.go)
        await budget
          .release()
          .catch((error: unknown) =>
            this.log.error({ err: error, originKey }, 'a budget reservation could not be released (it lapses)'),
          );
      if (this.runs.get(originKey) === run) this.runs.delete(originKey);
      if (this.runs.size === 0) this.stopCancelChecks();
    }
  }

  private async produce(
    unit: ProductionRow,
    consumer: ProductionConsumer,
    attempt: ProductionAttempt,
    run: Run,
  ): Promise<ProductionRunEnd> {
    const cancelled = run.cancel.signal;
    const signal = AbortSignal.any([
      cancelled,
      ...(attempt.signal ? [attempt.signal] : []),
      ...(attempt.deadline ? [attempt.deadline] : []),
    ]);
    const existingArticleId = await this.usableArticle(unit);
    // Every model call made for the unit counts towards its site and its job in the usage ledger.
    const outcome = await withUsageScope(usageAttribution(unit), () =>
      this.producer.produce({ ...unit.brief, originKey: unit.originKey, signal, ...attempt.extras }, unit.policy, {
        existingArticleId,
        afterStore: async (articleId, generated) => {
          if (!(await this.repo.recordArticle(unit.originKey, attempt.queueJobId, articleId))) {
            run.stop = { kind: 'taken_over' };
            return 'stop';
          }
          // Cancelled while it was being written: the finished article stays in Articles, unpublished.
          if (cancelled.aborted) {
            run.stop = { kind: 'cancelled' };
            return 'stop';
          }
          const held = await consumer.stored?.(unit, articleId, generated);
          if (held) run.stop = { kind: 'skipped', reason: held.stop };
          return run.stop.kind === 'running' ? 'continue' : 'stop';
        },
      }),
    );
    run.outcome = outcome;
    switch (outcome.stage) {
      case 'generation': {
        if (attempt.signal?.aborted) {
          // Cut short by a stopping process: no article, and the retry of this entry writes it.
          if (outcome.articleId !== null) await this.options.articles.discardFailed([outcome.articleId]);
          throw attempt.signal.reason ?? new Error('stopped');
        }
        if (cancelled.aborted) {
          // Cut short by a cancellation: a generation that did not finish is no article.
          if (outcome.articleId !== null) await this.options.articles.discardFailed([outcome.articleId]);
          return this.finish(unit, consumer, attempt, { result: 'cancelled', articleId: null });
        }
        if (!outcome.generated)
          return this.afterFailure(unit, consumer, attempt, outcome.decision, outcome.error, null, 'refused');
        return this.afterFailure(unit, consumer, attempt, outcome.decision, null, outcome.articleId, 'generation');
      }
      case 'stored':
        return this.afterStored(unit, consumer, attempt, run.stop, outcome.articleId);
      case 'published':
        return this.finish(unit, consumer, attempt, {
          result: 'succeeded',
          articleId: outcome.articleId,
          // live: WordPress made it public now (not a draft, pending or scheduled post).
          published: {
            postId: outcome.post.wordpress_post_id,
            link: outcome.post.wordpress_permalink,
            live: outcome.post.wordpress_status === 'publish',
          },
        });
      case 'held':
        return this.finish(unit, consumer, attempt, {
          result: 'succeeded',
          articleId: outcome.articleId,
          published:
            outcome.draft && 'post' in outcome.draft
              ? {
                  postId: outcome.draft.post.wordpress_post_id,
                  link: outcome.draft.post.wordpress_permalink,
                  live: false,
                }
              : null,
          held: { reason: outcome.reason, releaseAt: outcome.releaseAt?.toISOString() ?? null },
        });
      case 'publish':
        if (attempt.signal?.aborted) throw outcome.error;
        if (cancelled.aborted)
          return this.finish(unit, consumer, attempt, { result: 'cancelled', articleId: outcome.articleId });
        return this.afterFailure(
          unit,
          consumer,
          attempt,
          outcome.decision,
          outcome.error,
          outcome.articleId,
          'publish',
        );
    }
  }

  /** A stored article that is not published here: why the run stopped decides how the unit ends. */
  private afterStored(
    unit: ProductionRow,
    consumer: ProductionConsumer,
    attempt: ProductionAttempt,
    stop: RunStop,
    articleId: number,
  ): Promise<ProductionRunEnd> {
    switch (stop.kind) {
      case 'taken_over':
        return Promise.resolve({ status: 'not-owner' });
      case 'cancelled':
        return this.finish(unit, consumer, attempt, { result: 'cancelled', articleId });
      case 'skipped':
        return this.finish(unit, consumer, attempt, { result: 'skipped', articleId, reason: stop.reason });
      case 'running':
        return this.finish(unit, consumer, attempt, { result: 'succeeded', articleId, published: null });
    }
  }

  private startCancelChecks(): void {
    if (this.cancelTimer) return;
    this.cancelTimer = setInterval(() => void this.checkCancelled(), CANCEL_CHECK_MS);
    this.cancelTimer.unref();
  }

  private stopCancelChecks(): void {
    if (this.cancelTimer) clearInterval(this.cancelTimer);
    this.cancelTimer = null;
  }

  /** Asks each producer which of its running units were cancelled elsewhere, and stops those runs. */
  private async checkCancelled(): Promise<void> {
    if (this.checking || this.runs.size === 0) return;
    this.checking = true;
    try {
      const byOrigin = new Map<string, ProductionRow[]>();
      for (const run of this.runs.values())
        if (!run.cancel.signal.aborted)
          byOrigin.set(run.unit.origin, [...(byOrigin.get(run.unit.origin) ?? []), run.unit]);
      for (const [origin, units] of byOrigin) {
        const check = this.consumers.get(origin)?.cancelled;
        if (!check) continue;
        for (const key of await check(units)) this.runs.get(key)?.cancel.abort(new ProductionCancelled());
      }
    } catch {
      // The database is busy or closing: the next check tries again.
    } finally {
      this.checking = false;
    }
  }

  /** The article an earlier run stored for this unit, unless it failed or was deleted since. */
  private async usableArticle(unit: ProductionRow): Promise<number | null> {
    if (unit.articleId === null) return null;
    const status = await this.repo.articleStatus(unit.articleId);
    return status === null || status === 'failed' ? null : unit.articleId;
  }

  private async afterFailure(
    unit: ProductionRow,
    consumer: ProductionConsumer,
    attempt: ProductionAttempt,
    decision: FailureDecision,
    error: unknown,
    articleId: number | null,
    stage: 'generation' | 'publish' | 'refused' = 'publish',
  ): Promise<ProductionRunEnd> {
    if (decision.message === INTERNAL_FAILURE_MESSAGE)
      this.log.error({ err: error, originKey: unit.originKey }, 'article production failed unexpectedly');
    if (consumer.triesAgain !== false && mayTryAgain(decision, unit)) {
      // Only this attempt failed: its stored failure goes, the next attempt stores its own.
      if (stage === 'generation' && articleId !== null) await this.options.articles.discardFailed([articleId]);
      const at = new Date(Date.now() + waitMs(decision, unit.failures + 1));
      await this.queue.prepare();
      const handed = await this.repo
        .transaction(async (tx): Promise<ProductionRunEnd> => {
          // The producer first (it may lock its own row, as its Cancel does): a unit no longer wanted ends here.
          if (consumer.waiting && !(await consumer.waiting(tx, unit, at, decision))) {
            const end: ProductionResult = {
              result: 'cancelled',
              articleId: stage === 'generation' ? null : (articleId ?? unit.articleId),
            };
            if (!(await this.repo.finish(tx, unit.originKey, attempt.queueJobId, end))) throw new NotOwner();
            await consumer.finished(tx, unit, end);
            return { status: 'finished', end };
          }
          const next = await this.queue.send(tx, unit.originKey, at);
          const failed = decision.kind === 'transient';
          if (!(await this.repo.handOver(tx, unit.originKey, attempt.queueJobId, next, failed))) throw new NotOwner(); // rolls the wait back
          return { status: 'later', at, decision };
        })
        .catch((error: unknown) => {
          if (error instanceof NotOwner) return { status: 'not-owner' } as const;
          throw error;
        });
      if (handed.status === 'finished')
        await consumer
          .afterFinish?.(unit, handed.end)
          .catch((error: unknown) =>
            this.log.error({ err: error, originKey: unit.originKey }, 'a follow-up of a finished article failed'),
          );
      return handed;
    }
    return this.finish(unit, consumer, attempt, {
      result: 'failed',
      articleId: articleId ?? unit.articleId,
      error: decision.message,
      stage,
      stops: decision.stops,
    });
  }

  private async finish(
    unit: ProductionRow,
    consumer: ProductionConsumer,
    attempt: ProductionAttempt,
    end: ProductionResult,
  ): Promise<ProductionRunEnd> {
    const done = await this.repo.transaction(async (tx) => {
      if (!(await this.repo.finish(tx, unit.originKey, attempt.queueJobId, end))) return false;
      await consumer.finished(tx, unit, end);
      return true;
    });
    if (!done) return { status: 'not-owner' };
    await consumer
      .afterFinish?.(unit, end)
      .catch((error: unknown) =>
        this.log.error({ err: error, originKey: unit.originKey }, 'a follow-up of a finished article failed'),
      );
    return { status: 'finished', end };
  }
}

/** Thrown inside a transaction to roll it back: the run no longer owns its unit. */
class NotOwner extends Error {}

/** A passing failure while the unit has failed fewer times than allowed (this one included); a wait while it has runs left. */
function mayTryAgain(decision: FailureDecision, unit: ProductionRow): boolean {
  if (decision.kind === 'permanent') return false;
  return decision.kind === 'transient'
    ? unit.failures + 1 < MAX_TRANSIENT_ATTEMPTS
    : unit.attempts < MAX_WAITING_ATTEMPTS;
}

/**
 * How long the unit waits before its next run: what the server asked for (Retry-After, up to an
 * hour), a busy article's fixed pause, else the unit back-off with full jitter (lib/backoff.ts).
 */
function waitMs(decision: FailureDecision, failure: number): number {
  if (decision.kind === 'rate_limited') return Math.min(decision.waitSeconds, MAX_RETRY_AFTER_S) * 1000;
  if (decision.kind === 'busy') return BUSY_WAIT_S * 1000;
  if (decision.kind === 'transient' && decision.waitSeconds !== undefined)
    return Math.min(decision.waitSeconds, MAX_RETRY_AFTER_S) * 1000;
  return fullJitterDelayMs(UNIT_BACKOFF, failure, Math.random);
}
