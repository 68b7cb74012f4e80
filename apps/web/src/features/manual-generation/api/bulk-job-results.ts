import { type BulkJobResultsResponse, bulkJobResultsResponseSchema } from '@abp/contracts';
import { api } from '../../../lib/api-client';

export type BulkJobWithResults = BulkJobResultsResponse['job'];

export async function getBulkJobResults(jobId: string, signal?: AbortSignal): Promise<BulkJobWithResults> {
  const response = await api.get(`/api/bulk-jobs/${encodeURIComponent(jobId)}/results`, {
    signal,
    schema: bulkJobResultsResponseSchema,
  });
  return response.job;
}
