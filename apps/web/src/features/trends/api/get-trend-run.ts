import { TREND_RUNNING_POLL_MS, type TrendRunDetail, trendRunDetailSchema } from '@abp/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client';
import { trendKeys } from './query-keys';

export function getTrendRun(id: string, signal?: AbortSignal): Promise<TrendRunDetail> {
  return api.get(`/api/trends/runs/${encodeURIComponent(id)}`, { signal, schema: trendRunDetailSchema });
}

/** A run that is gone (or never was) is not asked again. */
export const isLostTrendRun = (error: unknown): boolean =>
  isApiError(error) && (error.status === 404 || error.status === 400);

export const trendRunQueryOptions = (id: string) =>
  queryOptions({
    queryKey: trendKeys.run(id),
    queryFn: ({ signal }) => getTrendRun(id, signal),
    // Followed while the check or its articles are under way, as the Trend Monitor follows a check.
    refetchInterval: (query) => (query.state.data?.run.status === 'running' ? TREND_RUNNING_POLL_MS : false),
  });

export function useTrendRun(id: string) {
  return useQuery(trendRunQueryOptions(id));
}
