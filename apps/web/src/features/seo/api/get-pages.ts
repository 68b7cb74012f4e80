import { type SeoPage, seoPageListSchema } from '@abp/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { seoKeys } from './query-keys';

export function getPages(id: number, signal?: AbortSignal): Promise<SeoPage[]> {
  return api.get(`/api/seo/projects/${id}/pages`, { signal, schema: seoPageListSchema });
}

export function usePages(id: number | null) {
  return useQuery({
    queryKey: seoKeys.pages(id ?? 0),
    queryFn: ({ signal }) => getPages(id!, signal),
    enabled: id !== null,
  });
}
