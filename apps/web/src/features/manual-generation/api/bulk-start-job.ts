import { type BulkJobStarted, type BulkJobStartInput, bulkJobStartedSchema } from '@abp/contracts';
import { api, idempotency } from '../../../lib/api-client';

export function startBulkJob(body: BulkJobStartInput, idempotencyKey?: string): Promise<BulkJobStarted> {
  return api.post('/api/bulk-jobs/start', body, { schema: bulkJobStartedSchema, ...idempotency(idempotencyKey) });
}
