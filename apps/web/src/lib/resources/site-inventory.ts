import {
  type InventorySummary,
  type InventoryTaxonomy,
  inventorySummaryListSchema,
  inventoryTaxonomySchema,
} from '@abp/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';

/**
 * What each site already has on WordPress. Read by the Sites screen and its content browser, and
 * (categories, authors) by the screens that choose them for new articles: one key per resource.
 */
export const inventoryKeys = {
  all: ['site-inventory'] as const,
  summaries: () => ['site-inventory', 'summaries'] as const,
  items: (siteId: number, query: Record<string, string | number>) =>
    ['site-inventory', siteId, 'items', query] as const,
  taxonomy: (siteId: number) => ['site-inventory', siteId, 'taxonomy'] as const,
};

/** A sync that has not ended yet: the screens poll while one runs. */
export const isSyncing = (summary: Pick<InventorySummary, 'state'> | undefined) =>
  summary?.state === 'queued' || summary?.state === 'running';

export function getInventorySummaries(signal?: AbortSignal): Promise<InventorySummary[]> {
  return api.get('/api/sites/inventory', { signal, schema: inventorySummaryListSchema });
}

export function useInventorySummaries() {
  return useQuery(
    queryOptions({
      queryKey: inventoryKeys.summaries(),
      queryFn: ({ signal }) => getInventorySummaries(signal),
      // Every second while a sync runs (its progress), not at all otherwise.
      refetchInterval: (query) => (query.state.data?.some(isSyncing) ? 1_000 : false),
    }),
  );
}

export function getInventoryTaxonomy(siteId: number, signal?: AbortSignal): Promise<InventoryTaxonomy> {
  return api.get(`/api/sites/${siteId}/inventory/taxonomy`, { signal, schema: inventoryTaxonomySchema });
}

export function useInventoryTaxonomy(siteId: number | null) {
  return useQuery({
    queryKey: inventoryKeys.taxonomy(siteId ?? 0),
    queryFn: ({ signal }) => getInventoryTaxonomy(siteId!, signal),
    enabled: siteId !== null,
  });
}
