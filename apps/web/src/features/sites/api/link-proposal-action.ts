import { type BacklinkProposal, backlinkProposalSchema } from '@abp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { orphanProposalsKey } from './get-orphan-link-proposals';

export type LinkProposalAction = 'apply' | 'undo' | 'dismiss';

export function linkProposalAction(id: number, action: LinkProposalAction): Promise<BacklinkProposal> {
  return api.post(`/api/backlinks/${id}/${action}`, undefined, { schema: backlinkProposalSchema });
}

/** Adds the link on WordPress, undoes it, or dismisses the proposal (the backlinks' own flow). */
export function useLinkProposalAction(siteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: LinkProposalAction }) => linkProposalAction(id, action),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orphanProposalsKey(siteId) }),
  });
}
