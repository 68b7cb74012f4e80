import { queryOptions, useQuery } from '@tanstack/react-query';
import { siteListSchema, type Site } from '@abp/contracts';
import { api } from '../../../lib/api-client';

export const sitesQueryKey = ['sites'] as const;

export function getSites(signal?: AbortSignal): Promise<Site[]> {
  return api.get('/api/sites', { signal, schema: siteListSchema });
}

export function sitesQueryOptions() {
  return queryOptions({ queryKey: sitesQueryKey, queryFn: ({ signal }) => getSites(signal) });
}

export function useSites() {
  return useQuery(sitesQueryOptions());
}
