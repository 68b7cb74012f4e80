import { type BacklinkProposalList, backlinkProposalListSchema } from '@abp/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { linkReportKey } from './get-link-report';

export const orphanProposalsKey = (siteId: number) => [...linkReportKey(siteId), 'proposals'] as const;

export function getOrphanLinkProposals(siteId: number, signal?: AbortSignal): Promise<BacklinkProposalList> {
  return api.get(`/api/sites/${siteId}/link-proposals`, { signal, schema: backlinkProposalListSchema });
}

/** Links proposed between the site's existing posts (to its orphan posts), and what became of them. */
export function useOrphanLinkProposals(siteId: number, enabled: boolean) {
  return useQuery({
    queryKey: orphanProposalsKey(siteId),
    queryFn: ({ signal }) => getOrphanLinkProposals(siteId, signal),
    enabled,
  });
}
