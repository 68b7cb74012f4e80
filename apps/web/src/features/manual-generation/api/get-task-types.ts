import { taskTypeListSchema } from '@abp/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const taskTypesQueryKey = ['manual', 'task-types'] as const;

export function getTaskTypes(signal?: AbortSignal): Promise<string[]> {
  return api.get('/api/manual/task-types', { signal, schema: taskTypeListSchema });
}

export function useTaskTypes() {
  // The list is fixed for the life of the server.
  return useQuery(
    queryOptions({ queryKey: taskTypesQueryKey, queryFn: ({ signal }) => getTaskTypes(signal), staleTime: Infinity }),
  );
}
