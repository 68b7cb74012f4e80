import { type OptimisationResponse, optimisationResponseSchema } from '@abp/contracts';
import { api } from '../../../lib/api-client';
import { LONG_TIMEOUT_MS } from './query-keys';

export function generateMetaDescriptions(projectId: number): Promise<OptimisationResponse> {
  return api.post(
    '/api/seo-suite/generate-meta-descriptions',
    { project_id: projectId },
    { schema: optimisationResponseSchema, timeoutMs: LONG_TIMEOUT_MS },
  );
}
