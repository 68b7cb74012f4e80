import { MANUAL_LIMITS } from '@abp/contracts';

/** A sliding-window limit on calls from this browser tab (the server has its own limits). */
export class ClientRateLimiter {
  private stamps: number[] = [];

  constructor(
    readonly max: number,
    readonly windowMs: number,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Counts one call; false when the limit is reached (the call must not be made). */
  tryAcquire(): boolean {
    const now = this.now();
    this.stamps = this.stamps.filter((stamp) => now - stamp < this.windowMs);
    if (this.stamps.length >= this.max) return false;
    this.stamps.push(now);
    return true;
  }

  reset(): void {
    this.stamps = [];
  }
}

/** The secure variant's limiter: 30 requests per 60 s, kept across visits to the screen. */
export const secureGenerationLimiter = new ClientRateLimiter(
  MANUAL_LIMITS.clientRate.max,
  MANUAL_LIMITS.clientRate.windowMs,
);

/** The spec's second, stricter limiter (5 per 60 s); it exists but no call uses it. */
export const strictGenerationLimiter = new ClientRateLimiter(
  MANUAL_LIMITS.strictClientRate.max,
  MANUAL_LIMITS.strictClientRate.windowMs,
);
