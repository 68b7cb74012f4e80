import { type GettingStarted, gettingStartedSchema } from '@abp/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Under 'dashboard': whatever refreshes the Dashboard (an article made, a trend check) refreshes the checklist. */
export const gettingStartedQueryKey = ['dashboard', 'getting-started'] as const;

export function getGettingStarted(signal?: AbortSignal): Promise<GettingStarted> {
  return api.get('/api/dashboard/getting-started', { signal, schema: gettingStartedSchema });
}

export function useGettingStarted(enabled = true) {
  return useQuery(
    queryOptions({ queryKey: gettingStartedQueryKey, queryFn: ({ signal }) => getGettingStarted(signal), enabled }),
  );
}
