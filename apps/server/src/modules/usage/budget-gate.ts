import { randomUUID } from 'node:crypto';
import type { BudgetReservationsRepository, CommittedSums } from './budget-reservations.repository.js';
import { type BudgetLimit, type BudgetsService, reachedMessage, takenMessage } from './budgets.service.js';
import { nanosToUsd } from './usage-types.js';

/** An article about to be written: its unit (the holder of the reservation), site, length and providers. */
export interface ArticleToReserve {
  holder: string;
  siteId: number | null;
  wordCount: number;
  providers?: readonly string[] | null;
}

/**
 * go: the article may be written, its estimate is reserved until `release()`. Otherwise why not:
 * `reached` when the month's spend alone reached a budget (the article is not written), else the
 * articles under way may use up what is left (it waits for them).
 */
export type BudgetAnswer = { go: true; release(): Promise<void> } | { go: false; reason: string; reached: boolean };

export interface BudgetGateOptions {
  /** How long a reservation lives without its holder renewing it: a dead process' lapses after this. */
  ttlSeconds?: number;
  /** How often a process renews the reservations it holds. */
  renewMs?: number;
  log?: { warn(object: unknown, message: string): void };
}

const TTL_SECONDS = 180;
const RENEW_MS = 60_000;
const NOTHING_HELD = async () => undefined;

/**
 * Budgets that hold under concurrency (issue #31): a unit reserves its article's estimated cost
 * as it starts and releases it as it ends, and a unit may start only while the month's spend plus
 * the reservations of the units under way (in every process: the reservations are rows) is below
 * each budget that applies. The check and the reservation happen under one database lock, so of
 * four units starting at once only as many start as the room allows, and a job that reaches a
 * budget passes it by at most one article's estimate (as far as the estimate is right).
 */
export class BudgetGate {
  private readonly held = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private readonly ttlSeconds: number;
  private readonly renewMs: number;

  constructor(
    private readonly repo: BudgetReservationsRepository,
    private readonly budgets: Pick<BudgetsService, 'limitsFor'>,
    /** What one article is expected to cost, in nano-dollars, with the providers that will write it. */
    private readonly estimate: (wordCount: number, providers: readonly string[] | null) => Promise<number>,
    private readonly options: BudgetGateOptions = {},
  ) {
    this.ttlSeconds = options.ttlSeconds ?? TTL_SECONDS;
    this.renewMs = options.renewMs ?? RENEW_MS;
  }

  async reserve(article: ArticleToReserve): Promise<BudgetAnswer> {
    const applicable = await this.budgets.limitsFor(article.siteId);
    if (!applicable) return { go: true, release: NOTHING_HELD };
    const costNanos = await this.estimate(article.wordCount, article.providers ?? null).catch(() => 0);
    const token = randomUUID();
    const refusal = await this.repo.locked(async (tx) => {
      await this.repo.dropExpired(tx);
      const sums = await this.repo.committed(tx, article.siteId, applicable.monthStart, article.holder);
      const why = judge(applicable.limits, sums);
      if (!why)
        await this.repo.put(tx, {
          holder: article.holder,
          token,
          siteId: article.siteId,
          costNanos,
          ttlSeconds: this.ttlSeconds,
        });
      return why;
    });
    if (refusal) return { go: false, ...refusal };
    this.hold(token);
    let released = false;
    return {
      go: true,
      release: async () => {
        if (released) return;
        released = true;
        this.held.delete(token);
        if (this.held.size === 0) this.stopRenewing();
        await this.repo.release(article.holder, token);
      },
    };
  }

  /** The embedded database at start: no other process exists, so what a dead one reserved is free. */
  releaseAll(): Promise<void> {
    return this.repo.releaseAll();
  }

  private hold(token: string): void {
    this.held.add(token);
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.repo
        .extend([...this.held], this.ttlSeconds)
        .catch((error: unknown) => this.options.log?.warn({ err: error }, 'budget reservations could not be renewed'));
    }, this.renewMs);
    this.timer.unref();
  }

  private stopRenewing(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}

/** The first budget the unit may not start under, and whether its spend alone reached it; null: it may start. */
function judge(limits: readonly BudgetLimit[], sums: CommittedSums): { reason: string; reached: boolean } | null {
  for (const budget of limits) {
    const all = budget.siteId === null;
    const spent = all ? sums.spentAll : sums.spentSite;
    const reserved = all ? sums.reservedAll : sums.reservedSite;
    const limitNanos = Math.round(budget.limitUsd * 1e9);
    if (spent >= limitNanos) return { reason: reachedMessage(budget, nanosToUsd(spent)), reached: true };
    if (spent + reserved >= limitNanos)
      return {
        reason: takenMessage(budget, nanosToUsd(spent), nanosToUsd(reserved), all ? sums.unitsAll : sums.unitsSite),
        reached: false,
      };
  }
  return null;
}
