import { type RescheduleResult, rescheduleResultSchema } from '@abp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { calendarQueryKey } from './get-calendar';

export function rescheduleArticle({ articleId, date }: { articleId: number; date: string }): Promise<RescheduleResult> {
  return api.post(`/api/calendar/articles/${articleId}/reschedule`, { date }, { schema: rescheduleResultSchema });
}

export function useRescheduleArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rescheduleArticle,
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarQueryKey }),
  });
}
