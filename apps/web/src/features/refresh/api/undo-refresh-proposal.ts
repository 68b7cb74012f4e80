import { type RefreshProposal, refreshProposalSchema } from '@abp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshKeys } from './query-keys';

/** POST /api/refresh/proposals/{id}/undo: puts the exact old content back (409 when the post was edited since). */
export function undoRefreshProposal(id: number): Promise<RefreshProposal> {
  return api.post(`/api/refresh/proposals/${id}/undo`, undefined, { schema: refreshProposalSchema });
}

export function useUndoRefreshProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: undoRefreshProposal,
    onSuccess: (proposal) => {
      queryClient.setQueryData(refreshKeys.proposal(proposal.id), proposal);
    },
    // A declined undo may have changed the proposal too (its note, can_undo): read it again either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: refreshKeys.all }),
  });
}
