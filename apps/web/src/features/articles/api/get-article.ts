import { type Article, articleSchema } from '@abp/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { articleKeys } from './query-keys';

export function getArticle(id: number, signal?: AbortSignal): Promise<Article> {
  return api.get(`/api/articles/${id}`, { signal, schema: articleSchema });
}

export function articleQueryOptions(id: number) {
  return queryOptions({ queryKey: articleKeys.detail(id), queryFn: ({ signal }) => getArticle(id, signal) });
}

/** Disabled while no article is chosen (dialogs closed). */
export function useArticle(id: number | null) {
  return useQuery({ ...articleQueryOptions(id ?? 0), enabled: id !== null });
}
