import { type SeoProject, seoProjectListSchema } from '@abp/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { seoKeys } from './query-keys';

export function getProjects(signal?: AbortSignal): Promise<SeoProject[]> {
  return api.get('/api/seo-suite/projects', { signal, schema: seoProjectListSchema });
}

export const projectsQueryOptions = () =>
  queryOptions({ queryKey: seoKeys.projects, queryFn: ({ signal }) => getProjects(signal) });

export function useProjects() {
  return useQuery(projectsQueryOptions());
}
