import { type PublishArticlesRequest, type SeoPublishRun, seoPublishRunSchema } from '@abp/contracts';
import { api } from '../../../lib/api-client';

/** Starts a "Publish Articles" run (202); usePublish follows it. */
export function publishArticles(projectId: number, body: PublishArticlesRequest): Promise<SeoPublishRun> {
  return api.post(`/api/seo/projects/${projectId}/publish-articles`, body, { schema: seoPublishRunSchema });
}
