import { type RefreshProposal, type RefreshProposeBody, refreshProposalSchema } from '@abp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshKeys } from './query-keys';

/** POST /api/refresh/proposals: proposes a refresh of one post (409 in the cooldown, while one waits, or nothing to change). */
export function proposeRefresh(body: RefreshProposeBody): Promise<RefreshProposal> {
  return api.post('/api/refresh/proposals', body, { schema: refreshProposalSchema });
}

export function useProposeRefresh() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: proposeRefresh,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: refreshKeys.all }),
  });
}
