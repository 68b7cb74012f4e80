import { useMutation } from '@tanstack/react-query';
import { bulkJobStartedSchema, type BulkJobStartInput, type BulkJobStarted } from '@abp/contracts';
import { api } from '../../../lib/api-client';

export function startBulkJob(body: BulkJobStartInput): Promise<BulkJobStarted> {
  return api.post('/api/bulk-jobs/start', body, { schema: bulkJobStartedSchema });
}

export function useStartBulkJob() {
  return useMutation({ mutationFn: startBulkJob });
}
