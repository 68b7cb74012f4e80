import { type RefreshApplyBody, type RefreshProposal, refreshProposalSchema } from '@abp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshKeys } from './query-keys';

/**
 * POST /api/refresh/proposals/{id}/apply: the changes named (all without `change_ids`), merged with
 * what WordPress has now. The answer is the proposal: 'applied' with each change's outcome, or
 * 'refused' with its note.
 */
export function applyRefreshProposal({ id, ...body }: { id: number } & RefreshApplyBody): Promise<RefreshProposal> {
  return api.post(`/api/refresh/proposals/${id}/apply`, body, { schema: refreshProposalSchema });
}

export function useApplyRefreshProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyRefreshProposal,
    onSuccess: (proposal) => {
      queryClient.setQueryData(refreshKeys.proposal(proposal.id), proposal);
      return queryClient.invalidateQueries({ queryKey: refreshKeys.all });
    },
  });
}
