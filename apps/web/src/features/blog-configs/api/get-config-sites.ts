import { queryOptions, useQuery } from '@tanstack/react-query';
import { siteListSchema, type Site } from '@abp/contracts';
import { api } from '../../../lib/api-client';

/** The same key as the Sites screen's list, so both screens share one cached answer. */
export const configSitesQueryKey = ['sites'] as const;

export function getConfigSites(signal?: AbortSignal): Promise<Site[]> {
  return api.get('/api/sites', { signal, schema: siteListSchema });
}

export function configSitesQueryOptions() {
  return queryOptions({ queryKey: configSitesQueryKey, queryFn: ({ signal }) => getConfigSites(signal) });
}

/** The sites a configuration can belong to. */
export function useConfigSites() {
  return useQuery(configSitesQueryOptions());
}
