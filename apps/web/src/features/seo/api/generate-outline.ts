import {
  type GenerateOutlineRequest,
  type GenerateOutlineResponse,
  generateOutlineResponseSchema,
} from '@abp/contracts';
import { api } from '../../../lib/api-client';
import { LONG_TIMEOUT_MS } from './query-keys';

export function generateOutline(body: GenerateOutlineRequest): Promise<GenerateOutlineResponse> {
  return api.post('/api/seo-suite/generate-outline', body, {
    schema: generateOutlineResponseSchema,
    timeoutMs: LONG_TIMEOUT_MS,
  });
}
