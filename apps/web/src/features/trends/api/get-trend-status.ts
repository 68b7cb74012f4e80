import {
  TREND_MONITOR_REFRESH_MS,
  TREND_RUNNING_POLL_MS,
  type TrendMonitorStatus,
  trendMonitorStatusSchema,
} from '@abp/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { trendKeys } from './query-keys';

export function getTrendStatus(signal?: AbortSignal): Promise<TrendMonitorStatus> {
  return api.get('/api/trends/status', { signal, schema: trendMonitorStatusSchema });
}

export const trendStatusQueryOptions = () =>
  queryOptions({
    queryKey: trendKeys.status(),
    queryFn: ({ signal }) => getTrendStatus(signal),
    refetchInterval: (query) => (query.state.data?.isRunning ? TREND_RUNNING_POLL_MS : TREND_MONITOR_REFRESH_MS),
  });

export function useTrendStatus() {
  return useQuery(trendStatusQueryOptions());
}
