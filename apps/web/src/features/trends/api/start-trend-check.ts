import {
  TREND_CHECK_REFETCH_MS,
  type TrendCheckStarted,
  type TrendMonitorStatus,
  trendCheckStartedSchema,
} from '@abp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { trendKeys } from './query-keys';

/** POST /api/trends/check: 202 when a check was queued, 409 while one is queued or running. */
export function startTrendCheck(): Promise<TrendCheckStarted> {
  return api.post('/api/trends/check', undefined, { schema: trendCheckStartedSchema });
}

export function useStartTrendCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startTrendCheck,
    onSuccess: () => {
      // The check is queued: show it as running until the re-read (spec: 2 s after a check starts) says otherwise.
      queryClient.setQueryData<TrendMonitorStatus>(trendKeys.status(), (old) => ({
        isRunning: true,
        activeJobs: Math.max(1, old?.activeJobs ?? 0),
      }));
      window.setTimeout(() => void queryClient.invalidateQueries({ queryKey: trendKeys.all }), TREND_CHECK_REFETCH_MS);
    },
  });
}
