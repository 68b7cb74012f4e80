import { type SeoArticle, seoArticleListSchema } from '@abp/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { seoKeys } from './query-keys';

export function getArticles(id: number, signal?: AbortSignal): Promise<SeoArticle[]> {
  return api.get(`/api/seo-suite/articles/${id}`, { signal, schema: seoArticleListSchema });
}

const isRunning = (articles: SeoArticle[] | undefined) =>
  !!articles?.some((a) => a.generation_status === 'queued' || a.generation_status === 'generating');

/** Re-read every 2 s while articles are being written, so the progress moves. */
export function useArticles(id: number | null) {
  return useQuery({
    queryKey: seoKeys.articles(id ?? 0),
    queryFn: ({ signal }) => getArticles(id!, signal),
    enabled: id !== null,
    refetchInterval: (query) => (isRunning(query.state.data) ? 2000 : false),
  });
}
