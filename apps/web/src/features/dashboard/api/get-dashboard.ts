import { DASHBOARD_REFRESH_MS, type Dashboard, dashboardSchema, TREND_RUNNING_POLL_MS } from '@abp/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Days in the chart start at midnight where the operator is. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export const dashboardQueryKey = (timeZone: string) => ['dashboard', timeZone] as const;

export function getDashboard(timeZone: string, signal?: AbortSignal): Promise<Dashboard> {
  return api.get('/api/dashboard', { query: { tz: timeZone }, signal, schema: dashboardSchema });
}

export function dashboardQueryOptions(timeZone = browserTimeZone()) {
  return queryOptions({
    queryKey: dashboardQueryKey(timeZone),
    queryFn: ({ signal }) => getDashboard(timeZone, signal),
    // Spec part 1 §9: the dashboard refreshes every 30 seconds; every 2 s while a trend check runs,
    // so its button leaves 'Running...' when the check ends (issue #17 item 18).
    refetchInterval: (query) =>
      query.state.data?.trend_monitor.isRunning ? TREND_RUNNING_POLL_MS : DASHBOARD_REFRESH_MS,
  });
}

export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}
