import { type ArticleUpdate, type ArticleUpdateResult, articleUpdateResultSchema } from '@abp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { articleKeys, dashboardStatsKey } from './query-keys';

/** With update_live_post the server also updates the live post; live_post_update says how that went. */
export function updateArticle({ id, body }: { id: number; body: ArticleUpdate }): Promise<ArticleUpdateResult> {
  return api.put(`/api/articles/${id}`, body, { schema: articleUpdateResultSchema });
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
