import { type BacklinkProposalList, backlinkProposalListSchema } from '@abp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { orphanProposalsKey } from './get-orphan-link-proposals';

export function proposeOrphanLinks(siteId: number): Promise<BacklinkProposalList> {
  return api.post(`/api/sites/${siteId}/link-proposals`, undefined, { schema: backlinkProposalListSchema });
}

/** "Link orphan posts": looks for posts on each orphan's subject that could link to it. */
export function useProposeOrphanLinks(siteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => proposeOrphanLinks(siteId),
    onSuccess: (list) => queryClient.setQueryData(orphanProposalsKey(siteId), list),
  });
}
