import { type GeneratePagesResponse, type GenerateSitePagesRequest, generatePagesResponseSchema } from '@abp/contracts';
import { api } from '../../../lib/api-client';
import { LONG_TIMEOUT_MS } from './query-keys';

export function generateSitePages(body: GenerateSitePagesRequest): Promise<GeneratePagesResponse> {
  return api.post('/api/seo-suite/generate-site-pages', body, {
    schema: generatePagesResponseSchema,
    timeoutMs: LONG_TIMEOUT_MS,
  });
}
