import { publishResponseSchema, type PublishArticlesRequest, type PublishResponse } from '@abp/contracts';
import { api } from '../../../lib/api-client';
import { LONG_TIMEOUT_MS } from './query-keys';

export function publishArticles(projectId: number, body: PublishArticlesRequest): Promise<PublishResponse> {
  return api.post(`/api/seo/projects/${projectId}/publish-articles`, body, { schema: publishResponseSchema, timeoutMs: LONG_TIMEOUT_MS });
}
