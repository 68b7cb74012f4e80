import { type LinkReport, linkReportSchema } from '@abp/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { inventoryKeys } from '../../../lib/resources/site-inventory';

/** Under the site's inventory key: a sync's invalidation of the inventory reads it again. */
export const linkReportKey = (siteId: number) => [...inventoryKeys.all, siteId, 'links'] as const;

export function getLinkReport(siteId: number, signal?: AbortSignal): Promise<LinkReport> {
  return api.get(`/api/sites/${siteId}/inventory/links`, { signal, schema: linkReportSchema });
}

export function useLinkReport(siteId: number, enabled: boolean) {
  return useQuery({
    queryKey: linkReportKey(siteId),
    queryFn: ({ signal }) => getLinkReport(siteId, signal),
    enabled,
  });
}
