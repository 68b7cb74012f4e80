import { TREND_MONITOR_REFRESH_MS, type TrendStats, trendStatsSchema } from '@abp/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { trendKeys } from './query-keys';

export function getTrendStats(signal?: AbortSignal): Promise<TrendStats> {
  return api.get('/api/trends/stats', { signal, schema: trendStatsSchema });
}

export const trendStatsQueryOptions = () =>
  queryOptions({
    queryKey: trendKeys.stats(),
    queryFn: ({ signal }) => getTrendStats(signal),
    refetchInterval: TREND_MONITOR_REFRESH_MS,
  });

export function useTrendStats() {
  return useQuery(trendStatsQueryOptions());
}
