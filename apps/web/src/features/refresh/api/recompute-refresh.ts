import { type RefreshRecomputeResult, refreshRecomputeResultSchema } from '@abp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshKeys } from './query-keys';

/** POST /api/refresh/recompute: scores one site again now; its link check is queued. */
export function recomputeRefresh(siteId: number): Promise<RefreshRecomputeResult> {
  return api.post('/api/refresh/recompute', { site_id: siteId }, { schema: refreshRecomputeResultSchema });
}

export function useRecomputeRefresh() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recomputeRefresh,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: refreshKeys.all }),
  });
}
