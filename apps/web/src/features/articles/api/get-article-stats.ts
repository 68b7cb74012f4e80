import { DASHBOARD_REFRESH_MS, type Dashboard, dashboardSchema } from '@abp/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { dashboardStatsKey } from './query-keys';

/** The status overview reads the dashboard's figures (spec §3: total_articles, by_status, recent_articles). */
export function getArticleStats(signal?: AbortSignal): Promise<Dashboard> {
  return api.get('/api/dashboard', { signal, schema: dashboardSchema });
}

export function useArticleStats() {
  return useQuery({
    queryKey: [...dashboardStatsKey, 'UTC'],
    queryFn: ({ signal }) => getArticleStats(signal),
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
}
