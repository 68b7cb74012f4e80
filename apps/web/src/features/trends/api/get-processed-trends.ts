import { type ProcessedTrendPage, processedTrendPageSchema, TREND_MONITOR_REFRESH_MS } from '@abp/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type TrendPageParams, trendKeys } from './query-keys';

export function getProcessedTrends(params: TrendPageParams, signal?: AbortSignal): Promise<ProcessedTrendPage> {
  return api.get('/api/trends/processed', { query: { ...params }, signal, schema: processedTrendPageSchema });
}

export const processedTrendsQueryOptions = (params: TrendPageParams) =>
  queryOptions({
    queryKey: trendKeys.processed(params),
    queryFn: ({ signal }) => getProcessedTrends(params, signal),
    refetchInterval: TREND_MONITOR_REFRESH_MS,
    placeholderData: keepPreviousData,
  });

/** Only fetched once the (collapsed) accordion is opened. */
export function useProcessedTrends(params: TrendPageParams, enabled: boolean) {
  return useQuery({ ...processedTrendsQueryOptions(params), enabled });
}
