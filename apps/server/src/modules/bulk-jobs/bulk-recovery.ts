import type { BulkRecoveryRepository } from './bulk-recovery.repository.js';
import type { BulkRuns } from './bulk-runs.js';

const FIRST_SWEEP_MS = 500;
const SWEEP_MS = 20_000;

export interface RecoveryLogger {
  info(obj: object, msg: string): void;
}

/**
 * Gives the items of dead runs back to the queue. On the embedded database only one process can
 * exist, so at start every item still marked running belongs to a process that is gone and is
 * recovered at once (a kill -9 mid-job loses nothing and waits for nothing). On PostgreSQL other
 * workers may be alive, so an item is recovered only when its lease has lapsed.
 */
export class BulkRecovery {
  private timer: NodeJS.Timeout | null = null;
  private startSwept = false;

  constructor(
    private readonly items: BulkRecoveryRepository,
    private readonly runs: BulkRuns,
    private readonly embedded: boolean,
    private readonly log: RecoveryLogger,
    private readonly isClosed: () => boolean,
  ) {}

  start(): void {
    if (this.timer) return;
    const loop = (delay: number) => {
      this.timer = setTimeout(() => {
        void this.sweep().finally(() => {
          if (this.timer && !this.isClosed()) loop(SWEEP_MS);
        });
      }, delay);
      this.timer.unref();
    };
    loop(FIRST_SWEEP_MS);
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Returns how many items went back to the queue. */
  async sweep(): Promise<number> {
    if (this.isClosed()) return 0;
    const atStart = this.embedded && !this.startSwept;
    try {
      const recovered = await this.items.recoverAbandoned(atStart, this.runs.instanceId);
      if (atStart) this.startSwept = true;
      await this.items.settleJobs();
      if (recovered > 0) this.log.info({ recovered }, 'bulk job items of stopped runs queued again');
      return recovered;
    } catch {
      return 0; // the queue is not started yet, or the database is closing: the next sweep tries again
    }
  }
}
