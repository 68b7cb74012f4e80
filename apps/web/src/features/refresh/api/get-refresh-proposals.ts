import { type RefreshProposalList, refreshProposalListSchema } from '@abp/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type RefreshProposalListParams, refreshKeys } from './query-keys';

/** GET /api/refresh/proposals: proposals of all sites, one site or one post, one state or all. */
export function getRefreshProposals(
  params: RefreshProposalListParams,
  signal?: AbortSignal,
): Promise<RefreshProposalList> {
  const query: Record<string, string | number> = { limit: params.limit, offset: params.offset };
  if (params.site_id !== undefined) query.site_id = params.site_id;
  if (params.wp_id !== undefined) query.wp_id = params.wp_id;
  if (params.state) query.state = params.state;
  return api.get('/api/refresh/proposals', { query, signal, schema: refreshProposalListSchema });
}

export function useRefreshProposals(params: RefreshProposalListParams, enabled = true) {
  return useQuery({
    queryKey: refreshKeys.proposals(params),
    queryFn: ({ signal }) => getRefreshProposals(params, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
