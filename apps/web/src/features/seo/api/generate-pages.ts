import { type GeneratePagesResponse, generatePagesResponseSchema } from '@abp/contracts';
import { api } from '../../../lib/api-client';
import { LONG_TIMEOUT_MS } from './query-keys';

export function generatePages(projectId: number): Promise<GeneratePagesResponse> {
  return api.post(
    `/api/seo/projects/${projectId}/generate-pages`,
    { includeOptional: false },
    { schema: generatePagesResponseSchema, timeoutMs: LONG_TIMEOUT_MS },
  );
}
