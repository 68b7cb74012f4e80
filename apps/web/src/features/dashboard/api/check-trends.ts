import { type TrendCheckStarted, trendCheckStartedSchema } from '@abp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Spec part 1 §9: the dashboard reloads 1 s after a check is started. */
export const RELOAD_AFTER_CHECK_MS = 1000;

/** POST /api/trends/check: 202 when a check was queued, 409 while one is queued or running. */
export function checkTrends(): Promise<TrendCheckStarted> {
  return api.post('/api/trends/check', undefined, { schema: trendCheckStartedSchema });
}

export function useCheckTrends() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkTrends,
    onSuccess: () => {
      window.setTimeout(() => void queryClient.invalidateQueries({ queryKey: ['dashboard'] }), RELOAD_AFTER_CHECK_MS);
    },
  });
}
