import { type BulkJobsClearStuckResponse, bulkJobsClearStuckResponseSchema } from '@abp/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function clearStuckBulkJobs(): Promise<BulkJobsClearStuckResponse> {
  return api.post('/api/bulk-jobs/clear-stuck', undefined, { schema: bulkJobsClearStuckResponseSchema });
}

export function useClearStuckBulkJobs() {
  return useMutation({ mutationFn: clearStuckBulkJobs });
}
