import { type SeoPublishRun, seoPublishRunSchema } from '@abp/contracts';
import { api } from '../../../lib/api-client';

/** Stops an unfinished run after the item being pushed. */
export function cancelPublishRun(runId: number): Promise<SeoPublishRun> {
  return api.post(`/api/seo/publish-runs/${runId}/cancel`, undefined, { schema: seoPublishRunSchema });
}
