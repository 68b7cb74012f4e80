import { bulkJobHistoryResponseSchema } from '@abp/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { bulkJobKeys } from '../../../lib/resources/bulk-jobs';

/** The latest bulk jobs with their results (issue #17 item 15); re-read when a followed job ends. */
export function useBulkJobHistory() {
  return useQuery({
    queryKey: bulkJobKeys.history,
    queryFn: async ({ signal }) =>
      (await api.get('/api/bulk-jobs', { signal, schema: bulkJobHistoryResponseSchema })).jobs,
  });
}
