import {
  type FallbackProviders,
  type FallbackProvidersUpdateInput,
  fallbackProvidersSchema,
  providerHealthSchema,
} from '@abp/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { fallbacksQueryKey } from '../../../lib/resources/fallback-providers';

/* Settings → Fallback providers: GET/PUT /api/settings/llm/fallbacks, and the chain's health. */

const healthQueryKey = ['settings', 'llm', 'health'] as const;
// A cool-down is counted in seconds to minutes: the states follow within a quarter of a minute.
const HEALTH_REFRESH_MS = 15_000;

export function useSaveFallbacks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FallbackProvidersUpdateInput): Promise<FallbackProviders> =>
      api.put('/api/settings/llm/fallbacks', body, { schema: fallbackProvidersSchema }),
    onSuccess: (saved) => {
      queryClient.setQueryData(fallbacksQueryKey, saved);
      void queryClient.invalidateQueries({ queryKey: healthQueryKey });
    },
  });
}

export function useProviderHealth() {
  return useQuery(
    queryOptions({
      queryKey: healthQueryKey,
      queryFn: ({ signal }) => api.get('/api/settings/llm/health', { signal, schema: providerHealthSchema }),
      refetchInterval: HEALTH_REFRESH_MS,
    }),
  );
}
