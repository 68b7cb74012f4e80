import { useMutation, useQueryClient } from '@tanstack/react-query';
import { blogConfigSchema, type BlogConfig, type BlogConfigInput } from '@abp/contracts';
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
