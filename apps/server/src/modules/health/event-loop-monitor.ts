import { type IntervalHistogram, monitorEventLoopDelay } from 'node:perf_hooks';

export interface EventLoopDelay {
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  windowSeconds: number;
}

export interface EventLoopLogger {
  warn(obj: object, msg: string): void;
}

const SLICE_MS = 5_000;
const RESOLUTION_MS = 10;
/** A stall an operator should hear about: anything arriving then waited at least this long. */
export const STALL_WARNING_MS = 200;

const NONE = { p50Ms: 0, p99Ms: 0, maxMs: 0 };
const ms = (ns: number) => Math.round(ns / 1e4) / 100;

function summary(histogram: IntervalHistogram) {
  if (histogram.count === 0) return NONE;
  return { p50Ms: ms(histogram.percentile(50)), p99Ms: ms(histogram.percentile(99)), maxMs: ms(histogram.max) };
}

/**
 * Event-loop delay of this process, measured in 5 s slices; /api/health reports the worse of the
 * current slice and the one before (so 5–10 s of history), and a slice whose worst delay passes
 * STALL_WARNING_MS is logged as it closes. (An ELD histogram cannot be merged into another one,
 * hence the worse-of-two rather than one histogram over both.)
 */
export class EventLoopMonitor {
  private readonly histogram: IntervalHistogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  private previous = NONE;
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly log: EventLoopLogger) {
    this.histogram.enable();
    this.timer = setInterval(() => this.rotate(), SLICE_MS);
    this.timer.unref();
  }

  snapshot(): EventLoopDelay {
    const current = summary(this.histogram);
    return {
      p50Ms: Math.max(current.p50Ms, this.previous.p50Ms),
      p99Ms: Math.max(current.p99Ms, this.previous.p99Ms),
      maxMs: Math.max(current.maxMs, this.previous.maxMs),
      windowSeconds: (2 * SLICE_MS) / 1000,
    };
  }

  stop(): void {
    clearInterval(this.timer);
    this.histogram.disable();
  }

  private rotate(): void {
    const slice = summary(this.histogram);
    if (slice.maxMs >= STALL_WARNING_MS) {
      this.log.warn(
        { eventLoop: slice },
        'event loop stalled: requests waited this long before the server took them up',
      );
    }
    this.previous = slice;
    this.histogram.reset();
  }
}
