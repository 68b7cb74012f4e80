import { type SeoPublishRun, seoPublishRunSchema } from '@abp/contracts';
import { api } from '../../../lib/api-client';

/** The run's items that did not reach the site go out again in a new run (202): its page follows. */
export function retryPublishRun(runId: number): Promise<SeoPublishRun> {
  return api.post(`/api/seo/publish-runs/${runId}/retry`, undefined, { schema: seoPublishRunSchema });
}
