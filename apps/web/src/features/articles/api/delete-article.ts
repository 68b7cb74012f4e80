import { type ArticleDeleteResult, articleDeleteResultSchema } from '@abp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { articleKeys, dashboardStatsKey } from './query-keys';

/** trashPost: its WordPress post goes to the WordPress trash too (otherwise it stays on the site). */
export function deleteArticle({ id, trashPost }: { id: number; trashPost: boolean }): Promise<ArticleDeleteResult> {
  return api.delete(`/api/articles/${id}${trashPost ? '?trash_post=true' : ''}`, { schema: articleDeleteResultSchema });
}

export function useDeleteArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteArticle,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: articleKeys.all }),
        queryClient.invalidateQueries({ queryKey: dashboardStatsKey }),
      ]);
    },
  });
}
