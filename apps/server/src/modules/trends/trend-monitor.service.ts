import {
  type ProcessedTrendPage,
  RECENT_ARTICLES_DAYS,
  TREND_MESSAGES,
  TREND_RUN_PAGE,
  type TrendCheckStarted,
  type TrendExecutionLogPage,
  type TrendMonitorStatus,
  type TrendPageQuery,
  type TrendRunDetail,
  type TrendStats,
} from '@abp/contracts';
import { conflict, notFound } from '../../errors.js';
import type { JobPayload } from '../../jobs/catalogue.js';
import type { JobDefinition, JobQueue } from '../../jobs/queue.js';
import type { TrendSummarySource } from '../dashboard/trend-summary.js';
import type { TrendCheckRunner } from './trend-check.runner.js';
import { toExecutionLog, toLastExecution, toProcessedTrend, toTrendRunItem } from './trend-dto.js';
import type { TrendRunsRepository } from './trend-runs.repository.js';

/** How often the schedule looks whether a check is due (the interval itself is in hours). */
export const TREND_SCHEDULE_CRON = '*/5 * * * *';
// A check that starts a few minutes early is better than one that waits a whole extra tick.
const DUE_SLACK_MS = 5 * 60_000;

type CheckJob = JobPayload<'trendCheck'>;

const ACTIVE_STATES = new Set(['created', 'retry', 'active']);

/**
 * The trend monitor: starts checks (one at a time, across every process: the check queue's
 * 'exclusive' policy admits one queued or active job), runs them as durable jobs, and answers the
 * screen's status, stats, logs and processed trends. It is also the dashboard's trend summary.
 */
export class TrendMonitorService implements TrendSummarySource {
  constructor(
    private readonly runs: TrendRunsRepository,
    private readonly runner: TrendCheckRunner,
    private readonly queue: JobQueue,
    private readonly schedule: { resolve(): Promise<{ intervalHours: number }> },
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** POST /api/trends/check: 202 with the job id, or 409 while a check is queued or running. */
  async startCheck(trigger: CheckJob['trigger'] = 'manual'): Promise<TrendCheckStarted> {
    // Null when the queue's exclusive policy refuses a second check.
    const jobId = await this.queue.trySend('trendCheck', { trigger });
    if (!jobId) throw conflict(TREND_MESSAGES.alreadyRunning);
    return { status: 'started', job_id: jobId };
  }

  async monitorStatus(): Promise<TrendMonitorStatus> {
    const activeJobs = (await this.queue.states('trendCheck')).filter((state) => ACTIVE_STATES.has(state)).length;
    return { isRunning: activeJobs > 0, activeJobs };
  }

  async stats(): Promise<TrendStats> {
    const [totalProcessed, recent, last] = await Promise.all([
      this.runs.countProcessed(),
      this.runs.countRecentArticles(RECENT_ARTICLES_DAYS),
      this.runs.lastFinished(),
    ]);
    return {
      total_processed: totalProcessed,
      recent_articles: recent.all,
      recent_trend_articles: recent.fromTrends,
      last_execution: last ? toLastExecution(last) : null,
    };
  }

  async logs({ limit, offset }: TrendPageQuery): Promise<TrendExecutionLogPage> {
    const rows = await this.runs.list(limit + 1, offset);
    return { items: rows.slice(0, limit).map(toExecutionLog), limit, offset, has_more: rows.length > limit };
  }

  /** GET /api/trends/runs/{id}: one run and the trends it matched to sites (its job page). */
  async run(id: number): Promise<TrendRunDetail> {
    const row = await this.runs.get(id);
    if (!row) throw notFound(TREND_RUN_PAGE.notFound);
    const items = await this.runs.itemsOf(id);
    return { run: toExecutionLog(row), items: items.map(toTrendRunItem) };
  }

  /** POST /api/trends/runs/{id}/cancel: a running check writes no more articles (409 once it has finished). */
  async cancelRun(id: number): Promise<TrendRunDetail> {
    if (!(await this.runs.get(id))) throw notFound(TREND_RUN_PAGE.notFound);
    if (!(await this.runs.cancel(id, TREND_RUN_PAGE.cancelledReason))) throw conflict(TREND_RUN_PAGE.notRunning);
    return this.run(id);
  }

  async processed({ limit, offset }: TrendPageQuery): Promise<ProcessedTrendPage> {
    const rows = await this.runs.listProcessed(limit + 1, offset);
    return { items: rows.slice(0, limit).map(toProcessedTrend), limit, offset, has_more: rows.length > limit };
  }

  /**
   * The schedule: every few minutes, start a check when the last one began at least the
   * configured interval ago (measured from when the schedule began if none ever ran).
   * 0 hours = no scheduled checks. Settings changes apply at the next tick, in every process.
   */
  async scheduleTick(scheduleStartedAt: Date | null): Promise<'started' | 'not-due' | 'off' | 'busy'> {
    const { intervalHours } = await this.schedule.resolve();
    if (intervalHours <= 0) return 'off';
    const anchor = (await this.runs.lastStarted()) ?? scheduleStartedAt;
    if (anchor && this.now().getTime() - anchor.getTime() < intervalHours * 3_600_000 - DUE_SLACK_MS) return 'not-due';
    return (await this.queue.trySend('trendCheck', { trigger: 'schedule' })) ? 'started' : 'busy';
  }

  /**
   * One check per job. Heartbeats (pg-boss refreshes them while the handler runs) let a check whose
   * worker died be retried within a minute instead of blocking checks until the expiry.
   */
  checkJob(): JobDefinition<'trendCheck'> {
    return {
      job: 'trendCheck',
      queue: {
        policy: 'exclusive',
        retryLimit: 1,
        retryDelay: 30,
        heartbeatSeconds: 60,
        expireInSeconds: 6 * 60 * 60,
        deleteAfterSeconds: 24 * 60 * 60,
      },
      handler: async ({ trigger }, job) => this.runner.run(trigger, job.id, job.signal),
    };
  }

  scheduleJob(): JobDefinition<'trendSchedule'> {
    return {
      job: 'trendSchedule',
      cron: TREND_SCHEDULE_CRON,
      queue: { retryLimit: 0, expireInSeconds: 5 * 60 },
      handler: async () => {
        return this.scheduleTick(await this.queue.scheduledSince('trendSchedule'));
      },
    };
  }
}
