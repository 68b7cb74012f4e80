import { bulkJobStatusResponseSchema, type BulkJob } from '@abp/contracts';
import { api } from '../../../lib/api-client';

/** Read by the tab's own poller (spec part 2: 1 s, then every 2 s, 5 s after an error, 600 at most). */
export async function getBulkJobStatus(jobId: string, signal?: AbortSignal): Promise<BulkJob> {
  const response = await api.get(`/api/bulk-jobs/${encodeURIComponent(jobId)}/status`, { signal, schema: bulkJobStatusResponseSchema });
  return response.job;
}
