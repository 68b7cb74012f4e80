import { useQuery } from '@tanstack/react-query';
import { siteListSchema, type Site } from '@abp/contracts';
import { api } from '../../../lib/api-client';
import { seoKeys } from './query-keys';

/** The site choices of the project form (features do not import each other). */
export function getSites(signal?: AbortSignal): Promise<Site[]> {
  return api.get('/api/sites', { signal, schema: siteListSchema });
}

export function useSeoSites() {
  return useQuery({ queryKey: seoKeys.sites, queryFn: ({ signal }) => getSites(signal) });
}
