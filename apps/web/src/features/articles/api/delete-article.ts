import { useMutation, useQueryClient } from '@tanstack/react-query';
import { articleDeleteResultSchema } from '@abp/contracts';
import { api } from '../../../lib/api-client';
import { articleKeys, dashboardStatsKey } from './query-keys';

export function deleteArticle(id: number): Promise<{ success: true; id: number }> {
  return api.delete(`/api/articles/${id}`, { schema: articleDeleteResultSchema });
}

export function useDeleteArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteArticle,
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: articleKeys.all }), queryClient.invalidateQueries({ queryKey: dashboardStatsKey })]);
    },
  });
}
