import { type SeoProject, type SeoProjectCreateInput, seoProjectSchema } from '@abp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, idempotency } from '../../../lib/api-client';
import { seoKeys } from './query-keys';

export function createProject({
  body,
  idempotencyKey,
}: {
  body: SeoProjectCreateInput;
  idempotencyKey?: string;
}): Promise<SeoProject> {
  return api.post('/api/seo-suite/projects', body, { schema: seoProjectSchema, ...idempotency(idempotencyKey) });
}

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: seoKeys.projects }),
  });
}
