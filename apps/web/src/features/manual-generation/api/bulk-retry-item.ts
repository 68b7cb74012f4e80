import { type BulkJobRetryResponse, bulkJobRetryResponseSchema } from '@abp/contracts';
import { api } from '../../../lib/api-client';

/** Retry one failed or unrun item of a finished job (the job page's row button). */
export function retryBulkJobItem(jobId: string, position: number): Promise<BulkJobRetryResponse> {
  return api.post(`/api/bulk-jobs/${encodeURIComponent(jobId)}/items/${position}/retry`, undefined, {
    schema: bulkJobRetryResponseSchema,
  });
}
