import { type SiteStructure, siteStructureSchema } from '@abp/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { seoKeys } from './query-keys';

export function getSiteStructure(id: number, signal?: AbortSignal): Promise<SiteStructure> {
  return api.get(`/api/seo-suite/projects/${id}/site-structure`, { signal, schema: siteStructureSchema });
}

export function useSiteStructure(id: number | null) {
  return useQuery({
    queryKey: seoKeys.siteStructure(id ?? 0),
    queryFn: ({ signal }) => getSiteStructure(id!, signal),
    enabled: id !== null,
  });
}
