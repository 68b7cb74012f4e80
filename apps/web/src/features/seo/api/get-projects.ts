import { queryOptions, useQuery } from '@tanstack/react-query';
import { seoProjectListSchema, type SeoProject } from '@abp/contracts';
import { api } from '../../../lib/api-client';
import { seoKeys } from './query-keys';

export function getProjects(signal?: AbortSignal): Promise<SeoProject[]> {
  return api.get('/api/seo-suite/projects', { signal, schema: seoProjectListSchema });
}

export const projectsQueryOptions = () => queryOptions({ queryKey: seoKeys.projects, queryFn: ({ signal }) => getProjects(signal) });

export function useProjects() {
  return useQuery(projectsQueryOptions());
}
