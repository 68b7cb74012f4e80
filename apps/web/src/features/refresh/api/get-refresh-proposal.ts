import { type RefreshProposal, refreshProposalSchema } from '@abp/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshKeys } from './query-keys';

/** GET /api/refresh/proposals/{id}: one proposal with its changes (and their outcomes once applied). */
export function getRefreshProposal(id: number, signal?: AbortSignal): Promise<RefreshProposal> {
  return api.get(`/api/refresh/proposals/${id}`, { signal, schema: refreshProposalSchema });
}

export function useRefreshProposal(id: number | null) {
  return useQuery({
    queryKey: refreshKeys.proposal(id ?? 0),
    queryFn: ({ signal }) => getRefreshProposal(id ?? 0, signal),
    enabled: id !== null,
  });
}
