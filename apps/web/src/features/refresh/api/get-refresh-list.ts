import { type RefreshList, refreshListSchema } from '@abp/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type RefreshListParams, refreshKeys } from './query-keys';

/** GET /api/refresh: posts by refresh score, highest first (all sites or one, one reason or all). */
export function getRefreshList(params: RefreshListParams, signal?: AbortSignal): Promise<RefreshList> {
  const query: Record<string, string | number> = { limit: params.limit, offset: params.offset };
  if (params.site_id !== undefined) query.site_id = params.site_id;
  if (params.reason) query.reason = params.reason;
  return api.get('/api/refresh', { query, signal, schema: refreshListSchema });
}

export function useRefreshList(params: RefreshListParams) {
  return useQuery({
    queryKey: refreshKeys.list(params),
    queryFn: ({ signal }) => getRefreshList(params, signal),
    placeholderData: keepPreviousData,
  });
}
