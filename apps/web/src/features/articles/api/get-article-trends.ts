import { type ArticleTrendSource, articleTrendSourcesSchema } from '@abp/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { articleKeys } from './query-keys';

export function getArticleTrends(id: number, signal?: AbortSignal): Promise<ArticleTrendSource[]> {
  return api.get(`/api/articles/${id}/trends`, { signal, schema: articleTrendSourcesSchema });
}

export function useArticleTrends(id: number | null) {
  return useQuery({
    queryKey: articleKeys.trends(id ?? 0),
    queryFn: ({ signal }) => getArticleTrends(id ?? 0, signal),
    enabled: id !== null,
  });
}
