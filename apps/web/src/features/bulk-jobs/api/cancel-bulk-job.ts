import { bulkJobCancelResponseSchema, type BulkJobCancelResponse } from '@abp/contracts';
import { api } from '../../../lib/api-client';

export function cancelBulkJob(jobId: string): Promise<BulkJobCancelResponse> {
  return api.delete(`/api/bulk-jobs/${encodeURIComponent(jobId)}`, { schema: bulkJobCancelResponseSchema });
}
