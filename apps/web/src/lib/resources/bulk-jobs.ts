import {
  BULK_MESSAGES,
  type BulkJob,
  type BulkJobCancelResponse,
  bulkJobCancelResponseSchema,
  bulkJobStatusResponseSchema,
} from '@abp/contracts';
import { api, isApiError } from '../api-client';

/**
 * A bulk job's status is read by two features: the Bulk Generation tab and the top bar's
 * indicator. One fetch and one key: both follow the same cached status.
 */
export const bulkJobKeys = {
  all: ['bulk-jobs'] as const,
  status: (jobId: string) => ['bulk-jobs', jobId, 'status'] as const,
  results: (jobId: string) => ['bulk-jobs', jobId, 'results'] as const,
  history: ['bulk-jobs', 'history'] as const,
};

export async function getBulkJobStatus(jobId: string, signal?: AbortSignal): Promise<BulkJob> {
  const response = await api.get(`/api/bulk-jobs/${encodeURIComponent(jobId)}/status`, {
    signal,
    schema: bulkJobStatusResponseSchema,
  });
  return response.job;
}

export function cancelBulkJob(jobId: string): Promise<BulkJobCancelResponse> {
  return api.delete(`/api/bulk-jobs/${encodeURIComponent(jobId)}`, { schema: bulkJobCancelResponseSchema });
}

/** The server no longer knows the job (a 404, or the spec's 'Job not found'). */
export const isLostBulkJob = (error: unknown): boolean =>
  isApiError(error) && (error.status === 404 || error.message === BULK_MESSAGES.jobNotFound);
