import { type SiteSameness, siteSamenessSchema } from '@abp/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { articleKeys } from './query-keys';

export function getSiteSameness(siteId: number, signal?: AbortSignal): Promise<SiteSameness> {
  return api.get(`/api/sites/${siteId}/sameness`, { signal, schema: siteSamenessSchema });
}

/** How uniform the site's last posts are (issue #33): asked only where an article's report found sameness. */
export function useSiteSameness(siteId: number | null) {
  return useQuery({
    queryKey: [...articleKeys.all, 'site-sameness', siteId ?? 0] as const,
    queryFn: ({ signal }) => getSiteSameness(siteId ?? 0, signal),
    enabled: siteId !== null,
  });
}
