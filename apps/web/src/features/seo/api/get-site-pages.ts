import { type SeoPage, seoPageListSchema } from '@abp/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { seoKeys } from './query-keys';

export function getSitePages(id: number, signal?: AbortSignal): Promise<SeoPage[]> {
  return api.get(`/api/seo-suite/projects/${id}/site-pages`, { signal, schema: seoPageListSchema });
}

export function useSitePages(id: number | null) {
  return useQuery({
    queryKey: seoKeys.sitePages(id ?? 0),
    queryFn: ({ signal }) => getSitePages(id!, signal),
    enabled: id !== null,
  });
}
