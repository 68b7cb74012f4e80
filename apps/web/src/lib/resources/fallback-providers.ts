import { fallbackProvidersSchema } from '@abp/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';

/*
 * The fallback providers of Settings, shared: Settings edits them; Blog Configuration offers them
 * (with the main provider) for a configuration's own provider list (issue #16).
 */
export const fallbacksQueryKey = ['settings', 'llm', 'fallbacks'] as const;

export function useFallbacks() {
  return useQuery(
    queryOptions({
      queryKey: fallbacksQueryKey,
      queryFn: ({ signal }) => api.get('/api/settings/llm/fallbacks', { signal, schema: fallbackProvidersSchema }),
    }),
  );
}
