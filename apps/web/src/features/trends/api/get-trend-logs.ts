import { TREND_MONITOR_REFRESH_MS, type TrendExecutionLogPage, trendExecutionLogPageSchema } from '@abp/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type TrendPageParams, trendKeys } from './query-keys';

export function getTrendLogs(params: TrendPageParams, signal?: AbortSignal): Promise<TrendExecutionLogPage> {
  return api.get('/api/trends/logs', { query: { ...params }, signal, schema: trendExecutionLogPageSchema });
}

export const trendLogsQueryOptions = (params: TrendPageParams) =>
  queryOptions({
    queryKey: trendKeys.logs(params),
    queryFn: ({ signal }) => getTrendLogs(params, signal),
    refetchInterval: TREND_MONITOR_REFRESH_MS,
    placeholderData: keepPreviousData,
  });

export function useTrendLogs(params: TrendPageParams) {
  return useQuery(trendLogsQueryOptions(params));
}
