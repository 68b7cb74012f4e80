import { type Article, type ArticleUpdate, articleSchema } from '@abp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { articleKeys, dashboardStatsKey } from './query-keys';

export function updateArticle({ id, body }: { id: number; body: ArticleUpdate }): Promise<Article> {
  return api.put(`/api/articles/${id}`, body, { schema: articleSchema });
}

export function useUpdateArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateArticle,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: articleKeys.all }),
        queryClient.invalidateQueries({ queryKey: dashboardStatsKey }),
      ]);
    },
  });
}
