import { SITE_POLLING } from '@abp/contracts';
import { isApiError } from '../../../lib/api-client';

export interface HealthPollerOptions {
  check: (siteId: number, signal: AbortSignal) => Promise<unknown>;
  onResult: (siteId: number, data: unknown) => void;
  /** Any failure except a 429. */
  onError: (siteId: number, error: unknown) => void;
  /** A 429 paused the checks for this long. */
  onRateLimited: (pauseMs: number) => void;
  gapMs?: number;
  defaultPauseMs?: number;
  now?: () => number;
}

export type CycleOutcome = 'done' | 'busy' | 'paused' | 'rate-limited' | 'stopped';

/**
 * Spec §4 Health checks: one site at a time with a gap between sites, never two passes at once,
 * and after a 429 nothing until retryAfter (default 15 minutes) has passed.
 */
export class HealthPoller {
  #running = false;
  #pausedUntil = 0;
  #stopped = false;
  readonly #abort = new AbortController();
  readonly #gapMs: number;
  readonly #defaultPauseMs: number;
  readonly #now: () => number;

  constructor(private readonly options: HealthPollerOptions) {
    this.#gapMs = options.gapMs ?? SITE_POLLING.healthGapMs;
    this.#defaultPauseMs = options.defaultPauseMs ?? SITE_POLLING.healthPauseAfter429Ms;
    this.#now = options.now ?? Date.now;
  }

  get running(): boolean {
    return this.#running;
  }

  /** Milliseconds left in a pause after a 429, 0 when checks may run. */
  get pausedForMs(): number {
    return Math.max(0, this.#pausedUntil - this.#now());
  }

  async runCycle(siteIds: readonly number[]): Promise<CycleOutcome> {
    if (this.#stopped) return 'stopped';
    if (this.#running) return 'busy';
    if (this.pausedForMs > 0) return 'paused';
    this.#running = true;
    try {
      for (const [index, siteId] of siteIds.entries()) {
        if (index > 0) await this.#sleep(this.#gapMs);
        if (this.#stopped) return 'stopped';
        try {
          const data = await this.options.check(siteId, this.#abort.signal);
          if (this.#stopped) return 'stopped';
          this.options.onResult(siteId, data);
        } catch (error) {
          if (this.#stopped) return 'stopped';
          if (isApiError(error) && error.status === 429) {
            const pauseMs = error.retryAfter && error.retryAfter > 0 ? error.retryAfter * 1000 : this.#defaultPauseMs;
            this.#pausedUntil = this.#now() + pauseMs;
            this.options.onRateLimited(pauseMs);
            return 'rate-limited';
          }
          this.options.onError(siteId, error);
        }
      }
      return 'done';
    } finally {
      this.#running = false;
    }
  }

  /** Ends the current pass (its request is aborted) and refuses new ones. */
  stop(): void {
    this.#stopped = true;
    this.#abort.abort();
  }

  #sleep(ms: number): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, ms));
  }
}
