import { type PublishPagesRequest, type SeoPublishRun, seoPublishRunSchema } from '@abp/contracts';
import { api } from '../../../lib/api-client';

/** Starts a "Publish Pages" run (202); usePublish follows it. */
export function publishPages(projectId: number, body: PublishPagesRequest): Promise<SeoPublishRun> {
  return api.post(`/api/seo/projects/${projectId}/publish-pages`, body, { schema: seoPublishRunSchema });
}
