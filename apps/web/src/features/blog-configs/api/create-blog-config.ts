import { type BlogConfig, type BlogConfigInput, blogConfigSchema } from '@abp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, idempotency } from '../../../lib/api-client';
import { blogConfigsQueryKey } from './get-blog-configs';

export function createBlogConfig({
  body,
  idempotencyKey,
}: {
  body: BlogConfigInput;
  idempotencyKey?: string;
}): Promise<BlogConfig> {
  return api.post('/api/config', body, { schema: blogConfigSchema, ...idempotency(idempotencyKey) });
}

export function useCreateBlogConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBlogConfig,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blogConfigsQueryKey }),
  });
}
