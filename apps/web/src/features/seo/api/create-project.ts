import { useMutation, useQueryClient } from '@tanstack/react-query';
import { seoProjectSchema, type SeoProject, type SeoProjectCreateInput } from '@abp/contracts';
import { api } from '../../../lib/api-client';
import { seoKeys } from './query-keys';

export function createProject(body: SeoProjectCreateInput): Promise<SeoProject> {
  return api.post('/api/seo-suite/projects', body, { schema: seoProjectSchema });
}

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createProject, onSuccess: () => queryClient.invalidateQueries({ queryKey: seoKeys.projects }) });
}
