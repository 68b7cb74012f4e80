import {
  type GenerateKeywordsRequest,
  type GenerateKeywordsResponse,
  generateKeywordsResponseSchema,
} from '@abp/contracts';
import { api } from '../../../lib/api-client';
import { LONG_TIMEOUT_MS } from './query-keys';

export function generateKeywords(body: GenerateKeywordsRequest): Promise<GenerateKeywordsResponse> {
  return api.post('/api/seo-suite/generate-keywords', body, {
    schema: generateKeywordsResponseSchema,
    timeoutMs: LONG_TIMEOUT_MS,
  });
}
