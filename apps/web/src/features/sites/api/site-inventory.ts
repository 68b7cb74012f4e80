import { type InventoryList, type InventorySummary, inventoryListSchema, inventorySummarySchema } from '@abp/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { inventoryKeys } from '../../../lib/resources/site-inventory';

export interface InventoryQuery {
  search: string;
  category: number | null;
  kind: 'post' | 'page' | null;
  limit: number;
  offset: number;
}

function toParams(query: InventoryQuery): Record<string, string | number> {
  return {
    limit: query.limit,
    offset: query.offset,
    ...(query.search.trim() ? { search: query.search.trim() } : {}),
    ...(query.category !== null ? { category: query.category } : {}),
    ...(query.kind ? { kind: query.kind } : {}),
  };
}

export function getInventoryItems(siteId: number, query: InventoryQuery, signal?: AbortSignal): Promise<InventoryList> {
  return api.get(`/api/sites/${siteId}/inventory/items`, {
    signal,
    query: toParams(query),
    schema: inventoryListSchema,
  });
}

export function useInventoryItems(siteId: number, query: InventoryQuery, refreshing: boolean) {
  return useQuery({
    queryKey: inventoryKeys.items(siteId, toParams(query)),
    queryFn: ({ signal }) => getInventoryItems(siteId, query, signal),
    // The list stays on screen while the next page or search loads.
    placeholderData: keepPreviousData,
    // While a sync runs the list fills up: read it again every few seconds.
    refetchInterval: refreshing ? 3_000 : false,
  });
}

export function syncInventory(siteId: number): Promise<InventorySummary> {
  return api.post(`/api/sites/${siteId}/inventory/sync`, undefined, { schema: inventorySummarySchema });
}

export function useSyncInventory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncInventory,
    onSuccess: (summary) => {
      queryClient.setQueryData<InventorySummary[]>(inventoryKeys.summaries(), (list) =>
        list ? list.map((item) => (item.site_id === summary.site_id ? summary : item)) : [summary],
      );
      return queryClient.invalidateQueries({ queryKey: inventoryKeys.summaries() });
    },
  });
}
