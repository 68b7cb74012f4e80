import { type RefreshSiteSummary, refreshSummarySchema } from '@abp/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshKeys } from './query-keys';

/** GET /api/refresh/summary: per site, posts scored, needing a refresh, per reason. */
export function getRefreshSummary(signal?: AbortSignal): Promise<RefreshSiteSummary[]> {
  return api.get('/api/refresh/summary', { signal, schema: refreshSummarySchema });
}

export function useRefreshSummary() {
  return useQuery({ queryKey: refreshKeys.summary(), queryFn: ({ signal }) => getRefreshSummary(signal) });
}
