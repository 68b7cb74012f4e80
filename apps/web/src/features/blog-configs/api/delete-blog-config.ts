import { blogConfigDeletedSchema } from '@abp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { blogConfigsQueryKey } from './get-blog-configs';

export function deleteBlogConfig(id: number): Promise<{ success: true; id: number }> {
  return api.delete(`/api/config/${id}`, { schema: blogConfigDeletedSchema });
}

export function useDeleteBlogConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBlogConfig,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blogConfigsQueryKey }),
  });
}
