import { type BulkJobRetryResponse, bulkJobRetryResponseSchema } from '@abp/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function retryBulkJob(jobId: string): Promise<BulkJobRetryResponse> {
  return api.post(`/api/bulk-jobs/${encodeURIComponent(jobId)}/retry`, undefined, {
    schema: bulkJobRetryResponseSchema,
  });
}

export function useRetryBulkJob() {
  return useMutation({ mutationFn: retryBulkJob });
}
