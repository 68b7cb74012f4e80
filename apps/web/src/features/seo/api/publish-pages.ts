import { publishResponseSchema, type PublishPagesRequest, type PublishResponse } from '@abp/contracts';
import { api } from '../../../lib/api-client';
import { LONG_TIMEOUT_MS } from './query-keys';

export function publishPages(projectId: number, body: PublishPagesRequest): Promise<PublishResponse> {
  return api.post(`/api/seo/projects/${projectId}/publish-pages`, body, { schema: publishResponseSchema, timeoutMs: LONG_TIMEOUT_MS });
}
