import { type Site, siteListSchema } from '@abp/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';

/**
 * Sites are read by several features (Sites, Articles, Manual Generation, Blog Configuration, the
 * SEO suite): one fetch, one key, so a change on one screen shows on every other.
 */
export const siteKeys = {
  all: ['sites'] as const,
  list: () => ['sites'] as const,
  /** One health pass over the given sites (the Sites screen's health chips). */
  health: (siteIds: readonly number[]) => ['sites', 'health', siteIds.join(',')] as const,
};

export function getSites(signal?: AbortSignal): Promise<Site[]> {
  return api.get('/api/sites', { signal, schema: siteListSchema });
}

export function sitesQueryOptions() {
  return queryOptions({ queryKey: siteKeys.list(), queryFn: ({ signal }) => getSites(signal) });
}

export function useSites() {
  return useQuery(sitesQueryOptions());
}
