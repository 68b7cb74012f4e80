import { type SeoKeyword, seoKeywordListSchema } from '@abp/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { seoKeys } from './query-keys';

export function getKeywords(id: number, signal?: AbortSignal): Promise<SeoKeyword[]> {
  return api.get(`/api/seo-suite/keywords/${id}`, { signal, schema: seoKeywordListSchema });
}

export function useKeywords(id: number | null) {
  return useQuery({
    queryKey: seoKeys.keywords(id ?? 0),
    queryFn: ({ signal }) => getKeywords(id!, signal),
    enabled: id !== null,
  });
}
