import { type ArticleListResponse, articleListResponseSchema } from '@abp/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type ArticleListParams, articleKeys } from './query-keys';

/** Spec §9: the list refreshes every 30 seconds. */
export const ARTICLES_REFRESH_MS = 30_000;

export function getArticles(params: ArticleListParams, signal?: AbortSignal): Promise<ArticleListResponse> {
  return api.get('/api/articles', { query: { ...params }, signal, schema: articleListResponseSchema });
}

export function articlesQueryOptions(params: ArticleListParams) {
  return queryOptions({
    queryKey: articleKeys.list(params),
    queryFn: ({ signal }) => getArticles(params, signal),
    refetchInterval: ARTICLES_REFRESH_MS,
    // Paging keeps the previous page on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });
}

export function useArticles(params: ArticleListParams) {
  return useQuery(articlesQueryOptions(params));
}
