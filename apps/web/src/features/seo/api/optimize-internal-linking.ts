import { type OptimisationResponse, optimisationResponseSchema } from '@abp/contracts';
import { api } from '../../../lib/api-client';
import { LONG_TIMEOUT_MS } from './query-keys';

export function optimizeInternalLinking(projectId: number, maxLinks: number): Promise<OptimisationResponse> {
  return api.post(
    '/api/seo-suite/optimize-internal-linking',
    { project_id: projectId, max_links_per_article: maxLinks },
    { schema: optimisationResponseSchema, timeoutMs: LONG_TIMEOUT_MS },
  );
}
