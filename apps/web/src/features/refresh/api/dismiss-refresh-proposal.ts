import { type RefreshProposal, refreshProposalSchema } from '@abp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshKeys } from './query-keys';

/** POST /api/refresh/proposals/{id}/dismiss: declines a waiting proposal; WordPress is not touched. */
export function dismissRefreshProposal(id: number): Promise<RefreshProposal> {
  return api.post(`/api/refresh/proposals/${id}/dismiss`, undefined, { schema: refreshProposalSchema });
}

export function useDismissRefreshProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissRefreshProposal,
    onSuccess: (proposal) => {
      queryClient.setQueryData(refreshKeys.proposal(proposal.id), proposal);
      return queryClient.invalidateQueries({ queryKey: refreshKeys.all });
    },
  });
}
