import { queryOptions, useQuery } from '@tanstack/react-query';
import { siteListSchema, type Site } from '@abp/contracts';
import { api } from '../../../lib/api-client';

// The same key as the Sites screen: both read the same list, so a change there shows here.
export const sitesQueryKey = ['sites'] as const;

export function getSites(signal?: AbortSignal): Promise<Site[]> {
  return api.get('/api/sites', { signal, schema: siteListSchema });
}

export function useSites() {
  return useQuery(queryOptions({ queryKey: sitesQueryKey, queryFn: ({ signal }) => getSites(signal) }));
}
