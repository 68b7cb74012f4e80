import { SITE_POLLING } from '@abp/contracts';
import { isApiError } from '../../../lib/api-client';
import { healthValue } from './site-health';

export interface HealthPass {
  /** Per site: 0–1, null when the answer carried no figure, undefined when the check failed. */
  values: Record<number, number | null | undefined>;
  /** Set when a 429 stopped the pass: no check until then (epoch ms). */
  pausedUntil: number | null;
}

export interface HealthPassOptions {
  check: (siteId: number, signal: AbortSignal) => Promise<unknown>;
  signal: AbortSignal;
  /** Each site's reading as it arrives, so the chips fill in one by one. */
  onValue?: (siteId: number, value: number | null | undefined) => void;
  gapMs?: number;
  defaultPauseMs?: number;
  now?: () => number;
}

/**
 * One health pass (spec §4 Health checks): one site at a time with a gap between sites; a failure
 * of one site does not stop the pass; a 429 ends it and pauses the checks for retryAfter (default
 * 15 minutes). TanStack Query runs it (one pass at a time, every 5 minutes, see use-health-polling).
 */
export async function runHealthPass(siteIds: readonly number[], options: HealthPassOptions): Promise<HealthPass> {
  const gapMs = options.gapMs ?? SITE_POLLING.healthGapMs;
  const now = options.now ?? Date.now;
  const values: HealthPass['values'] = {};
  for (const [index, siteId] of siteIds.entries()) {
    if (index > 0) await sleep(gapMs, options.signal);
    options.signal.throwIfAborted();
    try {
      values[siteId] = healthValue(await options.check(siteId, options.signal));
    } catch (error) {
      options.signal.throwIfAborted();
      if (isApiError(error) && error.status === 429) {
        const pauseMs =
          error.retryAfter && error.retryAfter > 0
            ? error.retryAfter * 1000
            : (options.defaultPauseMs ?? SITE_POLLING.healthPauseAfter429Ms);
        return { values, pausedUntil: now() + pauseMs };
      }
      console.error(`[sites] health check of site ${siteId} failed`, error);
      values[siteId] = undefined;
    }
    options.onValue?.(siteId, values[siteId]);
  }
  return { values, pausedUntil: null };
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}
