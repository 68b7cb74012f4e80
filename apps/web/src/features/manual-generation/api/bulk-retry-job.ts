import { useMutation } from '@tanstack/react-query';
import { bulkJobRetryResponseSchema, type BulkJobRetryResponse } from '@abp/contracts';
import { api } from '../../../lib/api-client';

export function retryBulkJob(jobId: string): Promise<BulkJobRetryResponse> {
  return api.post(`/api/bulk-jobs/${encodeURIComponent(jobId)}/retry`, undefined, { schema: bulkJobRetryResponseSchema });
}

export function useRetryBulkJob() {
  return useMutation({ mutationFn: retryBulkJob });
}
