import { useQuery } from '@tanstack/react-query';
import { siteListSchema, type Site } from '@abp/contracts';
import { api } from '../../../lib/api-client';

/** The site filter's options. Same key as the Sites screen's list, so both share one cache entry. */
export function getSites(signal?: AbortSignal): Promise<Site[]> {
  return api.get('/api/sites', { signal, schema: siteListSchema });
}

export function useSiteOptions() {
  return useQuery({ queryKey: ['sites'], queryFn: ({ signal }) => getSites(signal) });
}
