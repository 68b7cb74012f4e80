import { type BlogConfig, type BlogConfigInput, blogConfigSchema } from '@abp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { blogConfigsQueryKey } from './get-blog-configs';

export function updateBlogConfig({ id, body }: { id: number; body: BlogConfigInput }): Promise<BlogConfig> {
  return api.put(`/api/config/${id}`, body, { schema: blogConfigSchema });
}

export function useUpdateBlogConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBlogConfig,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blogConfigsQueryKey }),
  });
}
