import { type ModelPrices, type ModelPricesUpdate, modelPricesSchema } from '@abp/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/* Settings → Model prices: GET and PUT /api/settings/prices (one resource, one file). */

export const modelPricesQueryKey = ['settings', 'prices'] as const;

export function getModelPrices(signal?: AbortSignal): Promise<ModelPrices> {
  return api.get('/api/settings/prices', { signal, schema: modelPricesSchema });
}

export function useModelPrices() {
  return useQuery(queryOptions({ queryKey: modelPricesQueryKey, queryFn: ({ signal }) => getModelPrices(signal) }));
}

export function saveModelPrices(body: ModelPricesUpdate): Promise<ModelPrices> {
  return api.put('/api/settings/prices', body, { schema: modelPricesSchema });
}

export function useSaveModelPrices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveModelPrices,
    onSuccess: (saved) => {
      queryClient.setQueryData(modelPricesQueryKey, saved);
      // Estimates and spend are counted with the prices (issue #37 point 7: a save refreshes what depends on it).
      void queryClient.invalidateQueries({ queryKey: ['usage'] });
    },
  });
}
