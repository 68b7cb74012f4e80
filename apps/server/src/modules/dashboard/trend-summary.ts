import type { TrendMonitorStatus, TrendStats } from '@abp/contracts';

/**
 * The dashboard's view of the trend monitor. The trend monitor module provides the real one
 * (passed to DashboardService's constructor); without it the monitor reads as idle with nothing processed.
 */
export interface TrendSummarySource {
  monitorStatus(): Promise<TrendMonitorStatus>;
  stats(): Promise<TrendStats>;
}

export const idleTrendSummary: TrendSummarySource = {
  monitorStatus: async () => ({ isRunning: false, activeJobs: 0 }),
  stats: async () => ({ total_processed: 0, recent_articles: 0, recent_trend_articles: 0, last_execution: null }),
};
