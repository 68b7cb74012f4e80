import {
  type GenerateArticlesBulkRequest,
  type GenerateArticlesBulkResponse,
  generateArticlesBulkResponseSchema,
} from '@abp/contracts';
import { api } from '../../../lib/api-client';

/** Queues the articles; they are written in the background. */
export function generateArticles(body: GenerateArticlesBulkRequest): Promise<GenerateArticlesBulkResponse> {
  return api.post('/api/seo-suite/generate-articles-bulk', body, { schema: generateArticlesBulkResponseSchema });
}
