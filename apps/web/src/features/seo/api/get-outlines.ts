import { type SeoOutline, seoOutlineListSchema } from '@abp/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { seoKeys } from './query-keys';

export function getOutlines(id: number, signal?: AbortSignal): Promise<SeoOutline[]> {
  return api.get(`/api/seo-suite/outlines/${id}`, { signal, schema: seoOutlineListSchema });
}

export function useOutlines(id: number | null) {
  return useQuery({
    queryKey: seoKeys.outlines(id ?? 0),
    queryFn: ({ signal }) => getOutlines(id!, signal),
    enabled: id !== null,
  });
}
