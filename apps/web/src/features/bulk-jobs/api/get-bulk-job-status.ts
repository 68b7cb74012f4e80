import { bulkJobStatusResponseSchema, type BulkJob } from '@abp/contracts';
import { api } from '../../../lib/api-client';

/** Read by the indicator's watcher every 5 seconds while a job runs. */
export async function getBulkJobStatus(jobId: string, signal?: AbortSignal): Promise<BulkJob> {
  const response = await api.get(`/api/bulk-jobs/${encodeURIComponent(jobId)}/status`, { signal, schema: bulkJobStatusResponseSchema });
  return response.job;
}
