import { type BlogConfig, blogConfigListSchema } from '@abp/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const blogConfigsQueryKey = ['blog-configs'] as const;

/** Re-read every minute so "Next post" and "posted today" follow the scheduler. */
const REFRESH_MS = 60_000;

export function getBlogConfigs(signal?: AbortSignal): Promise<BlogConfig[]> {
  return api.get('/api/config', { signal, schema: blogConfigListSchema });
}

export function blogConfigsQueryOptions() {
  return queryOptions({
    queryKey: blogConfigsQueryKey,
    queryFn: ({ signal }) => getBlogConfigs(signal),
    refetchInterval: REFRESH_MS,
  });
}

export function useBlogConfigs() {
  return useQuery(blogConfigsQueryOptions());
}
