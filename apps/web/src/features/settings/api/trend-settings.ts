import { type TrendSettings, type TrendSettingsUpdateInput, trendSettingsSchema } from '@abp/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/* Settings → Trends: GET, PUT and DELETE /api/settings/trends (one resource, one file). */

export const trendSettingsQueryKey = ['settings', 'trends'] as const;

export function getTrendSettings(signal?: AbortSignal): Promise<TrendSettings> {
  return api.get('/api/settings/trends', { signal, schema: trendSettingsSchema });
}

export const trendSettingsQueryOptions = () =>
  queryOptions({ queryKey: trendSettingsQueryKey, queryFn: ({ signal }) => getTrendSettings(signal) });

export function useTrendSettings() {
  return useQuery(trendSettingsQueryOptions());
}

export function saveTrendSettings(body: TrendSettingsUpdateInput): Promise<TrendSettings> {
  return api.put('/api/settings/trends', body, { schema: trendSettingsSchema });
}

export function useSaveTrendSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTrendSettings,
    onSuccess: (saved) => queryClient.setQueryData(trendSettingsQueryKey, saved),
  });
}

/** Forgets the values saved in the app; the TREND_* environment applies again. */
export function resetTrendSettings(): Promise<TrendSettings> {
  return api.delete('/api/settings/trends', { schema: trendSettingsSchema });
}

export function useResetTrendSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetTrendSettings,
    onSuccess: (settings) => queryClient.setQueryData(trendSettingsQueryKey, settings),
  });
}
