import { type LiveCheck, liveCheckSchema } from '@abp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { articleKeys, dashboardStatsKey } from './query-keys';

/** Checks now that the article's post is live on WordPress; the verdict is stored with the article. */
export function checkLive(id: number): Promise<LiveCheck> {
  return api.post(`/api/articles/${id}/live-check`, undefined, { schema: liveCheckSchema });
}

export function useCheckLive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkLive,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: articleKeys.all }),
        queryClient.invalidateQueries({ queryKey: dashboardStatsKey }),
      ]),
  });
}
